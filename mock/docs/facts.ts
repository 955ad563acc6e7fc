// What the "Try it" panels need to know about each operation, read from the contract through the
// model: method and path, parameters with their examples, the request body (JSON prefilled from the
// examples, or the parts of a multipart/form-data body), the OpenAPI links that carry an id to the
// next call, and for a polled resource what its state machine says (facts-poll.ts). The browser
// script (try-it.js) knows nothing of the API itself.
import type { MockContract } from '../contract.js';
import type { Example, Link, Parameter } from '../../lib/contract/index.js';
import { jsonBody, multipartParts, parameterExample, text, type TryItPart } from './facts-request.js';
import { pollFacts, type TryItPoll } from './facts-poll.js';

export type { TryItPart } from './facts-request.js';
export type { TryItPoll } from './facts-poll.js';

export interface TryItParam {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  /** Prefilled value: the parameter's example, for path parameters and required ones. */
  value: string;
}

export interface TryItOperation {
  id: string;
  method: string;
  path: string;
  /** The operation's first tag: its panel waits under that tag's heading until the operation is rendered. */
  tag: string;
  params: TryItParam[];
  /** The JSON body prefilled from the contract's first request example, required fields filled in ('' for none). */
  body: string;
  /** Every named request example, for the panel's example picker. */
  examples: { name: string; summary: string; body: string }[];
  /** A multipart/form-data body: its parts (file inputs and text inputs), sent as multipart. */
  multipart?: TryItPart[];
  /** A body neither JSON nor multipart: the panel says to use curl or the client. */
  nonJsonBody?: string;
  charges: boolean;
  /** After a 2xx, fill `param` of `operationId` from the body at `pointer` (OpenAPI links). */
  links: { operationId: string; param: string; pointer: string }[];
  poll?: TryItPoll;
}

export interface TryItFacts {
  basePath: string;
  token: string;
  operations: TryItOperation[];
}

type Entry = ReturnType<MockContract['operations']>[number];

function paramsOf(contract: MockContract, op: Entry): TryItParam[] {
  const item = contract.doc.paths[op.path];
  return [...(item.parameters ?? []), ...(op.operation.parameters ?? [])]
    .map((p) => contract.deref<Parameter>(p))
    .filter((p): p is Parameter & { in: TryItParam['in'] } => p.in !== 'cookie')
    .map((p) => ({
      name: p.name,
      in: p.in,
      required: !!p.required,
      value: p.in === 'path' || p.required ? text(parameterExample(contract, p)) : '',
    }));
}

/** The request body's facts: the JSON body and its named examples, the multipart parts, or what else it is. */
function bodyOf(contract: MockContract, op: Entry): Pick<TryItOperation, 'body' | 'examples' | 'multipart' | 'nonJsonBody'> {
  const requestBody = contract.deref(op.operation.requestBody);
  const json = requestBody?.content['application/json'];
  const multipart = requestBody?.content['multipart/form-data'];
  const examples = Object.entries(json?.examples ?? {}).map(([name, e]) => {
    const example = contract.deref<Example>(e);
    return { name, summary: example.summary ?? name, body: JSON.stringify(example.value ?? {}, null, 2) };
  });
  if (json) return { body: jsonBody(contract, requestBody, json), examples };
  if (multipart) return { body: '', examples, multipart: multipartParts(contract, multipart) };
  return { body: '', examples, ...(requestBody ? { nonJsonBody: Object.keys(requestBody.content).join(', ') } : {}) };
}

function linksOf(contract: MockContract, op: Entry): TryItOperation['links'] {
  const links: TryItOperation['links'] = [];
  for (const [status, response] of Object.entries(op.operation.responses)) {
    if (!status.startsWith('2')) continue;
    for (const link of Object.values(contract.deref(response).links ?? {}).map((l) => contract.deref<Link>(l))) {
      for (const [param, expression] of Object.entries(link.parameters ?? {})) {
        const m = /^\$response\.body#(\/.*)$/.exec(String(expression));
        if (link.operationId && m) links.push({ operationId: link.operationId, param, pointer: m[1] });
      }
    }
  }
  return links;
}

export function tryItFacts(contract: MockContract, basePath: string, token: string): TryItFacts {
  const machines = contract.stateMachines();
  const operations = contract.operations().map((op): TryItOperation => {
    const poll = pollFacts(contract, machines, op.id);
    return {
      id: op.id,
      method: op.method.toUpperCase(),
      path: op.path,
      tag: op.operation.tags?.[0] ?? '',
      params: paramsOf(contract, op),
      ...bodyOf(contract, op),
      charges: op.credits?.charges === true,
      links: linksOf(contract, op),
      ...(poll ? { poll } : {}),
    };
  });
  return { basePath, token, operations };
}
