// What the MCP server tells an assistant, read from the bundled contract through the contract model
// and the same docs modules that write the HTML page and the Markdown pages (scripts/docs/): a page
// here is byte for byte the text of generated/docs/md/<operationId>.md.
import { readFileSync } from 'node:fs';
import { ContractModel, type Document, type ContractOperation } from '../lib/contract/index.js';
import { chargeText } from '../scripts/docs/credits.js';
import { errorCatalogueMarkdown, renderPreconditionsMarkdown } from '../scripts/docs/errors.js';
import { operationPage, topicPages } from '../scripts/docs/llms.js';
import { stateMachines } from '../scripts/docs/state-diagrams.js';

export function loadContract(): Document {
  return JSON.parse(readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8'));
}

export interface Found {
  operationId: string;
  call: string;
  summary: string;
  charges: boolean;
}

/** Operations whose id, path, summary, tag or description hold every word of the query, best first. */
export function searchOperations(doc: Document, query: string, limit = 10): Found[] {
  const words = query.toLowerCase().split(/\W+/).filter(Boolean).slice(0, 20);
  const scored = ContractModel.of(doc).operations().map((o) => {
    const head = `${o.id} ${o.label} ${o.operation.summary ?? ''} ${(o.operation.tags ?? []).join(' ')}`.toLowerCase();
    const text = `${head} ${o.operation.description ?? ''}`.toLowerCase();
    const score = words.reduce((n, w) => n + (head.includes(w) ? 3 : text.includes(w) ? 1 : 0), 0);
    return { o, score, all: words.every((w) => text.includes(w)) };
  });
  return scored
    .filter((x) => x.score > 0 && (x.all || words.length > 1))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ o }) => ({ operationId: o.id, call: o.label, summary: o.operation.summary ?? '', charges: !!o.operation['x-credits']?.charges }));
}

export function findOperation(doc: Document, operationId: string): ContractOperation | undefined {
  const model = ContractModel.of(doc);
  return model.hasOperation(operationId) ? model.operation(operationId) : undefined;
}

export function pageOf(doc: Document, operationId: string): string | undefined {
  const o = findOperation(doc, operationId);
  return o ? operationPage(doc, o).markdown : undefined;
}

/** The state machine of a resource (by its name, its status schema or an operation that polls or moves it), with its page text. */
export function machineOf(doc: Document, resource: string) {
  const wanted = resource.toLowerCase();
  const found = stateMachines(doc).find(
    ({ schema, machine }) =>
      machine.resource.toLowerCase() === wanted ||
      schema.toLowerCase() === wanted ||
      machine.pollOperationIds.includes(resource) ||
      machine.transitions.some((t) => t.operationIds?.includes(resource)),
  );
  return found;
}

export function machineNames(doc: Document): string[] {
  return stateMachines(doc).map((m) => m.machine.resource);
}

export function costOf(doc: Document, operationId: string) {
  const o = findOperation(doc, operationId);
  if (!o) return undefined;
  return { operationId, call: o.label, credits: o.operation['x-credits'], text: chargeText(o.operation['x-credits']) };
}

export function errorsText(doc: Document): string {
  const topic = topicPages(doc).find((p) => p.file === 'errors.md');
  return topic?.markdown ?? [errorCatalogueMarkdown(doc), renderPreconditionsMarkdown(doc)].join('\n\n');
}

/** The request body's media type (the first the contract lists), or undefined when it takes none. */
export function requestMedia(doc: Document, o: ContractOperation): string | undefined {
  const body = ContractModel.of(doc).deref(o.operation.requestBody);
  return body ? Object.keys(body.content ?? {})[0] : undefined;
}

/** A schema with its internal `$ref`s written in place (a reference met again inside itself stays a `$ref`). */
function inline(model: ContractModel, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(model, n, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return seen.includes(ref) || seen.length > 12 ? node : inline(model, model.pointer(ref), [...seen, ref]);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(model, v, seen)]));
}

/** What `call` needs to send an operation: its path and query parameters, and its body's media type and schema. */
export function requestOf(doc: Document, operationId: string) {
  const o = findOperation(doc, operationId);
  if (!o) return undefined;
  const model = ContractModel.of(doc);
  const media = requestMedia(doc, o);
  const params = model.parameters(o).map((p) => ({ name: p.name, in: p.in, required: !!p.required, description: p.description, schema: inline(model, p.schema) }));
  return {
    operationId,
    call: o.label,
    charges: !!o.operation['x-credits']?.charges,
    pathParams: params.filter((p) => p.in === 'path'),
    query: params.filter((p) => p.in === 'query'),
    body: media ? { mediaType: media, required: !!model.deref(o.operation.requestBody)?.required, schema: inline(model, model.requestSchema(o, media)) } : null,
    fileFields: media === 'multipart/form-data' ? [...model.fileFields(o)] : [],
  };
}
