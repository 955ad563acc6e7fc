// `npx tsx scripts/bench/validators.ts`: what the contract's compiled validators cost, and the
// alternatives measured when choosing them (figures in mock/bench-results.md, "Request validation"):
// making the set, compiling one operation's check on its first call, a call of the compiled check
// against a call of Prism's request validator (which the mock used before), compiling every schema up
// front, and the size of Ajv's standalone code for the same schemas (the build-time alternative).
import { gzipSync } from 'node:zlib';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import * as validatorModule from '@stoplight/prism-http/dist/validator/index.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import {
  ContractModel,
  extendPointer,
  fragmentPointer,
  newAjv,
  type RequestInput,
  type Response,
  Validators,
} from '../../lib/contract/index.js';

type Part = (args: { resource: unknown; element: unknown }) => unknown;
const validateInput = (((validatorModule as { default?: object }).default ?? validatorModule) as Record<string, Part>).validateInput;
const standaloneCode = ((standaloneModule as { default?: unknown }).default ?? standaloneModule) as (ajv: unknown, refs: object) => string;
const CALLS = 20_000;

const ms = (since: number) => (performance.now() - since).toFixed(1);

const CASES: { id: string; path: string; input: RequestInput }[] = [
  { id: 'getMe', path: '/me', input: { params: {}, query: {}, headers: {}, body: undefined } },
  { id: 'getFacelessVideo', path: '/faceless/5', input: { params: { faceless: '5' }, query: {}, headers: {}, body: undefined } },
  {
    id: 'createFacelessVideo',
    path: '/faceless',
    input: { params: {}, query: {}, headers: { 'content-type': 'application/json', 'content-length': '17' }, body: { type: 'ai-clips' } },
  },
];

/** Microseconds per call of `call`, after a warm-up. */
function perCall(call: () => unknown): string {
  for (let i = 0; i < 500; i += 1) call();
  const started = performance.now();
  for (let i = 0; i < CALLS; i += 1) call();
  return (((performance.now() - started) / CALLS) * 1000).toFixed(1);
}

/** Pointers of every JSON response schema of the contract. */
function responseRefs(model: ContractModel): string[] {
  const refs = new Set<string>();
  for (const entry of model.operations())
    for (const [status, node] of Object.entries(entry.operation.responses ?? {})) {
      const base = (node as { $ref?: string }).$ref ?? fragmentPointer(['paths', entry.path, entry.method, 'responses', status]);
      for (const media of Object.keys(model.deref<Response>(node)?.content ?? {}))
        if (/json/.test(media)) refs.add(extendPointer(base, 'content', media, 'schema'));
    }
  return [...refs];
}

async function main() {
  const model = ContractModel.load();
  let started = performance.now();
  const validators = Validators.of(model);
  console.log(`making the set (Ajv holding the contract): ${ms(started)} ms`);
  const prismOps = await getHttpOperationsFromSpec(structuredClone(model.doc) as object);
  for (const { id, path, input } of CASES) {
    started = performance.now();
    validators.request(id).check(input);
    const first = ms(started);
    const ours = perCall(() => validators.request(id).check(input));
    const resource = prismOps.find((op) => op.iid === id);
    const element = { method: model.operation(id).method, url: { path, query: input.query }, headers: input.headers, body: input.body };
    const prism = perCall(() => validateInput({ resource, element }));
    console.log(`${id}: first call (compiling) ${first} ms; compiled check ${ours} µs a call; Prism's validateInput ${prism} µs a call`);
  }
  const fresh = Validators.of(new ContractModel(structuredClone(model.doc)));
  const refs = responseRefs(model);
  started = performance.now();
  for (const entry of model.operations()) fresh.request(entry.id).jsonBody({});
  for (const ref of refs) fresh.schema(ref);
  console.log(`compiling every request check and ${refs.length} response schemas up front: ${ms(started)} ms`);
  const ajv = newAjv({ validateSchema: false, code: { source: true, esm: true } } as object);
  ajv.addSchema({ ...model.doc, $id: 'openapi.json' });
  const ids: Record<string, string> = {};
  refs.forEach((ref, i) => {
    ajv.addSchema({ $id: `s${i}`, $ref: `openapi.json${ref}` });
    ids[`s${i}`] = `s${i}`;
  });
  const code = standaloneCode(ajv, ids);
  console.log(
    `Ajv standalone code of the ${refs.length} response schemas: ${(code.length / 1024).toFixed(0)} KB (${(gzipSync(code).length / 1024).toFixed(0)} KB gzipped)`,
  );
}

await main();
