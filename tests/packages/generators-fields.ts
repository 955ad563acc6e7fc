// What a generated client declares for each field, read from its source: TypeScript members
// (`name?: Type;`) and Python attrs fields (`    name: Type`), each marked untyped when typed
// `unknown`/`any` (TypeScript), `Any` (Python), or as an empty interface (`export interface X {}`,
// which takes any value but null: openapi-generator's reading of alternatives it cannot type). Beside it, the fields the contract itself leaves untyped, where
// a generator cannot do better; names are compared as generators respell them (`plan_id`, `planId`,
// `type_` are `planid` and `type`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Field {
  name: string;
  type: string;
  file: string;
  untyped: boolean;
}

const TS_MEMBER = /^\s*(?:readonly\s+)?'?([A-Za-z_$][\w$[\]]*)'?\??:\s*(.+);$/;
const PY_FIELD = /^ {4}([a-z_][a-z0-9_]*):\s*([^=]+?)(?:\s*=.*)?$/;
const UNTYPED = { typescript: /\b(unknown|any)\b/, python: /\bAny\b/ };
const EMPTY_INTERFACE = /^export interface (\w+) \{\s*\}/gm;

/** A field name as every generator spells it: lower case, no underscores. */
export const sameName = (name: string) => name.replace(/_/g, '').toLowerCase();

function filesUnder(root: string, extension: string): string[] {
  if (!statSync(root).isDirectory()) return [root];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(root, file))
    .filter((file) => file.endsWith(extension) && statSync(file).isFile());
}

/** Every field the generated model files declare, with its type as written and whether that type is open. */
export function declaredFields(out: string, modelFiles: string[], language: 'typescript' | 'python'): Field[] {
  const pattern = language === 'python' ? PY_FIELD : TS_MEMBER;
  const found: Omit<Field, 'untyped'>[] = [];
  const empty = new Set<string>();
  for (const root of modelFiles) {
    for (const file of filesUnder(path.join(out, root), language === 'python' ? '.py' : '.ts')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(EMPTY_INTERFACE)) empty.add(match[1]);
      for (const line of text.split('\n')) {
        const match = pattern.exec(line);
        if (match && !/^\s*(\*|\/\/|#)/.test(line)) found.push({ name: match[1], type: match[2].trim(), file: path.relative(out, file) });
      }
    }
  }
  const open = (type: string) => UNTYPED[language].test(type) || type.split(/\s*\|\s*/).some((part) => empty.has(part));
  // Python models all carry a map for fields the contract does not name; it is typed Any on purpose.
  return found.filter((field) => field.name !== 'additional_properties').map((field) => ({ ...field, untyped: open(field.type) }));
}

type Node = Record<string, unknown>;

/** Whether a schema leaves its values' type open (no type, enum or const; several types; an open alternative; a list of such). */
function untypedSchema(doc: Node, node: unknown, seen: Set<unknown> = new Set()): boolean {
  if (node === true || node === undefined) return true;
  if (!node || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const schema = node as Node;
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Node | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    return untypedSchema(doc, target, seen);
  }
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (alternatives) return alternatives.some((alt) => untypedSchema(doc, alt, seen));
  if (schema.allOf) return (schema.allOf as unknown[]).every((part) => untypedSchema(doc, part, seen));
  // Several types at once (ResourceId: an integer or a string) some generators can only read as open.
  if (Array.isArray(schema.type) && schema.type.filter((type) => type !== 'null').length > 1) return true;
  if (schema.type === 'array') return untypedSchema(doc, schema.items, seen);
  if (schema.type === 'object' && !schema.properties)
    return !schema.additionalProperties || untypedSchema(doc, schema.additionalProperties, seen);
  return schema.type === undefined && schema.enum === undefined && schema.const === undefined && !schema.properties;
}

/** The names (as `sameName` spells them) of the properties and parameters the contract leaves untyped somewhere. */
export function untypedInContract(doc: Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const properties = (node as Node).properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
      for (const [name, schema] of Object.entries(properties)) if (untypedSchema(doc, schema)) names.add(sameName(name));
    }
    // A parameter is a field of the request interfaces some generators write (openapi-generator's).
    const { name, in: place, schema } = node as Node;
    if (typeof name === 'string' && typeof place === 'string' && untypedSchema(doc, schema)) names.add(sameName(name));
    for (const value of Object.values(node)) visit(value);
  };
  visit(doc);
  return names;
}
