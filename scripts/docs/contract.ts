// Reading the bundled contract (generated/openapi.json) for the docs: operations in document order,
// internal $ref resolution, JSON pointers. Nothing here knows a fact of the API.

export const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

// The bundle is plain JSON; the docs build walks it loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  op: Json;
  id: string;
  /** `POST /faceless/{faceless}/render` */
  label: string;
}

export function operations(doc: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ method, path, op, id: op.operationId, label: `${method.toUpperCase()} ${path}` });
    }
  }
  return out;
}

/** Follows internal `$ref`s (`#/components/...`) until a non-reference is reached. */
export function deref(doc: Json, value: Json): Json {
  let current = value;
  for (let hops = 0; current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
    if (hops > 20 || !current.$ref.startsWith('#/')) throw new Error(`cannot resolve ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node: Json, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (current === undefined) throw new Error(`unresolved reference ${value.$ref}`);
  }
  return current;
}

export function pointer(keys: string[]): string {
  return keys.map((k) => '/' + k.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** The tags in the contract's order, then any tag an operation uses that the list lacks. */
export function tagOrder(doc: Json): string[] {
  const names: string[] = (doc.tags ?? []).map((t: Json) => t.name);
  for (const { op } of operations(doc)) for (const t of op.tags ?? []) if (!names.includes(t)) names.push(t);
  return names;
}
