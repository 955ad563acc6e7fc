// `x-codeSamples` for every operation, generated from the contract: a curl command and a call with
// the project's typed client (`createVideoApiClient`, an openapi-fetch client). Example values come
// from the contract's own examples (parameter and schema `examples`, the first named request example).
import type {
  Example,
  JsonValue,
  MaybeRef,
  Operation as OperationObject,
  Parameter,
  RequestBody,
  Schema,
} from '../../lib/contract/index.js';
import { type Document, type Operation, deref, model } from './contract.js';
import { fillPath } from '../../lib/contract/index.js';
import { costText } from './credits.js';
import { SAMPLE_LANGUAGES } from './redoc-options.js';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

export interface SampleContext {
  /** The first server's URL with its variables at their defaults. */
  baseUrl: string;
  /** The package that exports createVideoApiClient (package.json `name`). */
  packageName: string;
}

export function sampleContext(doc: Document, packageName: string): SampleContext {
  const baseUrl = model(doc).servers()[0]?.url ?? 'http://localhost';
  return { baseUrl, packageName };
}

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

/** An example value for a schema: its own examples, default or enum, else a placeholder of its type. */
function exampleOf(doc: Document, schemaOrRef: MaybeRef<Schema> | undefined): unknown {
  const s = deref(doc, schemaOrRef ?? {});
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
  if (named) return deref<Example>(doc, named).value;
  return exampleOf(doc, p.schema);
}

interface Request {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  mediaType?: string;
  body?: Record<string, unknown>;
  bodySchema?: Schema;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function requestOf(doc: Document, op: OperationObject): Request {
  const req: Request = { path: {}, query: {} };
  for (const p of (op.parameters ?? []).map((x) => deref<Parameter>(doc, x))) {
    if (p.in === 'path') req.path[p.name] = paramValue(doc, p);
    else if (p.in === 'query' && p.required) req.query[p.name] = paramValue(doc, p);
  }
  const rb = op.requestBody && deref<RequestBody>(doc, op.requestBody);
  const [mediaType, media] = Object.entries(rb?.content ?? {})[0] ?? [];
  if (!rb || !media) return req;
  const named = Object.values(media.examples ?? {})[0];
  const example: JsonValue | undefined = media.example ?? (named ? deref<Example>(doc, named).value : undefined);
  const schema = deref<Schema>(doc, media.schema ?? {});
  if (isRecord(example)) req.body = example;
  else if (rb.required || schema.required?.length) {
    const generated = exampleOf(doc, schema);
    req.body = isRecord(generated) ? generated : {};
    // A multipart body is about its files: show every file part, required or not.
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      const p = deref(doc, prop);
      if (mediaType === 'multipart/form-data' && (isFile(p) || (p.type === 'array' && isFile(p.items && deref(doc, p.items))))) {
        req.body[name] ??= exampleOf(doc, p);
      }
    }
  }
  if (req.body !== undefined) {
    req.mediaType = mediaType;
    req.bodySchema = schema;
  }
  return req;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function urlFor(ctx: SampleContext, route: string, req: Request): string {
  const { path } = fillPath(route, (name) => req.path[name]);
  const query = Object.entries(req.query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`)
    .join('&');
  return `${ctx.baseUrl}${path}${query ? `?${query}` : ''}`;
}

export function curlSample(doc: Document, o: Operation, ctx: SampleContext): string {
  const req = requestOf(doc, o.op);
  const lines = [`curl -X ${o.method.toUpperCase()} ${shellQuote(urlFor(ctx, o.path, req))}`, `-H "Authorization: Bearer $API_TOKEN"`];
  if (req.body !== undefined && req.mediaType === 'multipart/form-data') {
    for (const [name, value] of Object.entries(req.body)) {
      const prop = deref(doc, req.bodySchema?.properties?.[name] ?? {});
      if (prop.type === 'array' && isFile(prop.items && deref(doc, prop.items)))
        lines.push(`-F ${shellQuote(`${name}=@${fileName(prop.items && deref(doc, prop.items))}`)}`);
      else if (isFile(prop)) lines.push(`-F ${shellQuote(`${name}=@${fileName(prop)}`)}`);
      else lines.push(`-F ${shellQuote(`${name}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)}`);
    }
  } else if (req.body !== undefined) {
    lines.push(`-H "Content-Type: ${req.mediaType}"`, `-d ${shellQuote(JSON.stringify(req.body))}`);
  }
  return lines.join(' \\\n  ');
}

/** A single-quoted TypeScript string literal. */
function sq(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : sq(name);
}

/** A JavaScript literal, indented; `files` maps body field names to `await openAsBlob(...)` calls. */
function literal(value: unknown, indent: string, files: Map<string, string> = new Map()): string {
  if (typeof value === 'string') return sq(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => inner + literal(v, inner)).join(',\n')},\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${files.get(k) ?? literal(v, inner)}`).join(',\n')},\n${indent}}`;
}

export function typescriptSample(doc: Document, o: Operation, ctx: SampleContext): string {
  const req = requestOf(doc, o.op);
  const files = new Map<string, string>();
  if (req.body !== undefined && req.mediaType === 'multipart/form-data') {
    for (const name of Object.keys(req.body)) {
      const prop = deref(doc, req.bodySchema?.properties?.[name] ?? {});
      if (prop.type === 'array' && isFile(prop.items && deref(doc, prop.items)))
        files.set(name, `[await openAsBlob(${sq(fileName(prop.items && deref(doc, prop.items)))})]`);
      else if (isFile(prop)) files.set(name, `await openAsBlob(${sq(fileName(prop))})`);
    }
  }
  const init: Record<string, string> = {};
  const params: string[] = [];
  if (Object.keys(req.path).length) params.push(`path: ${literal(req.path, '    ').replace(/\n\s*/g, ' ').replace(/, \}/, ' }')}`);
  if (Object.keys(req.query).length) params.push(`query: ${literal(req.query, '    ').replace(/\n\s*/g, ' ').replace(/, \}/, ' }')}`);
  if (params.length) init.params = `{ ${params.join(', ')} }`;
  if (req.body !== undefined) init.body = literal(req.body, '  ', files);
  const args = Object.keys(init).length
    ? `, {\n${Object.entries(init)
        .map(([k, v]) => `  ${k}: ${v},`)
        .join('\n')}\n}`
    : '';
  const credits = o.op['x-credits'];
  return [
    ...(files.size ? [`import { openAsBlob } from 'node:fs';`] : []),
    `import { createVideoApiClient } from ${sq(ctx.packageName)};`,
    '',
    'const api = createVideoApiClient({',
    `  baseUrl: ${sq(ctx.baseUrl)},`,
    '  token: process.env.API_TOKEN,',
    '});',
    '',
    ...(credits?.charges
      ? [`// Charges credits: ${costText(credits) || 'see the estimate endpoint; meta.credits reports the charge'}.`]
      : []),
    `const { data, error } = await api.${o.method.toUpperCase()}(${sq(o.path)}${args});`,
    'if (error) throw new Error(JSON.stringify(error));',
    'console.log(data);',
  ].join('\n');
}

export function codeSamples(doc: Document, o: Operation, ctx: SampleContext): CodeSample[] {
  return [
    { ...SAMPLE_LANGUAGES.curl, source: curlSample(doc, o, ctx) },
    { ...SAMPLE_LANGUAGES.typescript, source: typescriptSample(doc, o, ctx) },
  ];
}
