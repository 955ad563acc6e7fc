// Every operation documents the responses the source gives it (issue 2, point 3): the errors every
// endpoint can return, the gate, 404 on id paths, 402 on charging operations, 422 where input is
// validated, rate headers everywhere, bearer security.
import { describe, expect, it } from 'vitest';
import { deref, loadContract, operationsOf } from './support/contract.js';

const doc = loadContract();
const operations = operationsOf(doc);
// The source: "Only GET /me, GET /credits/costs and GET /credits/history work without a paid subscription."
const UNGATED = new Set(['GET /me', 'GET /credits/costs', 'GET /credits/history']);

function exampleValues(response: any): any[] {
  const media = deref(doc, response).content?.['application/json'];
  return Object.values<any>(media?.examples ?? {}).map((e) => deref(doc, e).value);
}
const codesOf = (response: any) =>
  exampleValues(response)
    .map((v) => v?.error?.code)
    .filter(Boolean);
const headersOf = (response: any) => Object.keys(deref(doc, response).headers ?? {});

describe.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s', (label, { path, operation }) => {
  const responses = operation.responses;

  it('has an operationId, a summary, a description, a tag and x-credits', () => {
    expect(operation.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(operation.summary?.length).toBeGreaterThan(5);
    expect(operation.description?.length).toBeGreaterThan(10);
    expect(operation.tags?.length).toBe(1);
    expect(typeof operation['x-credits']?.charges).toBe('boolean');
  });

  it('is secured by the bearer scheme', () => {
    const security = operation.security ?? doc.security;
    expect(security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components!.securitySchemes!.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents 401 GEN-UNAUTHORIZED, 405, EMAIL-NOT-VERIFIED and 429', () => {
    expect(codesOf(responses['401'])).toContain('GEN-UNAUTHORIZED');
    expect(responses['405']).toBeDefined();
    expect(codesOf(responses['409'])).toContain('EMAIL-NOT-VERIFIED');
    expect(codesOf(responses['403'])).toContain('EMAIL-NOT-VERIFIED');
    expect(headersOf(responses['429'])).toEqual(expect.arrayContaining(['Retry-After', 'X-RateLimit-Reset']));
  });

  it('sends X-RateLimit-Limit and X-RateLimit-Remaining on every response', () => {
    for (const [code, response] of Object.entries(responses)) {
      expect(headersOf(response), `response ${code}`).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining']));
    }
  });

  it(UNGATED.has(label) ? 'is not behind the subscription gate' : 'documents the subscription-gate 403s', () => {
    const codes = codesOf(responses['403']);
    if (UNGATED.has(label)) {
      expect(codes).not.toContain('PAID-SUBSCRIPTION-REQUIRED');
      expect(codes).not.toContain('SUBSCRIPTION-REQUIRED');
    } else {
      expect(codes).toEqual(expect.arrayContaining(['PAID-SUBSCRIPTION-REQUIRED', 'SUBSCRIPTION-REQUIRED']));
    }
  });

  it('documents 404 GEN-NOT-FOUND when the path has an id', () => {
    if (path.includes('{')) expect(codesOf(responses['404'])).toContain('GEN-NOT-FOUND');
    else expect(responses['404']).toBeUndefined();
  });

  it('documents 402 INSUFFICIENT-CREDITS with required and available exactly when it charges', () => {
    if (operation['x-credits'].charges) {
      const [value] = exampleValues(responses['402']);
      expect(value.error.code).toBe('INSUFFICIENT-CREDITS');
      expect(value).toHaveProperty('required');
      expect(value).toHaveProperty('available');
      const schema = deref(doc, deref(doc, responses['402']).content!['application/json'].schema!);
      expect(JSON.stringify(schema)).toContain('"required":["required","available"]');
    } else {
      expect(responses['402']).toBeUndefined();
    }
  });

  it('documents 422 with an errors map when it takes input', () => {
    const params = (operation.parameters ?? []).map((p: any) => deref(doc, p));
    const validatedQuery = params.some(
      (p: any) => p.in === 'query' && p.schema && (p.schema.enum || p.schema.minimum !== undefined || p.required),
    );
    if (operation.requestBody || validatedQuery) {
      const values = exampleValues(responses['422']);
      expect(values.length).toBeGreaterThan(0);
      for (const v of values) expect(typeof v.errors).toBe('object');
    }
  });

  it('documents 400 GEN-WRONG-ARGS when it takes include', () => {
    const takesInclude = (operation.parameters ?? []).some((p: any) => deref(doc, p).name === 'include');
    if (takesInclude) expect(codesOf(responses['400'])).toContain('GEN-WRONG-ARGS');
  });

  it('answers success in the envelope with at least one named example', () => {
    const [code, success] = Object.entries<any>(responses).find(([c]) => /^2/.test(c))!;
    const media = deref(doc, success).content['application/json'];
    expect(Object.keys(media.examples ?? {}).length, `success ${code}`).toBeGreaterThan(0);
    for (const name of Object.keys(media.examples)) expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
    for (const value of exampleValues(success)) expect(value).toMatchObject({ message: 'Success.', status: expect.any(Number) });
  });
});

describe('render operations', () => {
  const renders = operations.filter((o) => o.operation['x-render-preconditions']);
  it('exist on the generic and the three typed surfaces', () => {
    expect(renders.map((o) => o.path).sort()).toEqual([
      '/ai-visuals/{faceless}/render',
      '/b-roll/{faceless}/render',
      '/faceless/{faceless}/render',
      '/url-to-video/{faceless}/render',
    ]);
  });
  it.each(renders.map((o) => [o.path, o] as const))('%s documents each precondition with its status and message', (_, { operation }) => {
    for (const pre of operation['x-render-preconditions']!) {
      const response = deref(doc, operation.responses[String(pre.status)]);
      expect(response, pre.condition).toBeDefined();
      if (pre.message) {
        const messages = exampleValues(response).map((v) => v.message);
        expect(messages, pre.condition).toContain(pre.message);
      }
    }
  });
});

describe('servers', () => {
  it('has production and staging, both ending in /v2, with host variables', () => {
    const publicServers = doc.servers!.filter((s: any) => !s['x-internal']);
    expect(publicServers.map((s: any) => s.description)).toEqual(['Production', 'Staging']);
    for (const s of publicServers) {
      expect(s.url).toMatch(/^https:\/\/.*\/v2$/);
      expect(Object.keys(s.variables!)).toEqual(['host']);
    }
  });

  it('has one internal entry, the local mock: loopback, a port variable, the same /v2 base path', () => {
    const internal = doc.servers!.filter((s: any) => s['x-internal']);
    expect(internal.map((s: any) => s.description)).toEqual(['Local mock']);
    expect(internal[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\{port\}\/v2$/);
    expect(Number(internal[0].variables!.port.default)).toBeGreaterThan(0);
  });
});
