// npm run bench:fuzz — the fuzz properties of tests/mock/fuzz.test.ts with many more cases, in
// process (the mock's core), and the time each input took.
//   --runs N   cases per family (default 2000)
//   --seed N   fast-check's seed (default: from the clock, printed)
// Fails (exit 1) on the first input answered outside the envelope, with a 5xx, or over the time
// budget three times in a row; prints per family the cases run and the slowest and p99 times.
// Not a test: the long run belongs here, `npm test` runs a fixed small count.
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { createMockCore, type CoreRequest, type MockCore } from '../../mock/core.js';
import {
  answeredWell,
  controlRequests,
  headerRequests,
  jsonRequests,
  multipartRequests,
  pathRequests,
  queryRequests,
  repeatedPartRequests,
} from '../../tests/mock/fuzz-properties.js';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '2000' }, seed: { type: 'string' } } });
const RUNS = Number(args.runs);
const SEED = Number(args.seed ?? Date.now() % 2 ** 31);

const FAMILIES: Array<[string, () => fc.Arbitrary<CoreRequest>]> = [
  ['multipart', multipartRequests],
  ['repeated parts', repeatedPartRequests],
  ['json', jsonRequests],
  ['query', queryRequests],
  ['headers', headerRequests],
  ['paths', pathRequests],
  ['control', controlRequests],
];

async function family(name: string, arbitrary: fc.Arbitrary<CoreRequest>, core: MockCore) {
  const times: number[] = [];
  const send = async (request: CoreRequest) => {
    const started = performance.now();
    const reply = await core.answer(request);
    times.push(performance.now() - started);
    return reply;
  };
  const after = name === 'control' ? () => core.answer({ method: 'DELETE', url: '/__mock/faults', headers: {}, body: '' }) : undefined;
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      await answeredWell(send, request);
      await after?.();
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: true },
  );
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    family: name,
    cases: RUNS,
    p50Ms: round(times[Math.floor(times.length / 2)]),
    p99Ms: round(times[Math.floor(times.length * 0.99)]),
    maxMs: round(times.at(-1)!),
  };
}

console.error = () => {}; // a fault is reported by the failing property itself
const results = [];
for (const [name, make] of FAMILIES) {
  // One world per family, so faults or a stopped clock from the control family reach nothing else.
  const core = await createMockCore({ env: { MOCK_QUIET: '1', MOCK_STEP_MS: '40' }, log: () => {} });
  const result = await family(name, make(), core);
  console.log(`${name}: ${result.cases} cases, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, slowest ${result.maxMs} ms`);
  results.push(result);
}
console.log(JSON.stringify({ seed: SEED, results }));
