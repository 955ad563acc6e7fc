// What every code sample of an operation says, in any language: the request (example values from
// the contract's own examples), the status the docs show for it (its first 2xx response), what it
// charges, and, for an operation that starts or reads a state machine, the poll to a terminal state
// (the machine's poll operation, its status pointer and cadence, the ids from the response's
// OpenAPI links). The curl, TypeScript and Python generators only spell this plan out.
import {
  ContractModel,
  type Document,
  type Example,
  type JsonValue,
  type Link,
  type MaybeRef,
  type ContractOperation,
  type OperationObject,
  type Parameter,
  parsePointer,
  type RequestBody,
  type Response,
  type Schema,
  templateParams,
  type XCredits,
  type XStateMachine,
  withArticle,
} from '../../lib/contract/index.js';
import { costText } from './credits.js';
import { inputMarker, type SampleInput, sampleInputs } from './sample-inputs.js';
import { stateMachines } from './state-diagrams.js';

export interface SampleContext {
  /** The first server's URL with its variables at their defaults. */
  baseUrl: string;
  /** The published package that exports createVideoApiClient. */
  packageName: string;
  /** Path parameter values instead of the contract's examples (tests point samples at real ids). */
  pathValues?: Record<string, unknown>;
  /** Body fields instead of the contract's examples (an id the previous call returned). */
  bodyValues?: Record<string, unknown>;
}

export function sampleContext(doc: Document, packageName: string): SampleContext {
  const baseUrl = ContractModel.of(doc).servers()[0]?.url ?? 'http://localhost';
  return { baseUrl, packageName };
}

export interface SampleFile {
  field: string;
  fileName: string;
  mediaType: string;
  array: boolean;
}

export interface SampleRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  mediaType?: string;
  /** JSON body, or a multipart body's text fields (file fields are in `files`). */
  body?: Record<string, unknown>;
  files: SampleFile[];
}

/** A path parameter of the poll: taken from the first call's path, or read from its response body. */
export type PollParam = { from: 'request'; name: string } | { from: 'response'; pointer: string[] };

export interface PollPlan {
  operation: ContractOperation;
  params: Record<string, PollParam>;
  /** Keys to the state inside the poll's response body. */
  status: string[];
  statusText: string;
  terminal: string[];
  success: string[];
  intervalSeconds: number;
}

export interface SamplePlan {
  request: SampleRequest;
  /** The status the docs show for a success (first 2xx response). */
  status: string;
  charges: boolean;
  /** One line on what the call costs, for a comment. */
  chargeNote?: string;
  /** Keys to `meta.credits` in the response body, where its schema has it. */
  creditsAt?: string[];
  /** The operation polls (it is the poll): repeat it until a terminal state. */
  pollsItself: boolean;
  poll?: PollPlan;
  /** Ids and answer values the sample reads from environment variables (in `request`, their markers). */
  inputs: SampleInput[];
}

/** How long a sample polls before it gives up (stated in its comment). */
export const POLL_LIMIT_SECONDS = 600;

function isFile(schema: Schema | undefined): boolean {
  return schema?.format === 'binary' || schema?.contentMediaType !== undefined || schema?.contentEncoding === 'base64';
}

function fileName(schema: Schema | undefined, index = 1): string {
  const type = String(schema?.contentMediaType ?? '');
  if (type.startsWith('audio/')) return `sample-${index}.mp3`;
  if (type.startsWith('image/')) return 'photo.jpg';
  if (type.startsWith('video/')) return 'clip.mp4';
  return 'file.bin';
}

function mediaTypeOf(name: string): string {
  if (name.endsWith('.mp3')) return 'audio/mpeg';
  if (name.endsWith('.jpg')) return 'image/jpeg';
  if (name.endsWith('.mp4')) return 'video/mp4';
  return 'application/octet-stream';
}

/** An example value for a schema: its own examples, default or enum, else a placeholder of its type. */
function exampleOf(doc: Document, schemaOrRef: MaybeRef<Schema> | undefined): unknown {
  const s = ContractModel.of(doc).deref(schemaOrRef ?? {});
  if (s.examples?.length) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const v = exampleOf(doc, part);
    if (v !== undefined) return v;
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [exampleOf(doc, s.items)];
  if (type === 'object' || s.properties) {
    return Object.fromEntries((s.required ?? []).map((k) => [k, exampleOf(doc, s.properties?.[k])]));
  }
  return 'string';
}

function paramValue(doc: Document, p: Parameter): unknown {
  if (p.example !== undefined) return p.example;
  const named = Object.values(p.examples ?? {})[0];
  if (named) return ContractModel.of(doc).deref<Example>(named).value;
  return exampleOf(doc, p.schema);
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The file parts of a multipart schema (required or not: a multipart body is about its files). */
function fileParts(doc: Document, schema: Schema): SampleFile[] {
  const out: SampleFile[] = [];
  for (const [field, prop] of Object.entries(schema.properties ?? {})) {
    const p = ContractModel.of(doc).deref(prop);
    const item = p.type === 'array' && p.items ? ContractModel.of(doc).deref(p.items) : undefined;
    const file = item && isFile(item) ? item : isFile(p) ? p : undefined;
    if (!file) continue;
    const name = fileName(file);
    out.push({ field, fileName: name, mediaType: mediaTypeOf(name), array: !!item });
  }
  return out;
}

function bodyOf(doc: Document, op: OperationObject, req: SampleRequest): void {
  const rb = op.requestBody && ContractModel.of(doc).deref<RequestBody>(op.requestBody);
  const [mediaType, media] = Object.entries(rb?.content ?? {})[0] ?? [];
  if (!rb || !media) return;
  const named = Object.values(media.examples ?? {})[0];
  const example: JsonValue | undefined = media.example ?? (named ? ContractModel.of(doc).deref<Example>(named).value : undefined);
  const schema = ContractModel.of(doc).deref<Schema>(media.schema ?? {});
  const multipart = mediaType === 'multipart/form-data';
  if (isRecord(example)) req.body = { ...example };
  else if (rb.required || schema.required?.length || multipart) {
    const generated = exampleOf(doc, schema);
    req.body = isRecord(generated) ? generated : {};
  }
  if (req.body === undefined) return;
  req.mediaType = mediaType;
  if (multipart) {
    req.files = fileParts(doc, schema);
    for (const f of req.files) delete req.body[f.field];
  }
}

export function sampleRequest(doc: Document, o: ContractOperation, ctx?: SampleContext): SampleRequest {
  const req: SampleRequest = { path: {}, query: {}, files: [] };
  for (const p of (o.operation.parameters ?? []).map((x) => ContractModel.of(doc).deref<Parameter>(x))) {
    if (p.in === 'path') req.path[p.name] = ctx?.pathValues?.[p.name] ?? paramValue(doc, p);
    else if (p.in === 'query' && p.required) req.query[p.name] = paramValue(doc, p);
  }
  bodyOf(doc, o.operation, req);
  if (req.body && ctx?.bodyValues) Object.assign(req.body, ctx.bodyValues);
  return req;
}

function successResponse(doc: Document, o: ContractOperation): { status: string; response?: Response } {
  const status = Object.keys(o.operation.responses).find((s) => /^2/.test(s)) ?? '2XX';
  const ref = o.operation.responses[status];
  return { status, response: ref ? ContractModel.of(doc).deref<Response>(ref) : undefined };
}

/** Keys to `meta.credits` when the response schema declares it (through allOf too). */
function creditsPointer(doc: Document, response: Response | undefined): string[] | undefined {
  const schema = response?.content?.['application/json']?.schema;
  const has = (node: MaybeRef<Schema> | undefined, key: string): Schema | undefined => {
    if (!node) return undefined;
    const s = ContractModel.of(doc).deref<Schema>(node);
    if (s.properties?.[key]) return ContractModel.of(doc).deref<Schema>(s.properties[key]);
    for (const part of s.allOf ?? []) {
      const found = has(part, key);
      if (found) return found;
    }
    return undefined;
  };
  const meta = has(schema, 'meta');
  return meta && has(meta, 'credits') ? ['meta', 'credits'] : undefined;
}

function linkParam(expression: string): PollParam | undefined {
  const body = /^\$response\.body#(\/.*)$/.exec(expression);
  if (body) return { from: 'response', pointer: parsePointer(body[1]) };
  const path = /^\$request\.path\.(\w+)$/.exec(expression);
  return path ? { from: 'request', name: path[1] } : undefined;
}

function pollPlan(
  doc: Document,
  o: ContractOperation,
  m: XStateMachine,
  response: Response | undefined,
  self: boolean,
): PollPlan | undefined {
  const byId = new Map(
    ContractModel.of(doc)
      .operations()
      .map((x) => [x.id, x]),
  );
  let target: ContractOperation | undefined;
  let params: Record<string, PollParam> = {};
  if (self) {
    target = o;
    params = Object.fromEntries(pathNames(o).map((n) => [n, { from: 'request', name: n } as PollParam]));
  } else {
    const links = Object.values(response?.links ?? {}).map((l) => ContractModel.of(doc).deref<Link>(l));
    const link = links.find((l) => l.operationId && m.pollOperationIds.includes(l.operationId));
    target = link?.operationId ? byId.get(link.operationId) : undefined;
    for (const [name, expression] of Object.entries(link?.parameters ?? {})) {
      const param = typeof expression === 'string' ? linkParam(expression) : undefined;
      if (!param) return undefined;
      params[name] = param;
    }
  }
  if (!target || pathNames(target).some((n) => !params[n])) return undefined;
  return {
    operation: target,
    params,
    status: parsePointer(m.statusLocation),
    statusText: m.statusLocation.slice(1).replace(/\//g, '.'),
    terminal: m.terminal,
    success: m.success,
    intervalSeconds: m.pollIntervalSeconds?.min ?? 5,
  };
}

function pathNames(o: ContractOperation): string[] {
  return templateParams(o.path);
}

export function chargeNote(credits: XCredits | undefined): string | undefined {
  if (!credits?.charges) return undefined;
  const cost = costText(credits).replace(/`/g, '');
  return `Charges credits: ${cost || 'the source states no fixed amount'}; meta.credits in the answer reports the charge.`;
}

/** The comment that says which status a sample gets when it works. */
export function expectation(plan: SamplePlan): string {
  return /^\d{3}$/.test(plan.status)
    ? `Expect ${plan.status}.`
    : `Expect ${withArticle(plan.status.toLowerCase())} status (the source shows no exact one).`;
}

/** The comment a polling operation's own sample carries. */
export function pollNote(poll: PollPlan): string {
  return `This call is the poll: repeat it every ${poll.intervalSeconds} s or more until ${poll.statusText} is ${poll.terminal.join(' or ')}.`;
}

export function samplePlan(doc: Document, o: ContractOperation, ctx?: SampleContext): SamplePlan {
  const { status, response } = successResponse(doc, o);
  const credits = o.operation['x-credits'];
  const request = sampleRequest(doc, o, ctx);
  const inputs = sampleInputs(doc, o);
  for (const input of inputs) {
    if (input.where === 'path') request.path[input.name] = inputMarker(input.env);
    else if (request.body) {
      input.numeric = typeof request.body[input.name] === 'number';
      request.body[input.name] = inputMarker(input.env);
    }
  }
  const plan: SamplePlan = {
    request,
    inputs,
    status,
    charges: !!credits?.charges,
    chargeNote: chargeNote(credits),
    creditsAt: credits?.charges ? creditsPointer(doc, response) : undefined,
    pollsItself: false,
  };
  // Machines with terminal states only: a machine without one (a setting) has nothing to wait for.
  for (const { machine } of stateMachines(doc).filter((x) => x.machine.terminal.length)) {
    const self = machine.pollOperationIds.includes(o.id);
    const starts = machine.transitions.some((t) => t.operationIds?.includes(o.id));
    if (!self && !starts) continue;
    plan.poll = pollPlan(doc, o, machine, response, self);
    plan.pollsItself = self && !!plan.poll;
    if (plan.poll) break;
  }
  return plan;
}
