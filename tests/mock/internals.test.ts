// The parts of the mock that are awkward to reach over a normal HTTP session: the staleness check
// behind `npm start`, and what happens when the mock itself breaks.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStale, STALE_CHECKED, staleReason } from '../../mock/build-if-stale.js';
import { BUILD_INPUTS_FILE, recordText, workTreeInputs } from '../../scripts/lib/build-inputs.js';
import { mockContract } from '../../mock/contract.js';
import { copyJson } from '../../mock/copy-json.js';
import { createPrism } from '../../mock/prism.js';
import { createMock } from '../../mock/server.js';
import type { Example } from '../../lib/contract/index.js';
import { call, expectConforms, spec } from '../support/mock-harness.js';
import { testTempDir } from '../support/temp-dirs.js';

describe('npm start builds only what is stale', () => {
  // A folder outside any git work tree: the inputs are the files under the input roots.
  function tree() {
    const root = testTempDir('mock-stale-');
    mkdirSync(path.join(root, 'openapi/paths'), { recursive: true });
    mkdirSync(path.join(root, 'generated'));
    writeFileSync(path.join(root, 'openapi/paths/me.yaml'), 'get: {}\n');
    for (const file of STALE_CHECKED) writeFileSync(path.join(root, 'generated', file), '');
    writeFileSync(path.join(root, BUILD_INPUTS_FILE), recordText(workTreeInputs(root)));
    return root;
  }
  const touch = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

  it('fresh when the recorded hash is the hash of the inputs, whatever the mtimes (a fresh clone)', () => {
    const root = tree();
    for (const file of STALE_CHECKED) touch(path.join(root, 'generated', file), 1_000);
    touch(path.join(root, 'openapi/paths/me.yaml'), 3_000); // newer than every output: content decides
    expect([isStale(root), staleReason(root)]).toEqual([false, undefined]);
  });

  it('stale when a nested contract file changed (its mtime kept), or the record or a generated file is missing', () => {
    const root = tree();
    const contract = path.join(root, 'openapi/paths/me.yaml');
    touch(contract, 1_000);
    writeFileSync(contract, 'get: { summary: changed }\n');
    touch(contract, 1_000);
    const noRecord = tree();
    rmSync(path.join(noRecord, BUILD_INPUTS_FILE));
    const noOutput = tree();
    rmSync(path.join(noOutput, 'generated/contract.ts'));
    expect([staleReason(root), staleReason(noRecord), staleReason(noOutput), isStale(root)]).toEqual([
      'changed since the last build: openapi',
      'generated/build-inputs.json missing',
      'generated/contract.ts missing',
      true,
    ]);
  });
});

describe('an unexpected fault', () => {
  it('answers 500 GEN-API-ERROR in the envelope, is logged, and the mock keeps serving', async () => {
    // A contract whose profile example lost its data makes GET /me throw inside the mock.
    const broken = structuredClone(spec);
    const profile = broken.components?.examples?.AccountProfile as Example & { value: { data?: unknown } };
    delete profile.value.data;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    const mock = await (await createMock({ MOCK_QUIET: '1' }, mockContract(broken))).listen(0);
    try {
      const reply = await call(mock.url, 'GET', '/me');
      expectConforms('getMe', reply);
      expect(reply.status).toBe(500);
      expect(reply.body.error.code).toBe('GEN-API-ERROR');
      expect(errors.length).toBeGreaterThan(0);
      expect((await call(mock.url, 'GET', '/credits/costs')).status).toBe(200);
    } finally {
      console.error = original;
      await mock.close();
    }
  });
});

describe("Prism's examples are each call's own copy", () => {
  it('changing the example one call was given leaves the next call of the same kind untouched (plain, particular Accept, Prefer)', async () => {
    const prism = await createPrism(structuredClone(mockContract().doc));
    const kinds = {
      plain: [{}, {}, false],
      accept: [{ accept: 'application/*' }, {}, true],
      prefer: [{}, { code: 200 }, true],
    } as const;
    const leaked: string[] = [];
    for (const [kind, [headers, prefs, particular]] of Object.entries(kinds)) {
      const input = { method: 'get' as const, url: { path: '/me', query: {} }, headers: { ...headers } };
      const first = prism.example('getMe', input, [], prefs, particular);
      if (!first.ok) throw new Error(`${kind}: no example`);
      (first.output.body as { data: Record<string, unknown> }).data.changedByTheFirstCall = true;
      const second = prism.example('getMe', input, [], prefs, particular);
      if (second.ok && (second.output.body as { data: Record<string, unknown> }).data.changedByTheFirstCall) leaked.push(kind);
    }
    expect(leaked).toEqual([]);
  });
});

describe('copyJson (how a cached example is copied per call)', () => {
  it('gives what JSON.parse(JSON.stringify(x)) gives for every example of the contract and an own __proto__ key, sharing nothing', () => {
    const contract = mockContract();
    const values: unknown[] = [JSON.parse('{"a":[1,{"__proto__":{"polluted":true},"b":null}],"2":"x","1":false}')];
    for (const op of contract.operations()) values.push(...Object.values(contract.examples(op)));
    const copies = values.map((value) => copyJson(value));
    const same = copies.every((copy, i) => JSON.stringify(copy) === JSON.stringify(values[i]));
    const nested = copies[0] as { a: [number, Record<string, unknown>] };
    nested.a[1].b = 'changed';
    expect([
      same,
      Object.getPrototypeOf(nested.a[1]) === Object.prototype,
      Object.keys(nested.a[1]),
      (values[0] as typeof nested).a[1].b,
      values.length > 50,
    ]).toEqual([true, true, ['__proto__', 'b'], null, true]);
  });
});
