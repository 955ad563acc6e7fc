// Shaping an answer from Prism's example, and keeping what the client sent on a resource.
import type { MockContract, MockOperation } from '../contract.js';
import type { Answer } from '../errors.js';
import { copyJson } from '../copy-json.js';
import type { Call, Charge } from './call.js';
import type { Family } from './resources.js';
import type { Resource } from './store.js';

/** Prism's example answer with `data` (and `meta.credits` for a charging call) from the mock's state. */
export function ok(call: Call, data: unknown, credits?: Charge): Answer {
  const body: Record<string, unknown> = { ...call.prism.body, status: call.prism.status, data: data ?? call.prism.body?.data };
  if (credits) body.meta = { ...(body.meta as object), credits };
  else if (body.meta && (body.meta as { credits?: unknown }).credits && !call.op.credits?.charges) delete body.meta;
  return { status: call.prism.status, body };
}

// What the contract fixes for an operation, read on its first call and shared by later calls (read only).
const propertiesOf = new WeakMap<MockOperation, ReadonlySet<string>>();
const storedOf = new WeakMap<MockOperation, Map<string, ReadonlySet<string>>>();

/** The properties of an operation's request body schema. */
export function requestProperties(contract: MockContract, op: MockOperation): ReadonlySet<string> {
  let keys = propertiesOf.get(op);
  if (!keys) {
    keys = new Set(Object.keys(contract.requestSchema(op)?.properties ?? {}));
    propertiesOf.set(op, keys);
  }
  return keys;
}

/** JSON body fields are kept; multipart text fields only where the resource schema has them (e.g. name). */
export function storedOnCreate(contract: MockContract, op: MockOperation, family: Family): ReadonlySet<string> {
  let byFamily = storedOf.get(op);
  if (!byFamily) {
    byFamily = new Map();
    storedOf.set(op, byFamily);
  }
  let keys = byFamily.get(family.dataRef);
  if (!keys) {
    const stored = new Set(requestProperties(contract, op));
    const multipart = contract.requestSchema(op, 'multipart/form-data');
    const resource = contract.schemaAt(family.dataRef);
    for (const key of Object.keys(multipart?.properties ?? {})) if (resource?.properties?.[key]) stored.add(key);
    keys = stored;
    byFamily.set(family.dataRef, keys);
  }
  return keys;
}

/** The fields of a body that the given keys name. */
export function declared(body: unknown, keys: ReadonlySet<string>): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).filter(([key]) => keys.has(key)));
}

/** Stores what the client sent (declared fields only) and remembers its texts for `mock:fail`. */
export function adopt(resource: Resource, body: unknown, keys: ReadonlySet<string>): void {
  // A body is JSON data (parsed JSON, or a form's text fields): copied as such.
  Object.assign(resource.data, copyJson(declared(body, keys)));
  remember(resource, body);
}

/** Every text of a body by its dotted path, so a `mock:fail` anywhere in it is found. */
export function remember(resource: Resource, body: unknown, prefix = ''): void {
  if (typeof body === 'string') {
    resource.texts[prefix || 'body'] = body;
  } else if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) remember(resource, value, prefix ? `${prefix}.${key}` : key);
  }
}

/** The default of a parameter's schema. */
export function paramDefault(contract: MockContract, op: MockOperation, name: string): unknown {
  const param = contract.parameters(op).find((p) => p.name === name);
  return contract.deref(param?.schema)?.default;
}
