// Reads the lifecycle flows from the Arazzo documents in openapi/flows/ and turns each workflow
// into the Flow the flows phase walks (flows.ts). The Arazzo files are the single source: Redocly
// Respect runs them as they are, and this loader reads the same steps, so both tools exercise the
// same calls. Everything a workflow names is checked against the contract before anything is sent.
//
// What maps to what:
// - step.operationId → Step.op; path / query parameters whose value is `$steps.<id>.outputs.<name>`
//   → the saved value `<name>` (names are unique within a workflow); literal values stay literal.
// - step.outputs `$response.body#<pointer>` → Step.save.
// - requestBody.payload (written out in full) → Step.body: the contract's named request example it
//   spells out, with the payload laid on top, so the flows phase sends exactly the payload; a payload
//   that is one runtime expression → `fromSaved`; multipart/form-data → Step.multipart.
// - a step whose successCriteria compares the polled machine's status location with a state and
//   whose onFailure retries → Step.poll, 'success' or 'failure' by the machine's terminal states.
// - the vendor extensions of openapi/EXTENSIONS.md (x-mock-only, x-expect-refund, x-skip-on).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import {
  type ContractModel,
  type ContractOperation,
  machinePolledBy,
  newAjv,
  type ValidateFunction,
  withArticle,
} from '../../lib/contract/index.js';
import { FAIL_MARKER } from '../../mock/markers.js';
import type { Flow, Step } from './flow.js';

export const FLOWS_DIR = fileURLToPath(new URL('../../openapi/flows/', import.meta.url));
const EXTENSIONS_DIR = fileURLToPath(new URL('../../openapi/extensions/', import.meta.url));

/** The Arazzo vendor extensions and where they stand (schemas in openapi/extensions/). */
export const ARAZZO_EXTENSIONS = { 'x-mock-only': 'workflow', 'x-expect-refund': 'workflow', 'x-skip-on': 'step' } as const;

/** A loaded flow, with where it came from (for messages and for `redocly respect --workflow`). */
export interface ArazzoFlow extends Flow {
  file: string;
  workflowId: string;
}

type Node = Record<string, any>;

export function flowFiles(dir = FLOWS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.arazzo.yaml'))
    .sort()
    .map((f) => path.join(dir, f));
}

let validators: Map<string, ValidateFunction> | undefined;
function extensionValidator(name: string) {
  if (!validators) {
    const ajv = newAjv({ strict: true });
    validators = new Map(
      Object.keys(ARAZZO_EXTENSIONS).map((n) => [n, ajv.compile(JSON.parse(readFileSync(`${EXTENSIONS_DIR}${n}.schema.json`, 'utf8')))]),
    );
  }
  return validators.get(name);
}

/** Every x- key of a workflow or step: known, in its place, and valid against its schema. */
function checkExtensions(where: string, node: Node, place: 'workflow' | 'step', problems: string[]): void {
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('x-')) continue;
    const known = (ARAZZO_EXTENSIONS as Record<string, string>)[key];
    if (known !== place) {
      problems.push(`${where}: ${key} is ${known ? `${withArticle(known)} extension` : 'not a known extension (openapi/EXTENSIONS.md)'}`);
      continue;
    }
    const validate = extensionValidator(key)!;
    if (!validate(value)) problems.push(`${where}: ${key} ${validate.errors?.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
  }
}

const STEP_OUTPUT = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)$/;
const BODY_POINTER = /^\$response\.body#(\/.*)?$/;
const STATUS_CONDITION = /^\$response\.body#(\/\S*)\s*==\s*'([^']*)'$/;

/** The JSON request examples of an operation: name → value. */
function requestExamples(contract: ContractModel, op: ContractOperation): [string | undefined, unknown][] {
  const media = contract.deref(op.operation.requestBody)?.content?.['application/json'];
  const named = Object.entries<Node>(media?.examples ?? {}).map(
    ([n, e]) => [n, (contract.deref(e) as Node | undefined)?.value] as [string, unknown],
  );
  return named.length ? named : [[undefined, media?.example ?? {}]];
}

const isObject = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Reads one Arazzo document into flows; `problems` collects every mistake instead of stopping at the first. */
export function readFlowFile(contract: ContractModel, file: string, problems: string[]): ArazzoFlow[] {
  const doc = YAML.parse(readFileSync(file, 'utf8')) as Node;
  const name = path.basename(file);
  const sources = (doc.sourceDescriptions ?? []) as Node[];
  if (sources.length !== 1 || !String(sources[0].url).endsWith('generated/openapi.yaml'))
    problems.push(`${name}: sourceDescriptions must be the one bundled contract (generated/openapi.yaml)`);
  return ((doc.workflows ?? []) as Node[]).map((wf) => readWorkflow(contract, doc, name, wf, problems));
}

/** What reading one workflow shares between its steps: which step saved which output. */
interface WorkflowReader {
  contract: ContractModel;
  problems: string[];
  /** The document's reusable parameters (the Authorization header). */
  auth: Node;
  savedBy: Map<string, string>;
  /** Whether a payload carries the mock's failure trigger. */
  marked: boolean;
}

function readWorkflow(contract: ContractModel, doc: Node, name: string, wf: Node, problems: string[]): ArazzoFlow {
  const where = `${name} ${wf.workflowId}`;
  checkExtensions(where, wf, 'workflow', problems);
  const inputs = wf.inputs?.$ref ? doc.components?.inputs?.[String(wf.inputs.$ref).split('/').pop()!] : wf.inputs;
  if (!inputs?.properties?.token) problems.push(`${where}: the workflow input token is missing`);
  const reader: WorkflowReader = { contract, problems, auth: doc.components?.parameters ?? {}, savedBy: new Map(), marked: false };
  const steps = ((wf.steps ?? []) as Node[]).flatMap((raw) => readStep(reader, raw, `${where} ${raw.stepId}`) ?? []);
  if (reader.marked && wf['x-mock-only'] !== true)
    problems.push(`${where}: a payload carries ${FAIL_MARKER} but the workflow is not x-mock-only`);
  const flow: ArazzoFlow = { name: String(wf.summary ?? wf.workflowId), steps, file: name, workflowId: wf.workflowId };
  if (wf['x-mock-only'] === true) flow.mockOnly = true;
  if (wf['x-expect-refund'] === true) flow.refund = true;
  return flow;
}

/** The output name an expression reads (`$steps.<id>.outputs.<name>`), checked to be an earlier step's. */
function savedName(reader: WorkflowReader, expr: unknown, at: string): string | undefined {
  const m = typeof expr === 'string' ? STEP_OUTPUT.exec(expr) : null;
  if (!m) return undefined;
  if (reader.savedBy.get(m[2]) !== m[1]) reader.problems.push(`${at}: ${expr} is not an output of an earlier step`);
  return m[2];
}

/** A value as the flows phase reads it: `$name` for an earlier step's output, else the literal. */
function literal(reader: WorkflowReader, v: unknown, at: string): unknown {
  const s = savedName(reader, v, at);
  return s ? `$${s}` : v;
}

function readStep(reader: WorkflowReader, raw: Node, at: string): Step | undefined {
  const { contract, problems } = reader;
  checkExtensions(at, raw, 'step', problems);
  if (!contract.hasOperation(raw.operationId)) {
    problems.push(`${at}: operationId ${raw.operationId} is not in the contract`);
    return undefined;
  }
  const op = contract.operation(raw.operationId);
  const step: Step = { op: op.id };
  readParameters(reader, raw, step, at);
  readRequestBody(reader, raw.requestBody as Node | undefined, step, at);
  readOutputs(reader, raw, step, at);
  readPolling(reader, raw, step, at);
  if (raw['x-skip-on']) step.skipOn = Object.fromEntries(Object.entries<string>(raw['x-skip-on']).map(([k, v]) => [Number(k), v]));
  return step;
}

function readParameters(reader: WorkflowReader, raw: Node, step: Step, at: string): void {
  const { problems, auth } = reader;
  let authorized = false;
  for (const p of (raw.parameters ?? []) as Node[]) {
    if (p.reference) {
      const target = auth[String(p.reference).replace('$components.parameters.', '')];
      if (target?.in === 'header' && /^authorization$/i.test(target.name) && target.value === 'Bearer {$inputs.token}') authorized = true;
      else problems.push(`${at}: parameter ${p.reference} is not the Authorization header from the token input`);
    } else if (p.in === 'path') {
      const s = savedName(reader, p.value, at);
      if (!s) problems.push(`${at}: path parameter ${p.name} must come from an earlier step's output`);
      else step.params = { ...step.params, [p.name]: s };
    } else if (p.in === 'query') step.query = { ...step.query, [p.name]: String(literal(reader, p.value, at)) };
    else problems.push(`${at}: parameter ${p.name} in ${p.in} is not supported by the flows phase`);
  }
  if (!authorized) problems.push(`${at}: no Authorization parameter (reference $components.parameters.authorization)`);
}

function readRequestBody(reader: WorkflowReader, body: Node | undefined, step: Step, at: string): void {
  const { contract, problems } = reader;
  if (!body) return;
  if (body.contentType === 'multipart/form-data') {
    step.multipart = true;
    return;
  }
  if (body.contentType !== 'application/json') problems.push(`${at}: request content type ${body.contentType} is not supported`);
  const s = savedName(reader, body.payload, at);
  if (s) step.body = { fromSaved: s };
  else if (!isObject(body.payload)) problems.push(`${at}: the payload must be an object or one step output`);
  else {
    const set: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body.payload)) {
      set[k] = literal(reader, v, at);
      if (typeof v === 'string' && v.includes(FAIL_MARKER)) reader.marked = true;
    }
    // The payload must spell out one of the contract's request examples (every key of it), so
    // the flows phase, which starts from that example, sends the payload and nothing else.
    const op = contract.operation(step.op);
    const base = requestExamples(contract, op).find(([, value]) => isObject(value) && Object.keys(value).every((k) => k in set));
    if (!base) problems.push(`${at}: the payload does not spell out any request example of ${op.id}`);
    else step.body = { ...(base[0] ? { example: base[0] } : {}), set };
  }
}

function readOutputs(reader: WorkflowReader, raw: Node, step: Step, at: string): void {
  for (const [out, expr] of Object.entries<unknown>(raw.outputs ?? {})) {
    const m = typeof expr === 'string' ? BODY_POINTER.exec(expr) : null;
    if (!m) reader.problems.push(`${at}: output ${out} must be $response.body#<pointer>`);
    else if (reader.savedBy.has(out)) reader.problems.push(`${at}: output name ${out} is used twice in the workflow`);
    else {
      reader.savedBy.set(out, raw.stepId);
      step.save = { ...step.save, [out]: m[1] ?? '' };
    }
  }
}

/** A success criterion on the polled machine's status makes the step poll to that state's kind. */
function readPolling(reader: WorkflowReader, raw: Node, step: Step, at: string): void {
  const { contract, problems } = reader;
  const statusChecks = ((raw.successCriteria ?? []) as Node[])
    .map((c) => (typeof c.condition === 'string' && !c.type ? STATUS_CONDITION.exec(c.condition.trim()) : null))
    .filter((m): m is RegExpExecArray => m !== null);
  if (!statusChecks.length) return;
  const machine = machinePolledBy(contract.stateMachines(), step.op);
  const [, pointer, state] = statusChecks[0];
  if (!machine) problems.push(`${at}: ${step.op} polls no state machine`);
  else if (pointer !== machine.statusLocation)
    problems.push(`${at}: ${machine.name}'s status is at ${machine.statusLocation}, not ${pointer}`);
  else if (machine.success.includes(state)) step.poll = 'success';
  else if (machine.failure.includes(state)) step.poll = 'failure';
  else problems.push(`${at}: ${state} is neither a success nor a failure state of ${machine.name}`);
  if (!((raw.onFailure ?? []) as Node[]).some((a) => a.type === 'retry')) problems.push(`${at}: a polling step needs an onFailure retry`);
}

/** Every flow of openapi/flows/, or an error naming every problem found. */
export function loadFlows(contract: ContractModel, files = flowFiles()): ArazzoFlow[] {
  const problems: string[] = [];
  const flows = files.flatMap((f) => readFlowFile(contract, f, problems));
  const names = flows.map((f) => f.name);
  for (const dup of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`flow name "${dup}" is used twice`);
  if (problems.length) throw new Error(`openapi/flows: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  return flows;
}
