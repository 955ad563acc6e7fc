// Every operation documents the responses the source gives it (issue 2, point 3): the errors every
// endpoint can return, the gate, 404 on id paths, 402 on charging operations, 422 where input is
// validated, rate headers everywhere, bearer security.
import { describe, expect, it } from 'vitest';
import { deref, loadContract, operationsOf } from '../support/contract.js';

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

// One test per rule over every operation; a failure lists every offender. What `npm run lint`
// already enforces is not repeated here (.spectral.yaml house rules: x-credits, operationId naming,
// 401/405/409/429 present with their rate headers, rate headers on every response, the success
// envelope's schema, 404 present on id paths, 400 present where arguments are taken); these tests
// check what the lint rules do not: the error codes of the examples, the gate, 402 and 422, the
// examples themselves.
const label = ({ method, path }: (typeof operations)[number]) => `${method.toUpperCase()} ${path}`;

/** Every operation's problems under `check` (an empty list when it keeps the rule), as `label: problem`. */
function offenders(ops: typeof operations, check: (o: (typeof operations)[number]) => string[]): string[] {
  return ops.flatMap((o) => check(o).map((problem) => `${label(o)}: ${problem}`));
}
const missing = (list: string[], wanted: string[], where: string) =>
  wanted.filter((w) => !list.includes(w)).map((w) => `${where} has no ${w} example`);

describe('every operation', () => {
  it('has a tag (exactly one), a summary and a description', () => {
    expect(
      offenders(operations, ({ operation }) => [
        ...(operation.tags?.length === 1 ? [] : [`${operation.tags?.length ?? 0} tags`]),
        ...((operation.summary?.length ?? 0) > 5 ? [] : ['no summary']),
        ...((operation.description?.length ?? 0) > 10 ? [] : ['no description']),
      ]),
    ).toEqual([]);
  });

  it('is secured by the bearer scheme', () => {
    expect(doc.components!.securitySchemes!.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(
      offenders(operations, ({ operation }) => {
        const security = operation.security ?? doc.security;
        return JSON.stringify(security) === JSON.stringify([{ bearerAuth: [] }]) ? [] : [`security ${JSON.stringify(security)}`];
      }),
    ).toEqual([]);
  });

  it('shows 401 GEN-UNAUTHORIZED and EMAIL-NOT-VERIFIED as 403 and as 409', () => {
    expect(
      offenders(operations, ({ operation: { responses } }) => [
        ...missing(codesOf(responses['401'] ?? {}), ['GEN-UNAUTHORIZED'], '401'),
        ...missing(codesOf(responses['403'] ?? {}), ['EMAIL-NOT-VERIFIED'], '403'),
        ...missing(codesOf(responses['409'] ?? {}), ['EMAIL-NOT-VERIFIED'], '409'),
      ]),
    ).toEqual([]);
  });

  it('behind the subscription gate shows both gate 403s; GET /me, GET /credits/costs and GET /credits/history show neither', () => {
    const gate = ['PAID-SUBSCRIPTION-REQUIRED', 'SUBSCRIPTION-REQUIRED'];
    const ungated = operations.filter((o) => UNGATED.has(label(o)));
    expect(ungated.map(label).sort()).toEqual([...UNGATED].sort());
    expect(
      offenders(operations, (o) => {
        const codes = codesOf(o.operation.responses['403'] ?? {});
        if (UNGATED.has(label(o))) return gate.filter((c) => codes.includes(c)).map((c) => `ungated but shows ${c}`);
        return missing(codes, gate, '403');
      }),
    ).toEqual([]);
  });

  it('shows 404 GEN-NOT-FOUND exactly when the path has an id', () => {
    expect(
      offenders(operations, ({ path, operation: { responses } }) => {
        if (path.includes('{')) return missing(codesOf(responses['404'] ?? {}), ['GEN-NOT-FOUND'], '404');
        return responses['404'] ? ['a 404 on a path without an id'] : [];
      }),
    ).toEqual([]);
  });

  it('documents 402 INSUFFICIENT-CREDITS with required and available exactly when it charges', () => {
    const charging = operations.filter((o) => o.operation['x-credits'].charges);
    expect(charging.length).toBeGreaterThan(0);
    expect(
      offenders(operations, ({ operation }) => {
        const response = operation.responses['402'];
        if (!operation['x-credits'].charges) return response ? ['a 402 on an operation that charges nothing'] : [];
        if (!response) return ['charges but documents no 402'];
        const problems: string[] = [];
        const [value] = exampleValues(response);
        if (value?.error?.code !== 'INSUFFICIENT-CREDITS') problems.push('402 example is not INSUFFICIENT-CREDITS');
        if (!(value && 'required' in value && 'available' in value)) problems.push('402 example lacks required or available');
        const schema = deref(doc, deref(doc, response).content!['application/json'].schema!);
        if (!JSON.stringify(schema).includes('"required":["required","available"]'))
          problems.push('402 schema does not require required and available');
        return problems;
      }),
    ).toEqual([]);
  });

  it('documents 422 with an errors map when it takes input', () => {
    const takesInput = operations.filter(({ operation }) => {
      const params = (operation.parameters ?? []).map((p: any) => deref(doc, p));
      const validatedQuery = params.some(
        (p: any) => p.in === 'query' && p.schema && (p.schema.enum || p.schema.minimum !== undefined || p.required),
      );
      return operation.requestBody || validatedQuery;
    });
    expect(takesInput.length).toBeGreaterThan(0);
    expect(
      offenders(takesInput, ({ operation }) => {
        const values = exampleValues(operation.responses['422'] ?? {});
        if (!values.length) return ['no 422 example'];
        return values.filter((v) => typeof v.errors !== 'object').map(() => 'a 422 example without an errors map');
      }),
    ).toEqual([]);
  });

  it('shows 400 GEN-WRONG-ARGS when it takes include', () => {
    const takesInclude = operations.filter(({ operation }) =>
      (operation.parameters ?? []).some((p: any) => deref(doc, p).name === 'include'),
    );
    expect(takesInclude.length).toBeGreaterThan(0);
    expect(
      offenders(takesInclude, ({ operation }) => missing(codesOf(operation.responses['400'] ?? {}), ['GEN-WRONG-ARGS'], '400')),
    ).toEqual([]);
  });

  it('answers success with named examples in the success envelope', () => {
    expect(
      offenders(operations, ({ operation: { responses } }) => {
        const found = Object.entries<any>(responses).find(([c]) => /^2/.test(c));
        if (!found) return ['no success response'];
        const [code, success] = found;
        const names = Object.keys(deref(doc, success).content?.['application/json']?.examples ?? {});
        return [
          ...(names.length ? [] : [`success ${code} has no named example`]),
          ...names.filter((n) => !/^[a-z][a-z0-9_]*$/.test(n)).map((n) => `example name ${n} is not snake_case`),
          ...exampleValues(success)
            .filter((v) => !(v?.message === 'Success.' && typeof v?.status === 'number'))
            .map(() => `a success ${code} example outside the envelope`),
        ];
      }),
    ).toEqual([]);
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
  it('document each precondition with its status and message', () => {
    expect(
      offenders(renders, ({ operation }) =>
        operation['x-render-preconditions']!.flatMap((pre) => {
          const declared = operation.responses[String(pre.status)];
          if (!declared) return [`${pre.condition}: no ${pre.status} response`];
          const messages = exampleValues(declared).map((v) => v.message);
          return pre.message && !messages.includes(pre.message) ? [`${pre.condition}: no ${pre.status} example says "${pre.message}"`] : [];
        }),
      ),
    ).toEqual([]);
  });
});

describe('servers', () => {
  it('has production and staging, both ending in /v2, each with a host variable of its own (distinct templates, so peers tell them apart)', () => {
    const publicServers = doc.servers!.filter((s: any) => !s['x-internal']);
    expect(publicServers.map((s: any) => s.description)).toEqual(['Production', 'Staging']);
    for (const s of publicServers) {
      expect(s.url).toMatch(/^https:\/\/.*\/v2$/);
      expect(Object.keys(s.variables!)).toHaveLength(1);
    }
    expect(new Set(publicServers.map((s: any) => s.url)).size).toBe(publicServers.length);
  });

  it('has one internal entry, the local mock: loopback, a port variable, the same /v2 base path', () => {
    const internal = doc.servers!.filter((s: any) => s['x-internal']);
    expect(internal.map((s: any) => s.description)).toEqual(['Local mock']);
    expect(internal[0].url).toMatch(/^http:\/\/127\.0\.0\.1:\{port\}\/v2$/);
    expect(Number(internal[0].variables!.port.default)).toBeGreaterThan(0);
  });
});
