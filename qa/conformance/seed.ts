// Real ids for the per-resource operations. Before the generated phases the runner creates, with
// free calls only (x-credits.charges false; charging creates only with CONFORMANCE_ALLOW_CHARGES=1),
// one resource per collection the contract's paths name (a draft on /faceless and on each typed
// surface, a storyboard and a scene in it, a character, a voice clone, ...), and hands the ids to
// Schemathesis as per-operation `parameters`, so the examples, coverage and fuzzing phases get
// success answers instead of 404s. Nothing here names an operation or a field: the collections,
// their create operations and the request bodies come from the contract (paths, `examples`,
// `required`, `contentMediaType`); a collection without a create is read from its list (presets).
import { ContractModel, fillPath, templateCollections } from '../../lib/contract/index.js';
import { loadDoc } from './relaxations.js';

type Json = any; // the bundled document, walked loosely

export interface Seeded {
  /** Collection path (e.g. /text-to-scene/{storyboard}/scenes) -> created or listed id. */
  ids: Map<string, string>;
  /** DELETE operations get their own resource, so deleting it does not starve the others. */
  forDelete: Map<string, string>;
  /** operationId -> Schemathesis parameter overrides ("path.<name>" -> id). */
  parameters: Map<string, Record<string, string>>;
  /** What was created (method, path, id), for the log and for cleaning up a remote target. */
  created: { label: string; id: string }[];
  /** Collections the runner could not fill, with why (and, for a DELETE's own resource, which DELETE). */
  skipped: { collection: string; why: string; forDelete?: string }[];
}

export interface SeedOptions {
  baseUrl: string;
  token: string;
  allowCharges: boolean;
  /** Operations the run will call (others need no ids). */
  operationIds?: Set<string>;
  doc?: Json;
  log?: (line: string) => void;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** The id a DELETE without a resource of its own is given: it names nothing, so the DELETE is a 404. */
export const NO_SUCH_ID = 'conformance-no-such-id';

/** A node with its internal `$ref`s followed: the contract model's one reader (throws on a broken reference). */
function resolve(doc: Json, node: Json): Json {
  return ContractModel.of(doc).deref(node);
}

/** A value for one schema, from its own examples only (nothing invented); undefined when it has none. */
function exampleOf(doc: Json, node: Json): unknown {
  const schema = resolve(doc, node);
  if (!schema || typeof schema !== 'object') return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = exampleOf(doc, part);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Small, valid-looking file contents for a media type (magic bytes of a real format). */
function fileFor(mediaType: string): Blob {
  if (mediaType.startsWith('audio/')) return new Blob([new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0])], { type: 'audio/mpeg' });
  if (mediaType.startsWith('image/'))
    return new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });
  return new Blob([new Uint8Array([0])], { type: 'application/octet-stream' });
}

/**
 * A value for a field without an example: a required one always (a boolean-looking acceptance is
 * "true", text a label), and where the contract does not say which are required, every text field
 * (a label) and boolean (false: never buy anything); numbers without an example are left out.
 */
function filler(prop: Json, required: boolean, statesRequired: boolean): unknown {
  if (required) return prop?.type === 'boolean' || !prop?.type ? 'true' : 'conformance';
  if (statesRequired) return undefined;
  if (prop?.type === 'string' && !prop.contentMediaType && !prop.format && !prop.pattern && !prop.enum) return 'conformance';
  if (prop?.type === 'boolean') return false;
  return undefined;
}

/** A request body for a create: the schema's required properties and those with examples. */
function bodyFor(doc: Json, op: Json): { body?: BodyInit; headers: Record<string, string> } {
  const content = op.requestBody?.content ?? {};
  const multipart = content['multipart/form-data'];
  const json = content['application/json'];
  const schema = resolve(doc, (multipart ?? json)?.schema);
  if (!schema) return { headers: {} };
  const required = new Set<string>(schema.required ?? []);
  // Where the contract does not say which fields are required, a deployment may require any: fill them all.
  const statesRequired = Array.isArray(schema.required);
  if (multipart) {
    const form = new FormData();
    for (const [name, raw] of Object.entries<Json>(schema.properties ?? {})) {
      const prop = resolve(doc, raw);
      const item = prop?.type === 'array' ? resolve(doc, prop.items) : prop;
      const media = item?.contentMediaType ?? (item?.format === 'binary' ? 'application/octet-stream' : undefined);
      if (media) {
        form.append(name, fileFor(media), media.startsWith('image/') ? 'seed.png' : 'seed.mp3');
        continue;
      }
      const value = exampleOf(doc, prop) ?? filler(prop, required.has(name), statesRequired);
      if (value !== undefined) form.append(name, String(value));
    }
    return { body: form, headers: {} };
  }
  const body: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries<Json>(schema.properties ?? {})) {
    const value = exampleOf(doc, raw) ?? filler(resolve(doc, raw), required.has(name), statesRequired);
    if (value !== undefined) body[name] = value;
  }
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

interface SeedOperation {
  id: string;
  method: string;
  path: string;
  op: Json;
}

/** One seeding: the options, the contract's operations, and what it has made so far. */
interface SeedRun {
  options: SeedOptions;
  doc: Json;
  ops: SeedOperation[];
  result: Seeded;
  log: (line: string) => void;
}

export async function seed(options: SeedOptions): Promise<Seeded> {
  const doc = options.doc ?? loadDoc();
  const ops: SeedOperation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of METHODS) if (item[method]?.operationId) ops.push({ id: item[method].operationId, method, path, op: item[method] });
  }
  const run: SeedRun = {
    options,
    doc,
    ops,
    result: { ids: new Map(), forDelete: new Map(), parameters: new Map(), created: [], skipped: [] },
    log: options.log ?? (() => {}),
  };
  const wanted = ops.filter((o) => !options.operationIds || options.operationIds.has(o.id));
  // Every collection a wanted operation needs, parents first (a scene needs its storyboard).
  const needed = new Set<string>();
  for (const o of wanted) for (const { collection } of templateCollections(o.path)) needed.add(collection);
  for (const collection of [...needed].sort((a, b) => a.split('/').length - b.split('/').length)) {
    const id = await create(run, collection);
    if (id !== undefined) run.result.ids.set(collection, id);
  }
  const starved = await seedForDeletes(run, wanted);
  for (const o of wanted) {
    const params = pathParameters(run.result, o, starved.has(o.id));
    if (Object.keys(params).length) run.result.parameters.set(o.id, params);
  }
  return run.result;
}

/**
 * A DELETE on a created collection gets a resource of its own. When none can be made, it gets an
 * id that names nothing (NO_SUCH_ID): a generated id could be a seeded one (the mock's are small
 * integers) and delete what every other operation uses. Returns the DELETEs that got none.
 */
async function seedForDeletes(run: SeedRun, wanted: SeedOperation[]): Promise<Set<string>> {
  const starved = new Set<string>();
  for (const o of wanted.filter((w) => w.method === 'delete')) {
    const last = templateCollections(o.path).at(-1);
    if (!last || !run.ops.some((x) => x.method === 'post' && x.path === last.collection)) continue;
    const id = await create(run, last.collection);
    if (id !== undefined) run.result.forDelete.set(o.id, id);
    else {
      starved.add(o.id);
      const skipped = run.result.skipped.at(-1);
      if (skipped) skipped.forDelete = o.id;
    }
  }
  return starved;
}

/** An operation's path parameters (`path.<name>`) from the seeded ids; a starved DELETE's own id names nothing. */
function pathParameters(result: Seeded, o: SeedOperation, starved: boolean): Record<string, string> {
  const params: Record<string, string> = {};
  const chain = templateCollections(o.path);
  chain.forEach(({ name, collection }, i) => {
    const last = i === chain.length - 1;
    if (last && starved) {
      params[`path.${name}`] = NO_SUCH_ID;
      return;
    }
    const id = (last ? result.forDelete.get(o.id) : undefined) ?? result.ids.get(collection);
    if (id !== undefined) params[`path.${name}`] = id;
  });
  return params;
}

/** A collection's path with its parents' seeded ids, or the first parent that has none. */
function fillCollection(result: Seeded, template: string): { path: string; missing?: string } {
  const parentOf = (name: string) => templateCollections(template).find((c) => c.name === name)!.collection;
  const { path, missing } = fillPath(template, (name) => result.ids.get(parentOf(name)));
  return { path, missing: missing.length ? parentOf(missing[0]) : undefined };
}

async function request(
  options: SeedOptions,
  method: string,
  path: string,
  init: { body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${options.baseUrl}${path}`, {
    method: method.toUpperCase(),
    headers: { authorization: `Bearer ${options.token}`, accept: 'application/json', ...init.headers },
    body: init.body,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}

/** An id in a collection: created with its free create, else (or when it charges) one the account already has. */
async function create(run: SeedRun, collection: string): Promise<string | undefined> {
  const { result, options, ops } = run;
  const skip = (why: string) => {
    result.skipped.push({ collection, why });
    return undefined;
  };
  const creator = ops.find((o) => o.method === 'post' && o.path === collection);
  const { path, missing } = fillCollection(result, collection);
  if (missing) return skip(`its parent ${missing} has no id`);
  const lister = ops.find((o) => o.method === 'get' && o.path === collection);
  if (creator) {
    if (creator.op['x-credits']?.charges && !options.allowCharges) {
      // Creating one would charge: an item the account already has will do (staging may have some).
      const existing = lister ? await listedId(run, lister, path) : undefined;
      return existing ?? skip(`${creator.id} charges credits (CONFORMANCE_ALLOW_CHARGES=1 to create one)`);
    }
    const reply = await request(options, 'post', path, bodyFor(run.doc, creator.op));
    const id = reply.json?.data?.id;
    if (reply.status >= 300 || id === undefined) return skip(`${creator.id} answered ${reply.status}`);
    result.created.push({ label: `POST ${path}`, id: String(id) });
    return String(id);
  }
  // No create: take the first item of the collection's list, if the contract has one.
  if (!lister) return skip('no create and no list operation in the contract');
  return (await listedId(run, lister, path)) ?? skip(`${lister.id} listed no item`);
}

/** The first item of a list operation's answer, or undefined. */
async function listedId(run: SeedRun, lister: { id: string }, path: string): Promise<string | undefined> {
  const reply = await request(run.options, 'get', path);
  const first = reply.status < 300 && Array.isArray(reply.json?.data) ? reply.json.data[0]?.id : undefined;
  if (first === undefined) return undefined;
  run.log(`using ${path} item ${first}, listed by ${lister.id} (nothing created for it)`);
  return String(first);
}
