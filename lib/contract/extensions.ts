// The vendor extensions this contract knows, where each may stand, and the check of every
// occurrence against its JSON Schema (openapi/extensions/<name>.schema.json, JSON Schema 2020-12,
// validated with Ajv). The TypeScript types of the values are generated from the same schemas
// (generated/extensions.ts). An extension that is not listed here is an error, not a shrug.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newAjv, type ValidateFunction } from './ajv.js';
import { HTTP_METHODS } from './openapi.js';
import { toPointer } from './pointer.js';

export const EXTENSIONS_DIR = fileURLToPath(new URL('../../openapi/extensions/', import.meta.url));

/** Kinds of object an extension may stand on. */
export type Placement = 'document' | 'info' | 'server' | 'path' | 'operation' | 'component-schema' | 'anywhere';

/** Every extension the contract may use, and where. Its schema is `openapi/extensions/<name>.schema.json`. */
export const EXTENSIONS = {
  'x-credits': ['operation'],
  'x-render-preconditions': ['operation'],
  'x-data-refusals': ['operation'],
  'x-estimate': ['operation'],
  'x-order': ['operation'],
  'x-refused-urls': ['operation'],
  'x-state-machine': ['component-schema'],
  'x-error-catalogue': ['component-schema'],
  'x-changelog': ['info'],
  'x-rate-limit': ['info'],
  'x-limits': ['info'],
  'x-events': ['info'],
  'x-deprecation-policy': ['info'],
  'x-tool-server': ['document'],
  'x-unspecified': ['anywhere'],
  // Beside a schema's `pattern` (tests/contract/pattern-messages.test.ts keeps them together).
  'x-pattern-message': ['anywhere'],
  'x-unspecified-scope': ['operation'],
  // Redocly's own extensions, used for the reference docs and bundling.
  'x-tagGroups': ['document'],
  'x-internal': ['server', 'path', 'operation'],
  'x-codeSamples': ['operation'],
  'x-badges': ['operation'],
} as const satisfies Record<string, readonly Placement[]>;

export type ExtensionName = keyof typeof EXTENSIONS;

export function isExtensionName(name: string): name is ExtensionName {
  return Object.hasOwn(EXTENSIONS, name);
}

export function schemaFile(name: ExtensionName): string {
  return `${EXTENSIONS_DIR}${name}.schema.json`;
}

/** The documenting part of an extension's schema (titles and descriptions), for the docs. */
export interface ExtensionSchemaText {
  title: string;
  description?: string;
  properties?: Record<string, { title?: string; description?: string }>;
}

export function extensionSchema(name: ExtensionName): ExtensionSchemaText {
  return JSON.parse(readFileSync(schemaFile(name), 'utf8')) as ExtensionSchemaText;
}

export interface ExtensionProblem {
  /** JSON pointer of the extension's value in the document. */
  pointer: string;
  extension: string;
  message: string;
}

/** Where an object sits, from its keys in the document. */
function placementOf(keys: readonly string[]): Placement | undefined {
  if (keys.length === 0) return 'document';
  if (keys.length === 1 && keys[0] === 'info') return 'info';
  if (keys.length === 2 && keys[0] === 'servers') return 'server';
  if (keys.length === 2 && keys[0] === 'paths') return 'path';
  if (keys.length === 3 && keys[0] === 'paths' && (HTTP_METHODS as readonly string[]).includes(keys[2])) return 'operation';
  if (keys.length === 3 && keys[0] === 'components' && keys[1] === 'schemas') return 'component-schema';
  return undefined;
}

// Keys whose object maps names (property names, header names, status codes ...) to objects: a key
// there is a name, not an extension. Keys whose value is data (examples, defaults): not walked.
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'dependentSchemas',
  'headers',
  'content',
  'encoding',
  'links',
  'callbacks',
  'variables',
  'mapping',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'pathItems',
  'webhooks',
]);
const DATA_KEYS = new Set(['example', 'value', 'default', 'enum', 'const', 'security']);

export interface ExtensionOccurrence {
  name: string;
  pointer: string;
  /** Keys of the object that carries the extension. */
  holder: string[];
  value: unknown;
}

/** Every `x-` key of the document outside example data, in document order (values are not walked). */
export function extensionOccurrences(doc: unknown): ExtensionOccurrence[] {
  const out: ExtensionOccurrence[] = [];
  const walk = (node: unknown, keys: string[], namesHere: boolean) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...keys, String(i)], false);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (!namesHere && key.startsWith('x-')) {
        out.push({ name: key, pointer: toPointer([...keys, key]), holder: keys, value });
        continue;
      }
      if (!namesHere && DATA_KEYS.has(key)) continue;
      // A schema's `examples` is a list of data; a media type's is a map of Example objects.
      if (!namesHere && key === 'examples') {
        if (!Array.isArray(value)) walk(value, [...keys, key], true);
        continue;
      }
      const isMap = !namesHere && NAME_MAPS.has(key) && !Array.isArray(value);
      walk(value, [...keys, key], isMap);
    }
  };
  walk(doc, [], false);
  return out;
}

let validators: Map<ExtensionName, ValidateFunction> | undefined;

/** Compiled validators for every known extension (schemas read once per process). */
function compiled(): Map<ExtensionName, ValidateFunction> {
  if (validators) return validators;
  // Both are CommonJS; under NodeNext their default import is the module object, which is callable.
  const ajv = newAjv({ strict: true });
  const names = Object.keys(EXTENSIONS) as ExtensionName[];
  for (const name of names) ajv.addSchema(JSON.parse(readFileSync(schemaFile(name), 'utf8')) as object);
  validators = new Map(names.map((name) => [name, ajv.getSchema(`${name}.schema.json`)!]));
  return validators;
}

/**
 * Checks every extension occurrence: known, in a place it may stand, and valid against its schema.
 * Returns the problems (empty when the document is right).
 */
export function checkExtensions(doc: unknown): ExtensionProblem[] {
  const problems: ExtensionProblem[] = [];
  const validate = compiled();
  for (const { name, pointer, holder, value } of extensionOccurrences(doc)) {
    if (!isExtensionName(name)) {
      problems.push({
        pointer,
        extension: name,
        message: `unknown extension ${name}: describe it in openapi/EXTENSIONS.md, add openapi/extensions/${name}.schema.json and list it in lib/contract/extensions.ts`,
      });
      continue;
    }
    const allowed: readonly Placement[] = EXTENSIONS[name];
    const place = placementOf(holder);
    if (!allowed.includes('anywhere') && (!place || !allowed.includes(place))) {
      problems.push({ pointer, extension: name, message: `${name} may only stand on: ${allowed.join(', ')}` });
      continue;
    }
    const check = validate.get(name)!;
    if (!check(value)) {
      for (const error of check.errors ?? []) {
        const detail =
          error.keyword === 'additionalProperties'
            ? `unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`
            : (error.message ?? error.keyword);
        problems.push({
          pointer: `${pointer}${error.instancePath}`,
          extension: name,
          message: `${detail} (schema openapi/extensions/${name}.schema.json)`,
        });
      }
    }
  }
  return problems;
}

export function formatProblems(problems: readonly ExtensionProblem[]): string {
  return problems.map((p) => `  ${p.pointer}: ${p.message}`).join('\n');
}
