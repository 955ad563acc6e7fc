// The docs' code samples as a reader uses them: a project in an empty folder outside the repository
// installs the packed client tarball (the package the samples import) and type-checks every
// TypeScript sample there; then every sample of every language (curl through bash, TypeScript
// compiled in that project and run with node, Python in the project's venv with requests) runs
// against one mock, concurrently, exactly as the docs print it: the environment gives it the token,
// the base URL (API_BASE_URL) and the ids each sample names (FACELESS_ID, ...), nothing is
// substituted in its text. It must get the status the docs show for it, print the charge of a
// charging call, and reach a terminal success state for a call that starts a state machine. The ids
// are real ones, made per sample by the same seeding the conformance runner uses, then arranged as
// the contract's links and preconditions say a reader would have done. Then each sample runs again
// as a reader gets it wrong: with a token without credits (`mock-broke`) on a charging call and with
// an id that names nothing; it must exit non-zero within seconds and show the status.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SUCH_ID, seed } from '../../qa/conformance/seed.js';
import { ContractModel, fillPath, type Link, type ContractOperation, readPointer, type Response } from '../../lib/contract/index.js';
import { ensureVenv, venvBin } from '../../qa/conformance/venv.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { CLIENT_PACKAGE_NAME } from '../../scripts/lib/project.js';
import { codeSamples, type CodeSample, sampleContext } from '../../scripts/docs/code-samples.js';
import { samplePlan, sampleRequest } from '../../scripts/docs/sample-plan.js';
import { sampleInputs } from '../../scripts/docs/sample-inputs.js';
import { stateMachines } from '../../scripts/docs/state-diagrams.js';
import { type Consumer, exec, ROOT, sharedConsumer } from '../support/consumer.js';

const bundle = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));
const docsCtx = sampleContext(bundle, CLIENT_PACKAGE_NAME);
const ops = ContractModel.of(bundle).operations();
const LANGS = ['curl', 'TypeScript client', 'Python'] as const;
type Lang = (typeof LANGS)[number];

let consumer: Consumer;
let mock: RunningMock;
let python: string;
interface Run {
  output: string;
  code: number;
  ms: number;
}
const results = new Map<string, Run>();
let runMs = 0;
let prepareMs = 0;

/** Files the upload samples open (small files with the right magic bytes). */
function writeUploadFiles(dir: string): void {
  writeFileSync(path.join(dir, 'sample-1.mp3'), new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb]));
  writeFileSync(path.join(dir, 'photo.jpg'), readFileSync(path.join(ROOT, 'tests', 'fixtures', 'photo.jpg')));
  writeFileSync(path.join(dir, 'clip.mp4'), new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]));
  writeFileSync(path.join(dir, 'file.bin'), new Uint8Array([1, 2, 3]));
}

/** Runs `tasks` with at most `limit` at once. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}

const sampleOf = (samples: CodeSample[], lang: Lang) => samples.find((s) => s.label === lang)!.source;

/** Path ids for one operation, seeded for `token`; a DELETE's own resource when seeding could make none. */
async function seededIds(o: ContractOperation, token: string): Promise<Record<string, unknown>> {
  const seeded = await seed({ baseUrl: mock.url, token, allowCharges: true, operationIds: new Set([o.id]) });
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(seeded.parameters.get(o.id) ?? {})) {
    const name = key.replace(/^path\./, '');
    const collection = o.path.slice(0, o.path.indexOf(`/{${name}}`));
    const v = raw === NO_SUCH_ID ? seeded.ids.get(collection) : raw;
    values[name] = v !== undefined && /^\d+$/.test(v) ? Number(v) : v;
  }
  return values;
}

const shape = (route: string) => route.replace(/\{\w+\}/g, '{}');

async function send(o: ContractOperation, token: string, ctx: { pathValues: Record<string, unknown> }): Promise<unknown> {
  const req = sampleRequest(bundle, o, { ...docsCtx, ...ctx });
  const response = await fetch(`${mock.url}${fillPath(o.path, (n) => req.path[n]).path}`, {
    method: o.method.toUpperCase(),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: o.method === 'get' ? undefined : JSON.stringify(req.body ?? {}),
  });
  return response.json().catch(() => undefined);
}

/**
 * What a reader has done before calling, read from the contract: the resource is configured with
 * the contract's examples (its PUT and PATCH operations, for an operation with render
 * preconditions), it is in the state the operation's transition starts from (a retry needs a failed
 * render), and a body value an OpenAPI link takes from an earlier answer is taken from it (a
 * character is trained with a preview the preview call returned). Returns those body values.
 */
async function arrange(o: ContractOperation, token: string, pathValues: Record<string, unknown>): Promise<Record<string, unknown>> {
  const resource = o.path.replace(/\/[^/{]+$/, '');
  const id = Object.values(pathValues).at(-1);
  if (o.operation['x-render-preconditions']) {
    // Its settings (PUT, PATCH), then its other actions (POST: the scrapes a url-based render needs).
    const on = (x: ContractOperation) => x.id !== o.id && shape(x.path).startsWith(shape(resource)) && x.path.split('{').length === 2;
    const siblings = [
      ...ops.filter((x) => on(x) && ['put', 'patch'].includes(x.method)),
      ...ops.filter((x) => on(x) && x.method === 'post'),
    ];

    for (const sibling of siblings) await send(sibling, token, { pathValues: { [/\{(\w+)\}/.exec(sibling.path)![1]]: id } });
  }
  for (const { machine } of stateMachines(bundle).filter((m) => m.machine.terminal.length && resource.includes('{'))) {
    const from = machine.transitions.find((t) => t.operationIds?.includes(o.id) && t.from)?.from;
    if (from) await mock.control.force(token, fillPath(resource, (n) => pathValues[n]).path, from);
  }
  const bodyValues: Record<string, unknown> = {};
  for (const earlier of ops) {
    for (const ref of Object.values(earlier.operation.responses)) {
      const response = ContractModel.of(bundle).deref<Response>(ref);
      for (const link of Object.values(response.links ?? {}).map((l) => ContractModel.of(bundle).deref<Link>(l))) {
        if (link.operationId !== o.id || !link.requestBody || typeof link.requestBody !== 'object') continue;
        const answer = await send(earlier, token, { pathValues });
        for (const [field, expression] of Object.entries(link.requestBody as Record<string, unknown>)) {
          const m = typeof expression === 'string' ? /^\$response\.body#(\/.*)$/.exec(expression) : null;
          bodyValues[field] = m ? readPointer(answer, m[1]) : expression;
        }
      }
    }
  }
  return bodyValues;
}

type Env = Record<string, string>;

/** The environment a reader sets for one operation's samples: token, base URL, and the ids the samples name. */
async function readerEnv(o: ContractOperation, token: string): Promise<Env> {
  const pathValues = await seededIds(o, token);
  const bodyValues = await arrange(o, token, pathValues);
  const env: Env = { API_TOKEN: token, API_BASE_URL: mock.url };
  for (const input of sampleInputs(bundle, o)) env[input.env] = String((input.where === 'path' ? pathValues : bodyValues)[input.name]);
  return env;
}

/** The same environment with every id naming nothing (a body value stays a plausible one). */
function unknownIds(o: ContractOperation, token: string): Env {
  const env: Env = { API_TOKEN: token, API_BASE_URL: mock.url };
  for (const input of sampleInputs(bundle, o)) env[input.env] = input.where === 'path' ? NO_SUCH_ID : '1';
  return env;
}

async function runOne(dir: string, command: string, args: string[], env: Env): Promise<Run> {
  const started = performance.now();
  const done = await exec(command, args, { cwd: dir, env: { ...process.env, ...env }, timeout: 60_000 }).catch((e) => e);
  return {
    output: `${done.stdout ?? ''}${done.stderr ?? ''}`,
    code: typeof done.code === 'number' ? done.code : done.killed ? -1 : 0,
    ms: performance.now() - started,
  };
}

beforeAll(async () => {
  consumer = sharedConsumer('samples');
  python = (await ensureVenv(() => {})) && venvBin('python');
  mock = await startMock({ port: 0, stepMs: 1, log: () => {} });
}, 600_000);

afterAll(async () => {
  await mock?.close();
  consumer?.remove();
});

describe('docs samples in a consumer project', () => {
  it('every TypeScript sample imports the published client and type-checks against the packed tarball', async () => {
    const dir = path.join(consumer.dir, 'check');
    mkdirSync(dir, { recursive: true });
    const files = ops.map((o) => {
      const file = path.join(dir, `${o.id}.mts`);
      writeFileSync(file, `${sampleOf(codeSamples(bundle, o, docsCtx), 'TypeScript client')}\nexport {};\n`);
      return file;
    });
    for (const o of ops) expect(readFileSync(path.join(dir, `${o.id}.mts`), 'utf8')).toContain(`from '${CLIENT_PACKAGE_NAME}';`);
    const options = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: ['node'] };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files }));
    const result = await exec(consumer.bin('tsc'), ['-p', dir], { cwd: consumer.dir }).catch((e) => e);
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  }, 120_000);

  it('the samples in the Markdown pages are the x-codeSamples, and none holds an example id', () => {
    for (const o of ops) {
      const page = readFileSync(path.join(ROOT, 'generated', 'docs', 'md', `${o.id}.md`), 'utf8');
      for (const s of codeSamples(bundle, o, docsCtx)) {
        expect(page, `${o.id} ${s.label}`).toContain(s.source);
        expect(s.source, `${o.id} ${s.label}`).not.toMatch(/\b4821\b/);
      }
    }
  });
});

/** A call that charges on every success (not one that charges only sometimes, like a voice clone beyond the free slots). */
const chargesAlways = (o: ContractOperation) =>
  !!o.operation['x-credits']?.charges && !/only when/i.test(o.operation['x-credits']?.note ?? '');

const EXT = { curl: 'sh', 'TypeScript client': 'mts', Python: 'py' } as const;

/** Writes every sample as the docs print it (TypeScript also transpiled), each in a folder of its own with the files it uploads. */
function writeSamples(dir: string): void {
  for (const o of ops) {
    for (const lang of LANGS) {
      const source = sampleOf(codeSamples(bundle, o, docsCtx), lang);
      const file = path.join(dir, `${o.id}.${EXT[lang]}`);
      writeFileSync(file, `${source}\n`);
      if (lang === 'TypeScript client') {
        const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } });
        writeFileSync(file.replace(/\.mts$/, '.mjs'), js.outputText);
      }
    }
  }
}

/** The command that runs one sample file, as a reader would. */
function commandFor(dir: string, o: ContractOperation, lang: Lang): [string, string[]] {
  const file = path.join(dir, `${o.id}.${EXT[lang]}`);
  if (lang === 'curl') return ['bash', [file]];
  if (lang === 'Python') return [python, [file]];
  return [process.execPath, [file.replace(/\.mts$/, '.mjs')]];
}

interface Job {
  key: string;
  o: ContractOperation;
  lang: Lang;
  env: () => Promise<Env>;
}

/** Runs every job's sample in a fresh folder of its own (curl writes answer.json there). */
async function runJobs(dir: string, jobs: Job[]): Promise<void> {
  const started = performance.now();
  const envs = await pool(
    jobs.map((j) => () => j.env()),
    8,
  );
  prepareMs = performance.now() - started;
  await pool(
    jobs.map((j, i) => async () => {
      const cwd = path.join(dir, `run-${i}`);
      mkdirSync(cwd);
      writeUploadFiles(cwd);
      const [command, args] = commandFor(dir, j.o, j.lang);
      results.set(j.key, await runOne(cwd, command, args, envs[i]));
    }),
    12,
  );
}

/** Runs every sample of every language: as the docs mean it, with a token without credits, with an unknown id. */
async function runAll(): Promise<void> {
  if (results.size) return;
  const started = performance.now();
  const dir = path.join(consumer.dir, 'run');
  mkdirSync(dir, { recursive: true });
  writeSamples(dir);
  const jobs: Job[] = [];
  for (const [i, o] of ops.entries()) {
    for (const [j, lang] of LANGS.entries()) {
      const token = `samples-${i * 3 + j}-${lang.split(' ')[0].toLowerCase()}`;
      jobs.push({ key: `${o.id} ${lang}`, o, lang, env: () => readerEnv(o, token) });
      if (chargesAlways(o)) jobs.push({ key: `${o.id} ${lang} broke`, o, lang, env: () => readerEnv(o, 'mock-broke') });
      if (sampleInputs(bundle, o).some((x) => x.where === 'path'))
        jobs.push({ key: `${o.id} ${lang} unknown`, o, lang, env: async () => unknownIds(o, `${token}-unknown`) });
    }
  }
  await runJobs(dir, jobs);
  runMs = performance.now() - started;
}

/** What went wrong with one operation's sample in one language, if anything. */
function judge(o: ContractOperation, lang: Lang): string | undefined {
  const plan = samplePlan(bundle, o, docsCtx);
  const r = results.get(`${o.id} ${lang}`)!;
  const status = (lang === 'curl' ? /^HTTP (\d{3})$/m : /^(\d{3}) /m).exec(r.output)?.[1];
  const expected = /^\d{3}$/.test(plan.status) ? status === plan.status : /^2\d\d$/.test(status ?? '');
  if (!expected || r.code !== 0)
    return `${o.id} ${lang}: status ${status} (docs: ${plan.status}), exit ${r.code}\n${r.output.slice(0, 600)}`;
  if (plan.creditsAt && !/^credits charged: \S+/m.test(r.output)) return `${o.id} ${lang}: no charge printed`;
  if (plan.poll && !plan.pollsItself) {
    const states = [...r.output.matchAll(/^status: (\S+)$/gm)].map((m) => m[1]);
    if (!plan.poll.success.includes(states.at(-1) ?? '')) return `${o.id} ${lang}: polled ${states.join(' → ') || 'nothing'}`;
  }
  return undefined;
}

/** A run that had to fail: non-zero, within seconds, and showing the 4xx status it got (undefined when it did). */
function judgeFailure(key: string): string | undefined {
  const r = results.get(key);
  if (!r) return `${key}: did not run`;
  if (r.code === 0 || r.ms > 15_000 || !/\b4\d\d\b/.test(r.output))
    return `${key}: exit ${r.code} after ${Math.round(r.ms)} ms\n${r.output.slice(0, 400)}`;
  return undefined;
}

describe('docs samples against the mock, run as printed', () => {
  for (const lang of LANGS) {
    it(`every ${lang} sample gets the status the docs show, prints the charge, and polls to success`, async () => {
      await runAll();
      const problems = ops.map((o) => judge(o, lang)).filter(Boolean);
      const ms = ops.map((o) => results.get(`${o.id} ${lang}`)!.ms);
      console.log(
        `samples: ${lang}: ${ops.length} run, slowest ${Math.round(Math.max(...ms))} ms; all runs ${Math.round(runMs)} ms (seeding ${Math.round(prepareMs)} ms)`,
      );
      expect(problems).toEqual([]);
    }, 900_000);

    it(`every ${lang} sample exits non-zero within seconds, showing the status, on a token without credits and on an unknown id`, async () => {
      await runAll();
      const broke = ops.filter(chargesAlways);
      const unknown = ops.filter((o) => sampleInputs(bundle, o).some((x) => x.where === 'path'));
      expect(broke.length).toBeGreaterThan(0);
      expect(unknown.length).toBeGreaterThan(0);
      const problems = [
        ...broke.map((o) => judgeFailure(`${o.id} ${lang} broke`)),
        ...unknown.map((o) => judgeFailure(`${o.id} ${lang} unknown`)),
      ].filter(Boolean);
      expect(problems).toEqual([]);
      // Most charging calls meet the empty account (a render may first miss a script the account could not pay for).
      const paid = broke.filter((o) => /\b402\b/.test(results.get(`${o.id} ${lang} broke`)?.output ?? ''));
      expect(paid.length).toBeGreaterThan(broke.length / 2);
      expect(unknown.filter((o) => /\b404\b/.test(results.get(`${o.id} ${lang} unknown`)?.output ?? ''))).toEqual(unknown);
    }, 900_000);
  }
});
