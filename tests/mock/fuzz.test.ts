// Fuzzing the mock's input parsers in process (the core, as the server and MSW both call it): every
// generated multipart body, JSON body, query string, Prefer/Authorization/Accept/Content-Type
// header, path and control-plane body is answered in the envelope (never a 5xx) within a time budget
// that a parser growing faster than linearly cannot meet. A fixed case count keeps `npm test` short;
// `npm run bench:fuzz` runs the same properties with many more cases.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockCore, type MockCore } from '../../mock/core.js';
import {
  answeredWell,
  controlRequests,
  headerRequests,
  jsonRequests,
  multipartRequests,
  pathRequests,
  queryRequests,
  repeatedPartRequests,
  wideAndDeepJsonRequests,
} from './fuzz-properties.js';

const RUNS = 150;
let api: MockCore;
let control: MockCore;
const errors: unknown[] = [];
const consoleError = console.error;

beforeAll(async () => {
  // A fault of the mock is logged with console.error before its 500: kept, and shown by the failing check.
  console.error = (...args: unknown[]) => errors.push(args);
  const env = { MOCK_QUIET: '1', MOCK_STEP_MS: '40' };
  [api, control] = await Promise.all([createMockCore({ env, log: () => {} }), createMockCore({ env, log: () => {} })]);
});

afterAll(() => {
  console.error = consoleError;
});

async function holds(
  arbitrary: fc.Arbitrary<Parameters<MockCore['answer']>[0]>,
  core: () => MockCore,
  after?: () => Promise<unknown>,
  runs = RUNS,
) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      await answeredWell((r) => core().answer(r), request);
      await after?.();
    }),
    // A slow input is a failure already: shrinking 64 KB inputs that each take seconds would take minutes.
    { numRuns: runs, endOnFailure: true, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
  );
  expect(errors).toEqual([]);
}

describe('the mock answers every generated input in the envelope, in time linear in its size', () => {
  it('multipart bodies (odd and very long part headers, missing delimiters)', async () => {
    await holds(multipartRequests(), () => api);
  });

  it('multipart bodies with thousands of parts under one name', async () => {
    await holds(repeatedPartRequests(), () => api);
  });

  it('JSON bodies (valid, invalid, deep, long strings and runs)', async () => {
    await holds(jsonRequests(), () => api);
  });

  it('JSON bodies thousands of keys wide or levels deep, to /v2 and /__mock', async () => {
    // Fewer cases: each body is up to a few MB (the structure limits refuse them unparsed).
    await holds(wideAndDeepJsonRequests(), () => api, undefined, 30);
  });

  it('query strings', async () => {
    await holds(queryRequests(), () => api);
  });

  it('Prefer, Authorization, Accept and Content-Type headers', async () => {
    await holds(headerRequests(), () => api);
  });

  it('path segments under the API and the control plane', async () => {
    await holds(pathRequests(), () => api);
  });

  it('control-plane bodies (reserved keys, non-finite numbers, long runs)', async () => {
    // Faults it adds are cleared after each input, so none lingers into another test.
    const clear = () => control.answer({ method: 'DELETE', url: '/__mock/faults', headers: {}, body: '' });
    await holds(controlRequests(), () => control, clear);
  });
});
