// The soak's big-text case (npm run bench:soak -- --case big-scripts): clients store a 2 MB script
// on drafts over 4 tokens, as fast as the mock takes them, for `seconds`. Without a byte budget the
// mock grew from 148 MB to 1,651 MB RSS in 25 s with nothing evicted; with MOCK_MAX_STATE_BYTES
// (default 128 MiB) it evicts and RSS stays flat. Samples RSS every second; `write` puts the figures
// into mock/bench-results.md (section "Big texts under the byte budget").
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMockProcess } from '../../mock/launch.js';

const RESULTS = fileURLToPath(new URL('../../mock/bench-results.md', import.meta.url));
const HEADING = '## Big texts under the byte budget';
const SCRIPT = 'Owls at night. '.repeat(Math.ceil(2_000_000 / 15)).slice(0, 2_000_000);
const TOKENS = ['big-1', 'big-2', 'big-3', 'big-4'];

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}

/** One client: create a draft, store the 2 MB script on it, again, until `until`; counts failures. */
async function writer(base: string, token: string, until: number, tally: { patches: number; errors: string[] }) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ script: SCRIPT, voice_id: 17 });
  while (Date.now() < until) {
    const created = await fetch(`${base}/faceless`, { method: 'POST', headers, body: '{"type":"b-roll"}' });
    const id = (await created.json())?.data?.id;
    const patched = await fetch(`${base}/faceless/${id}`, { method: 'PATCH', headers, body });
    await patched.arrayBuffer();
    if (patched.status === 200) tally.patches++;
    else tally.errors.push(`PATCH /faceless/${id} -> ${patched.status}`);
  }
}

export async function bigScriptsSoak(options: { seconds: number; write: boolean }): Promise<void> {
  const mock = await startMockProcess({ MOCK_QUIET: '1' });
  const control = mock.baseUrl.replace(/\/v2$/, '');
  const started = Date.now();
  const samples: Array<{ second: number; rssMb: number }> = [];
  const sample = () => samples.push({ second: Math.round((Date.now() - started) / 1000), rssMb: rssMb(mock.pid) });
  sample();
  const sampler = setInterval(sample, 1000);
  const tally = { patches: 0, errors: [] as string[] };
  try {
    const until = started + options.seconds * 1000;
    await Promise.all(TOKENS.map((token) => writer(mock.baseUrl, token, until, tally)));
    sample();
    const list = await (await fetch(`${control}/__mock/accounts`)).json();
    // Flat: the end against the highest sample of the second half (a climb would end at its top).
    const secondHalf = samples.filter((s) => s.second >= options.seconds / 2);
    const report = {
      seconds: options.seconds,
      patches: tally.patches,
      scriptMb: SCRIPT.length / 1e6,
      errors: tally.errors.length,
      firstErrors: tally.errors.slice(0, 3),
      rssMb: {
        start: samples[0].rssMb,
        max: Math.max(...samples.map((s) => s.rssMb)),
        end: samples.at(-1)!.rssMb,
        secondHalfMin: Math.min(...secondHalf.map((s) => s.rssMb)),
        firstHalfMax: Math.max(...samples.filter((s) => s.second < options.seconds / 2).map((s) => s.rssMb)),
        secondHalfMax: Math.max(...secondHalf.map((s) => s.rssMb)),
      },
      state: list.state,
      evicted: list.evicted,
      rssSamples: samples,
      node: process.version,
    };
    if (options.write) writeSection(report);
    console.log(JSON.stringify(report));
  } finally {
    clearInterval(sampler);
    await mock.stop();
  }
}

function writeSection(report: any): void {
  const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
  const section = `${HEADING}

\`npm run bench:soak -- --case big-scripts --seconds ${report.seconds} --write\` on ${new Date().toISOString().slice(0, 10)} (Node ${report.node}, 2 cores):
4 clients, one token each, create a draft and store a ${report.scriptMb} MB script on it, again and again, for ${report.seconds} s,
with the default MOCK_MAX_STATE_BYTES. Before the byte budget, 329 such PATCHes in 25 s took the mock from 148 MB to
1,651 MB RSS with nothing evicted.

| figure | value |
| --- | --- |
| PATCHes with a ${report.scriptMb} MB script answered 200 | ${report.patches} |
| errors | ${report.errors} |
| stored state at the end / budget | ${mb(report.state.bytes)} / ${mb(report.state.maxBytes)} MiB |
| evicted (resources / accounts) | ${report.evicted.resources} / ${report.evicted.accounts} |
| RSS at start / highest / lowest in the second half / at end | ${report.rssMb.start} / ${report.rssMb.max} / ${report.rssMb.secondHalfMin} / ${report.rssMb.end} MB |
| highest RSS in the first half / in the second half | ${report.rssMb.firstHalfMax} / ${report.rssMb.secondHalfMax} MB: ${report.rssMb.secondHalfMax <= report.rssMb.firstHalfMax * 1.1 ? 'flat (no climb beyond 10%)' : '**climbing**'} |

RSS rises and falls with garbage collection (each PATCH leaves copies of its 2 MB body behind until the
next collection); what is kept stays within the budget.

RSS over time (s: MB): ${report.rssSamples.map((s: { second: number; rssMb: number }) => `${s.second}: ${s.rssMb}`).join(', ')}.
`;
  const current = readFileSync(RESULTS, 'utf8');
  const start = current.indexOf(HEADING);
  const end = start < 0 ? -1 : current.indexOf('\n## ', start + 1);
  const next =
    start < 0 ? `${current.trimEnd()}\n\n${section}` : `${current.slice(0, start)}${section}${end < 0 ? '' : current.slice(end + 1)}`;
  writeFileSync(RESULTS, next);
  console.error('soak: wrote mock/bench-results.md (big texts)');
}
