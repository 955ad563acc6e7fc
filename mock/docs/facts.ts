// What the "Try it" panels need to know about each operation, read from the contract through the
// model: method and path, parameters with their examples, the request example, the OpenAPI links
// that carry an id to the next call, and for a polled resource where its state is and which states
// end it (x-state-machine). The browser script (try-it.js) knows nothing of the API itself.
import type { MockContract } from '../contract.js';
import { type Example, type JsonValue, type Link, machinePolledBy, type Parameter } from '../../lib/contract/index.js';

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
  /** The JSON body prefilled from the contract's first request example ('' for none). */
  body: string;
  /** Every named request example, for the panel's example picker. */
  examples: { name: string; summary: string; body: string }[];
  /** The request body is not JSON (multipart uploads): the panel says to use curl or the client. */
  nonJsonBody?: string;
  charges: boolean;
  /** After a 2xx, fill `param` of `operationId` from the body at `pointer` (OpenAPI links). */
  links: { operationId: string; param: string; pointer: string }[];
  poll?: { resource: string; pointer: string; terminal: string[]; success: string[]; values: Record<string, JsonValue> | null };
}

export interface TryItFacts {
  basePath: string;
  token: string;
  operations: TryItOperation[];
}

function text(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function tryItFacts(contract: MockContract, basePath: string, token: string): TryItFacts {
  const model = contract;
  const machines = contract.stateMachines();
  const operations: TryItOperation[] = [];
  for (const op of contract.operations()) {
    const item = contract.doc.paths[op.path];
    const params = [...(item.parameters ?? []), ...(op.operation.parameters ?? [])]
      .map((p) => model.deref<Parameter>(p))
      .filter((p): p is Parameter & { in: TryItParam['in'] } => p.in !== 'cookie')
      .map((p) => {
        const schema = model.deref(p.schema);
        const example = p.example ?? Object.values(p.examples ?? {}).map((e) => model.deref<Example>(e).value)[0] ?? schema?.example;
        return { name: p.name, in: p.in, required: !!p.required, value: p.in === 'path' || p.required ? text(example) : '' };
      });
    const requestBody = model.deref(op.operation.requestBody);
    const json = requestBody?.content['application/json'];
    const examples = Object.entries(json?.examples ?? {}).map(([name, e]) => {
      const example = model.deref<Example>(e);
      return { name, summary: example.summary ?? name, body: JSON.stringify(example.value ?? {}, null, 2) };
    });
    const firstExample = json?.example ?? Object.values(json?.examples ?? {}).map((e) => model.deref<Example>(e).value)[0];
    const other = requestBody && !json ? Object.keys(requestBody.content).join(', ') : undefined;
    const links: TryItOperation['links'] = [];
    for (const [status, response] of Object.entries(op.operation.responses)) {
      if (!status.startsWith('2')) continue;
      for (const link of Object.values(model.deref(response).links ?? {}).map((l) => model.deref<Link>(l))) {
        for (const [param, expression] of Object.entries(link.parameters ?? {})) {
          const m = /^\$response\.body#(\/.*)$/.exec(String(expression));
          if (link.operationId && m) links.push({ operationId: link.operationId, param, pointer: m[1] });
        }
      }
    }
    const polled = machinePolledBy(machines, op.id);
    const machine = polled?.terminal.length ? polled : undefined;
    operations.push({
      id: op.id,
      method: op.method.toUpperCase(),
      path: op.path,
      tag: op.operation.tags?.[0] ?? '',
      params,
      body: firstExample === undefined ? (requestBody?.required && json ? '{}' : '') : JSON.stringify(firstExample, null, 2),
      examples,
      ...(other ? { nonJsonBody: other } : {}),
      charges: op.credits?.charges === true,
      links,
      ...(machine
        ? {
            poll: {
              resource: machine.resource,
              pointer: machine.statusLocation,
              terminal: [...machine.terminal],
              success: [...machine.success],
              values: (machine.stateValues as Record<string, JsonValue> | undefined) ?? null,
            },
          }
        : {}),
    });
  }
  return { basePath, token, operations };
}
