// Which operation the proxy's checker judges an exchange as (issue #52, point C): false alarms on a
// faithful staging. HEAD is GET without a body; a method the source does not show on a guessed
// path (x-unspecified-scope: operation) is no violation; a concrete segment beats a template, and a
// path value its parameter's schema refuses is not that operation; a path the contract does not
// write (a trailing slash) is an unknown route, not the operation without the slash.
import { describe, expect, it } from 'vitest';
import { ContractModel, relaxations } from '../../lib/contract/index.js';
import { Checker } from '../../qa/checker/checker.js';
import type { Observed } from '../../qa/checker/types.js';

const contract = ContractModel.load();
const rate = { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '29', 'content-type': 'application/json' };

function exchange(method: string, path: string, status: number, body?: unknown): Observed {
  return {
    method,
    path,
    query: new URLSearchParams(),
    requestHeaders: { authorization: 'Bearer routes' },
    requestBody: Buffer.alloc(0),
    status,
    responseHeaders: rate,
    responseBody: body === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(body)),
    at: Date.now(),
  };
}

/** The contract's own example of an operation's answer with this status. */
function example(operationId: string, status = '200'): unknown {
  const op = contract.operation(operationId);
  return Object.values(contract.examples(op, status))[0];
}

const findings = (c: Checker) => ({
  violations: c.violations.map((v) => `${v.kind} ${v.operationId} ${v.method} ${v.path}`),
  requestErrors: c.requestErrors.map((e) => `${e.kind} ${e.operationId} ${e.method} ${e.path}`),
});

describe('what an exchange is judged as', () => {
  it('HEAD where the contract has GET is judged like that GET (status and headers), not an undocumented operation', () => {
    const checker = new Checker({ contract });
    checker.check(exchange('HEAD', '/me', 200));
    checker.check(exchange('HEAD', '/faceless/1', 404));
    expect(findings(checker)).toEqual({ violations: [], requestErrors: [] });
    expect(checker.report().operations).toMatchObject({ getMe: 1, getFacelessVideo: 1 });
    // Its headers are still the GET's facts.
    const strict = new Checker({ contract });
    strict.check({ ...exchange('HEAD', '/me', 200), responseHeaders: { 'content-type': 'application/json' } });
    expect(strict.violations.map((v) => v.kind)).toContain('header');
  });

  it('a method the source does not show on a guessed path (x-unspecified-scope: operation) is no violation, and listed unverified', () => {
    const guessed = relaxations(contract.doc).filter((r) => r.kind === 'guess');
    const moodboard = guessed.find((r) => r.label.includes('/moodboard'));
    expect(moodboard, 'the contract guesses the moodboard operations').toBeDefined();
    const checker = new Checker({ contract });
    checker.check(exchange('PUT', '/text-to-scene/1/moodboard', 200, { data: {} }));
    expect(findings(checker)).toEqual({ violations: [], requestErrors: [] });
    expect(checker.unverified.map((u) => `${u.kind} ${u.operationId}`)).toEqual([`undocumented-operation ${moodboard!.operationId}`]);
    // Where the path is stated, the same is the API's violation.
    checker.check(exchange('PUT', '/me', 200, { data: {} }));
    expect(checker.violations.map((v) => `${v.kind} ${v.method} ${v.path}`)).toEqual(['undocumented-operation PUT /me']);
  });

  it('a concrete segment beats a template: GET /faceless/presets is the presets operation where the contract has one', () => {
    const doc = structuredClone(contract.doc) as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    const presets = structuredClone(doc.paths['/presets']);
    presets.get.operationId = 'listFacelessPresets';
    delete (presets as Record<string, unknown>).delete;
    doc.paths['/faceless/presets'] = presets;
    const withPresets = new ContractModel(doc);
    const checker = new Checker({ contract: withPresets });
    expect(checker.matchOperation('GET', '/faceless/presets')?.op.id).toBe('listFacelessPresets');
    checker.check(exchange('GET', '/faceless/presets', 200, example('listPresets')));
    expect(findings(checker)).toEqual({ violations: [], requestErrors: [] });
    expect(checker.report().operations).toEqual({ listFacelessPresets: 1 });
  });

  it("without such a path, a path value its parameter's schema refuses is the client's request error, not a violation", () => {
    // The faceless id typed as an integer: "presets" is then no faceless video's id.
    const doc = structuredClone(contract.doc) as unknown as { components: { parameters: Record<string, { schema: unknown }> } };
    doc.components.parameters.Faceless.schema = { type: 'integer' };
    const checker = new Checker({ contract: new ContractModel(doc) });
    checker.check(exchange('GET', '/faceless/presets', 200, example('listPresets')));
    expect(findings(checker)).toEqual({ violations: [], requestErrors: ['request getFacelessVideo GET /faceless/presets'] });
  });

  it('a route outside the contract, a trailing slash included, is an unknown route and not judged as the operation', () => {
    const checker = new Checker({ contract });
    checker.check(exchange('GET', '/me/', 404, { message: 'Not found', status: 404, error: { code: 'GEN-NOT-FOUND' } }));
    expect(findings(checker)).toEqual({ violations: [], requestErrors: ['unknown-route null GET /me/'] });
    expect(checker.report().operations).toEqual({});
    // The charge block still sees through it (what a front server routes).
    expect(checker.matchOperation('POST', '/faceless/1/render/')?.op.id).toBe('renderFacelessVideo');
  });
});
