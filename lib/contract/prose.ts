// The contract as an interpreter reads it: the same document without the prose written for people
// (descriptions, summaries, external docs, comments) that no code of the repository reads. The
// browser build of the MSW handlers inlines this copy (scripts/pack/bundle.ts): a page loads less
// and the mock answers the same. The few places where code does read prose are kept, each named
// with its reader; tests/packages/browser-build.test.ts holds that list to the build's own sources.

/** The keywords of OpenAPI and JSON Schema that carry prose. */
export const PROSE_KEYS: ReadonlySet<string> = new Set(['description', 'summary', 'externalDocs', '$comment']);

/**
 * The source files (of the mock's browser build) that read prose keys of a contract object, and
 * what they read. Whatever one of them reads is kept by `KEPT` below.
 */
export const PROSE_READERS: Readonly<Record<string, string>> = {
  'lib/contract/bundle-model.ts': "a server's description: servers are found by it ('Local mock')",
  'lib/contract/schema-messages.ts': "the description of a schema with a pattern: a pattern error's words",
  'mock/state/ledger.ts': "an operation's summary: the ledger's label of a charge",
  'lib/contract/unconfirmed.ts': "an operation's summary and description, to label guessed operations in the docs and types",
};

type Node = Record<string, unknown>;

/** Where a node stands: its own key (an array's items take the array's) and its parent's. */
interface Place {
  key: string | undefined;
  parent: string | undefined;
}

/** Keys whose value is a schema (or a list of schemas), and maps whose values are schemas. */
const SCHEMA_KEYS: ReadonlySet<string> = new Set([
  'schema',
  'items',
  'prefixItems',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
]);
const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
]);

const isSchema = ({ key, parent }: Place) => SCHEMA_KEYS.has(key ?? '') || SCHEMA_MAPS.has(parent ?? '');

/** Prose that is kept, by where it stands. */
const KEPT: Record<string, (node: Node, place: Place) => boolean> = {
  // An operation's summary (the ledger); its description is read only to write docs.
  summary: (node) => typeof node.operationId === 'string',
  // A server's description (lib/contract/bundle-model.ts), and a patterned schema's (schema-messages.ts).
  description: (node, place) => place.key === 'servers' || 'pattern' in node,
};

/**
 * Prism's dynamic examples (json-schema-faker) copy every key of a schema that names no type into
 * what they generate, its prose included: such a schema keeps all of it.
 */
const readByGenerator = (node: Node, place: Place) => !('type' in node) && isSchema(place);

/**
 * Values that are data, not document structure: an example, a default, an enum, a const, an
 * Example object's value, and extensions (read by their own readers as they are); and maps whose
 * keys are names with string values (a discriminator's mapping, OAuth scopes). A JSON Schema
 * `examples` list is data too; an OpenAPI `examples` map is walked (its Example objects' prose goes).
 */
const DATA_KEYS: ReadonlySet<string> = new Set(['example', 'default', 'enum', 'const', 'value', 'mapping', 'scopes']);

function isData(key: string, value: unknown): boolean {
  if (key.startsWith('x-')) return true;
  if (key === 'examples') return Array.isArray(value);
  return DATA_KEYS.has(key);
}

/** Whether `key` of `node` is prose no reader reads. Only a string (or an externalDocs object): a property named `description` is a schema. */
function isUnreadProse(node: Node, name: string, value: unknown, place: Place): boolean {
  if (!PROSE_KEYS.has(name)) return false;
  if (name === 'externalDocs' ? typeof value !== 'object' || value === null : typeof value !== 'string') return false;
  return !KEPT[name]?.(node, place) && !readByGenerator(node, place);
}

function strip(value: unknown, place: Place): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, place));
  if (value === null || typeof value !== 'object') return value;
  const node = value as Node;
  const out: Node = {};
  for (const [name, inner] of Object.entries(node)) {
    if (isUnreadProse(node, name, inner, place)) continue;
    out[name] = isData(name, inner) ? inner : strip(inner, { key: name, parent: place.key });
  }
  return out;
}

/** A copy of an OpenAPI document (or a JSON Schema) without the prose no code reads. */
export function withoutProse<T>(doc: T): T {
  return strip(doc, { key: undefined, parent: undefined }) as T;
}
