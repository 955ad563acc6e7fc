// What a code sample needs from the reader besides the token: the ids of existing resources (path
// parameters) and body values an earlier answer gives (an OpenAPI link's `requestBody`). Each is read
// from a named environment variable the sample checks first, so nothing runs with the contract's
// example id `4821`; the sample says where the value comes from (the operation whose answer holds
// it, through the contract's links) next to the variable.
import {
  ContractModel,
  type ContractOperation,
  type Document,
  type Link,
  type Response,
  templateParams,
} from '../../lib/contract/index.js';
import { stateMachines } from './state-diagrams.js';

export interface SampleInput {
  /** The environment variable, e.g. `FACELESS_ID`. */
  env: string;
  where: 'path' | 'body';
  /** The path parameter or body field it fills. */
  name: string;
  /** The value is a number in the body (the contract's example is one). */
  numeric: boolean;
  /** Where a reader gets it: "data.id in the answer of createFacelessVideo (POST /faceless)". */
  source: string;
}

/** The value a sample's literal carries in place of an input; each language swaps it for its variable. */
export const inputMarker = (env: string) => `\u0000${env}`;

/** `FACELESS_ID` for `{faceless}`; `CHARACTER_ID` for the `{id}` of `/characters/{id}`. */
export function envName(route: string, param: string): string {
  const segments = route.split('/');
  const at = segments.indexOf(`{${param}}`);
  const base = param === 'id' && at > 0 ? segments[at - 1].replace(/s$/, '') : param.replace(/_?id$/i, '');
  return `${base.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}_ID`;
}

/** A body pointer as a reader reads it: `data.previews[0].id`. */
const pointerText = (pointer: string) =>
  pointer
    .slice(1)
    .split('/')
    .map((k, i) => (/^\d+$/.test(k) ? `[${k}]` : `${i ? '.' : ''}${k}`))
    .join('');

interface LinkUse {
  from: ContractOperation;
  to: string;
  link: Link;
}

/** Every OpenAPI link of every 2xx answer, with the operation that answers it. */
function allLinks(doc: Document): LinkUse[] {
  const model = ContractModel.of(doc);
  const out: LinkUse[] = [];
  for (const from of model.operations()) {
    for (const [status, ref] of Object.entries(from.operation.responses)) {
      if (!/^2/.test(status)) continue;
      for (const l of Object.values(model.deref<Response>(ref).links ?? {})) {
        const link = model.deref<Link>(l);
        if (link.operationId) out.push({ from, to: link.operationId, link });
      }
    }
  }
  return out;
}

const named = (o: ContractOperation) => `${o.id} (${o.method.toUpperCase()} ${o.path})`;

/** Where a path parameter's id comes from: the answer of an operation without it whose link fills it. */
function pathSource(doc: Document, o: ContractOperation, param: string, links: LinkUse[]): string {
  const routes = new Map(
    ContractModel.of(doc)
      .operations()
      .map((x) => [x.id, x.path]),
  );
  const prefix = o.path.slice(0, o.path.indexOf(`{${param}}`));
  const fits = (u: LinkUse) => {
    const expression = u.link.parameters?.[param];
    return (
      typeof expression === 'string' &&
      expression.startsWith('$response.body#') &&
      !u.from.path.includes(`{${param}}`) &&
      (routes.get(u.to) ?? '').startsWith(prefix)
    );
  };
  const found = links.filter(fits).sort((a, b) => Number(b.from.method === 'post') - Number(a.from.method === 'post'))[0];
  if (!found) return `the id of an existing resource (the \`{${param}}\` of ${o.path})`;
  const pointer = String(found.link.parameters?.[param]).replace('$response.body#', '');
  return `${pointerText(pointer)} in the answer of ${named(found.from)}`;
}

/** What the resource must be like before this call: configured for a render, or in the state its transition starts from. */
function precondition(doc: Document, o: ContractOperation): string {
  const starts = new Set(
    stateMachines(doc)
      .flatMap(({ machine }) => machine.transitions)
      .filter((t) => t.operationIds?.includes(o.id))
      .map((t) => t.from),
  );
  // Only a call that leaves one state and no other (a retry leaves `failed`) says which.
  const [from] = starts;
  if (starts.size === 1 && from !== null) return `, in state ${from}`;
  return o.operation['x-render-preconditions'] ? ', configured so that the render preconditions hold' : '';
}

/** The inputs of one operation's sample, path parameters first, in the path's order. */
export function sampleInputs(doc: Document, o: ContractOperation): SampleInput[] {
  const links = allLinks(doc);
  const names = templateParams(o.path);
  const inputs: SampleInput[] = names.map((name, i) => ({
    env: envName(o.path, name),
    where: 'path',
    name,
    numeric: false,
    source: `${pathSource(doc, o, name, links)}${i === names.length - 1 ? precondition(doc, o) : ''}`,
  }));
  for (const use of links.filter((u) => u.to === o.id && u.link.requestBody && typeof u.link.requestBody === 'object')) {
    for (const [field, expression] of Object.entries(use.link.requestBody as Record<string, unknown>)) {
      const m = typeof expression === 'string' ? /^\$response\.body#(\/.*)$/.exec(expression) : null;
      if (!m || inputs.some((i) => i.where === 'body' && i.name === field)) continue;
      inputs.push({
        env: field.toUpperCase(),
        where: 'body',
        name: field,
        numeric: false,
        source: `${pointerText(m[1])} in the answer of ${named(use.from)}`,
      });
    }
  }
  return inputs;
}
