// Guesses stay visible as guesses: every operation whose path or method the source does not show
// (x-unspecified-scope: operation) carries the "Unconfirmed" note in the generated types (JSDoc on
// the path's method, which openapi-fetch's typed calls resolve to) and in the client's operation
// facts; and the conformance relaxations are derived from the markers alone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations as facts } from '../../generated/contract.js';
import { isGuessedOperation, UNCONFIRMED_LABEL, unconfirmedNote } from '../../scripts/build-steps/unconfirmed.js';
import { effectiveConfig, GUESS_KEEPS, operationsToml, relaxations } from '../../qa/conformance/relaxations.js';
import { ROOT } from '../../scripts/lib/project.js';

const doc = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));
const types = readFileSync(path.join(ROOT, 'generated', 'schema.d.ts'), 'utf8');
const all = Object.entries<any>(doc.paths).flatMap(([p, item]) =>
  ['get', 'put', 'post', 'patch', 'delete'].filter((m) => item[m]).map((m) => ({ path: p, method: m, op: item[m] })),
);
const guessed = all.filter((o) => isGuessedOperation(o.op));

describe('guessed operations are marked wherever they surface', () => {
  it('a guessed operation without its reason still says that the source does not show it', () => {
    expect(unconfirmedNote({ operationId: 'getThing' })).toBe(
      "Unconfirmed (x-unspecified): The source does not show this operation. This path or method is the contract's guess; the real API may differ.",
    );
  });

  it('the contract has guessed operations, each with its reason', () => {
    expect(guessed.length).toBeGreaterThan(0);
    for (const o of guessed) expect(o.op['x-unspecified'], o.op.operationId).toMatch(/not shown/);
  });

  it("the generated types carry the note as JSDoc on the path's method, and only there", () => {
    for (const o of all) {
      const block = types.split(`    "${o.path}": {`)[1]?.split('\n    };')[0] ?? '';
      const jsdoc = new RegExp(
        `\\* ${UNCONFIRMED_LABEL}: [^\\n]*\\n[^/]*@description ${UNCONFIRMED_LABEL} \\(x-unspecified\\)[^/]*\\*/\\s*${o.method}: operations`,
      );
      expect(jsdoc.test(block), `${o.method.toUpperCase()} ${o.path}`).toBe(isGuessedOperation(o.op));
    }
  });

  it("the client's operation facts say which operations are unconfirmed", () => {
    for (const o of all) {
      const fact = (facts as Record<string, { unconfirmed?: string }>)[o.op.operationId];
      if (isGuessedOperation(o.op)) expect(fact.unconfirmed, o.op.operationId).toContain(o.op['x-unspecified'].replace(/\s+/g, ' ').trim());
      else expect(fact.unconfirmed, o.op.operationId).toBeUndefined();
    }
  });
});

describe('conformance relaxations come from the markers alone', () => {
  const list = relaxations(doc);

  it('guessed operations are exactly the x-unspecified-scope: operation ones; they keep only auth, headers and the envelope', () => {
    expect(
      list
        .filter((r) => r.kind === 'guess')
        .map((r) => r.operationId)
        .sort(),
    ).toEqual(guessed.map((o) => o.op.operationId).sort());
    expect(GUESS_KEEPS.sort()).toEqual(['ignored_auth', 'response_headers_conformance', 'response_schema_conformance']);
    const toml = operationsToml(list, new Map());
    for (const keep of GUESS_KEEPS) expect(toml).not.toContain(`checks.${keep}.enabled = false`);
  });

  it('an operation with nothing open is not relaxed; stated limits keep negative_data_rejection on', () => {
    const ids = new Set(list.map((r) => r.operationId));
    expect(ids.has('getMe')).toBe(false);
    // The credit history's per_page 1-50 is stated: even with `source` open, invalid data must still be refused.
    const history = list.find((r) => r.operationId === 'listCreditHistory');
    expect(history?.requestUnknown ?? false).toBe(false);
    expect(operationsToml(list, new Map())).not.toMatch(/include-operation-id = "listCreditHistory"\n[^[]*negative_data_rejection/);
  });

  it('a relaxed operation accepts documented refusals, and 402 where it charges', () => {
    const toml = operationsToml(list, new Map());
    const block = (id: string) => toml.split('[[operations]]').find((b) => b.includes(`include-operation-id = "${id}"`)) ?? '';
    expect(block('createFacelessVideo')).toMatch(/"400".*"404".*"422"/);
    expect(block('renderFacelessVideo')).toContain('"402"');
    expect(block('renderFacelessVideo')).toContain('checks.negative_data_rejection.enabled = false');
  });

  it('generated entries go before the hand-written ones (the first entry that sets a value wins) and carry seeded ids', () => {
    const base = readFileSync(path.join(ROOT, 'schemathesis.toml'), 'utf8');
    const generated = operationsToml(list, new Map([['getBRollVideo', { 'path.id': '42' }]]));
    const config = effectiveConfig(base, generated);
    expect(config.indexOf('include-operation-id = "getBRollVideo"')).toBeLessThan(
      config.indexOf('include-by = "/x-credits/charges == true"'),
    );
    expect(config).toContain('parameters = { "path.id" = "42" }');
    expect(config.startsWith('# Generated')).toBe(true);
  });
});
