// The contract model (lib/contract/): reads the bundle, and refuses what it does not understand.
// Each refusal is proven on a copy of the real bundle with one defect injected; the real bundle
// passes the same checks untouched.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLE_JSON,
  checkExtensions,
  ContractModel,
  EXTENSIONS,
  EXTENSIONS_DIR,
  parsePointer,
  readPointer,
  toPointer,
  type Document,
} from '../../lib/contract/index.js';

const bundle = (): Document => JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')) as Document;
const model = ContractModel.load();

/** The raw JSON of a bundle copy, to break on purpose. */
function broken(edit: (doc: Record<string, any>) => void): unknown {
  const doc = bundle() as unknown as Record<string, any>;
  edit(doc);
  return doc;
}

describe('contract model: reading', () => {
  it('lists every operation once, in the order the path items list their methods', () => {
    const expected: string[] = [];
    for (const [route, item] of Object.entries(bundle().paths)) {
      for (const key of Object.keys(item))
        if (['get', 'put', 'post', 'delete', 'patch'].includes(key)) expected.push(`${key.toUpperCase()} ${route}`);
    }
    expect(model.operations().map((o) => o.label)).toEqual(expected);
    for (const o of model.operations()) expect(readPointer(model.doc, o.pointer)).toBe(o.operation);
  });

  it('follows internal references and reads JSON pointers', () => {
    const me = model.operation('getMe');
    const { code, response } = model.successResponse(me);
    expect(code).toBe('200');
    expect(response.content?.['application/json']).toBeDefined();
    expect(parsePointer(toPointer(['paths', '/a/{b}', 'get', '~x']))).toEqual(['paths', '/a/{b}', 'get', '~x']);
    expect(model.pointer('#/info/version')).toBe(model.doc.info.version);
    expect(model.pointer('/no/such/place')).toBeUndefined();
  });

  it("gives each operation's refusals on the deployment's data, an empty list where it states none", () => {
    // A model made inside the test: the shared one read its operations before any test ran.
    const fresh = ContractModel.of(bundle());
    const update = fresh.operation('updateAutoTopup');
    expect(update.dataRefusals).toEqual(update.operation['x-data-refusals']);
    expect(update.dataRefusals.length).toBeGreaterThan(0);
    expect(fresh.operation('getMe').dataRefusals).toEqual([]);
  });

  it('gives each operation its credits marker and its render preconditions, as its extensions state them', () => {
    const fresh = ContractModel.of(bundle());
    const withPreconditions = fresh.operations().filter((o) => o.preconditions);
    expect(fresh.operations().map((o) => o.credits)).toEqual(fresh.operations().map((o) => o.operation['x-credits']));
    expect(withPreconditions.map((o) => o.preconditions)).toEqual(withPreconditions.map((o) => o.operation['x-render-preconditions']));
    expect([fresh.operations().every((o) => o.credits), withPreconditions.length > 0]).toEqual([true, true]);
  });

  it('reads the extensions typed: state machines, limits, rate limit, servers', () => {
    expect(model.stateMachines().map((m) => m.name)).toContain('FacelessVideoStatus');
    expect(model.rateLimit().requestsPerMinute).toBeGreaterThan(0);
    expect(model.limits().pollIntervalSeconds?.min).toBeGreaterThan(0);
    expect(new URL(model.server('Local mock').url).pathname).toBe('/v2');
  });

  it('has one schema file per known extension, and the lint check passes the bundle', () => {
    for (const name of Object.keys(EXTENSIONS)) {
      const schema = JSON.parse(readFileSync(path.join(EXTENSIONS_DIR, `${name}.schema.json`), 'utf8'));
      expect(schema.$id).toBe(`${name}.schema.json`);
    }
    expect(checkExtensions(bundle())).toEqual([]);
  });
});

describe('contract model: refusing what it does not know', () => {
  const cases: Array<[string, (doc: Record<string, any>) => void, RegExp]> = [
    [
      'an unknown extension',
      (d) => {
        d.info['x-made-up'] = 1;
      },
      /\/info\/x-made-up: unknown extension x-made-up/,
    ],
    [
      'x-credits without charges',
      (d) => {
        delete d.paths['/me'].get['x-credits'].charges;
      },
      /\/paths\/~1me\/get\/x-credits: must have required property 'charges'/,
    ],
    [
      'an unknown field in x-credits',
      (d) => {
        d.paths['/me'].get['x-credits'].gratis = true;
      },
      /unknown field "gratis"/,
    ],
    [
      'a malformed state machine',
      (d) => {
        d.components.schemas.FacelessVideoStatus['x-state-machine'].transitions[1].outcome = 'maybe';
      },
      /x-state-machine\/transitions\/1\/outcome: must be equal to one of the allowed values/,
    ],
    [
      'an extension in the wrong place',
      (d) => {
        d.info['x-credits'] = { charges: false };
      },
      /x-credits may only stand on: operation/,
    ],
    [
      'an error catalogue entry without a status',
      (d) => {
        delete d.components.schemas.ErrorCode['x-error-catalogue'][0].status;
      },
      /x-error-catalogue\/0: must have required property 'status'/,
    ],
    [
      'an OpenAPI 3.0 document',
      (d) => {
        d.openapi = '3.0.3';
      },
      /expected an OpenAPI 3.1 document/,
    ],
    [
      'an operation without an operationId',
      (d) => {
        delete d.paths['/me'].get.operationId;
      },
      /GET \/me has no operationId/,
    ],
    [
      'a duplicate operationId',
      (d) => {
        d.paths['/credits/costs'].get.operationId = 'getMe';
      },
      /operationId getMe is used twice/,
    ],
  ];
  it.each(cases)('refuses %s', (_name, edit, message) => {
    expect(() => new ContractModel(broken(edit))).toThrow(message);
  });

  it('refuses external, unresolvable and cyclic references when following them', () => {
    const m = new ContractModel(
      broken((d) => {
        d.components.schemas.LoopA = { $ref: '#/components/schemas/LoopB' };
        d.components.schemas.LoopB = { $ref: '#/components/schemas/LoopA' };
      }),
    );
    expect(() => m.deref({ $ref: 'other.yaml#/x' })).toThrow(/external reference/);
    expect(() => m.deref({ $ref: '#/components/schemas/Nope' })).toThrow(/unresolved reference/);
    expect(() => m.deref({ $ref: '#/components/schemas/LoopA' })).toThrow(/reference cycle/);
    expect(() => m.operation('noSuchOperation')).toThrow(/not in the contract/);
  });

  it('does not mistake names for extensions (properties, headers, example data)', () => {
    const doc = broken((d) => {
      d.components.schemas.AccountProfile.properties ??= {};
      d.components.schemas.AccountProfile.properties['x-property-name'] = { type: 'string' };
      d.components.examples.AccountProfile.value['x-data'] = 1;
    });
    expect(checkExtensions(doc)).toEqual([]);
  });
});
