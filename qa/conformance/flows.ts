// The flows phase of `npm run conformance`: walks the lifecycles the contract's state machines
// describe, end to end, with every request going through the validating proxy's checker
// (qa/checker/), so each exchange is judged on schema, status, headers, state machine and
// credits exactly as the proxy judges staging traffic.
//
// What is derived from the contract: which flows charge (any step whose operation has
// x-credits.charges), request bodies (the operations' named request examples), which machine a
// poll step watches, its status location, terminal / success / failure states, polling interval,
// and refunds (transitions with refund: true, judged by the checker's credit tracker). What must be
// written down is the order of calls: the Arazzo workflows in openapi/flows/ (read by arazzo.ts),
// each step naming an operationId that is checked against the contract before anything is sent.
import path from 'node:path';
import {
  ContractModel,
  declaredPropertyNames,
  type ContractOperation,
  fillPath,
  machinePolledBy,
  readPointer,
  type StateMachine,
  templateParams,
} from '../../lib/contract/index.js';
import { FAIL_MARKER } from '../../mock/markers.js';
import type { CoverageRecorder } from '../checker/coverage.js';
import { accountKey, Checker } from '../checker/checker.js';
import { confirmRefunds } from '../checker/confirm-refunds.js';
import { startProxy } from '../proxy/forward.js';
import type { JUnitCase } from '../proxy/report.js';
import { loadFlows } from './arazzo.js';
import type { Flow, Step } from './flow.js';

export type { Flow, Step };
import { DEFAULT_POLL_TIMEOUT_SECONDS, pollIntervalMs } from './settings.js';
import type { FlowProbes } from './rules/flow-probes.js';
import { fetchWaiting } from './rules/send.js';
import type { RulesTable } from './rules/table.js';

/** The name CONFORMANCE_PHASES uses for this phase (the other phase names are Schemathesis's). */
export const FLOWS_PHASE = 'flows';

/** The flows, read from the Arazzo documents in openapi/flows/ (qa/conformance/arazzo.ts). */
export const FLOWS: Flow[] = loadFlows(ContractModel.load());

/** Every operationId the table names must exist in the contract: a renamed operation fails here, loudly. */
export function checkFlows(contract: ContractModel, flows = FLOWS): void {
  const missing = flows.flatMap((f) => f.steps.filter((s) => !contract.hasOperation(s.op)).map((s) => `${f.name}: ${s.op}`));
  if (missing.length) throw new Error(`flows name operations the contract does not have: ${missing.join(', ')}`);
  const machines = contract.stateMachines();
  for (const f of flows)
    for (const s of f.steps) {
      const params = templateParams(contract.operation(s.op).path);
      const unnamed = params.filter((p) => !s.params?.[p]);
      if (unnamed.length) throw new Error(`flow "${f.name}": ${s.op} needs path parameter(s) ${unnamed.join(', ')}`);
      if (s.poll && !machinePolledBy(machines, s.op)) throw new Error(`flow "${f.name}": ${s.op} polls no state machine`);
    }
}

/** A flow charges when any of its operations does (x-credits.charges). */
export const charges = (contract: ContractModel, flow: Flow) => flow.steps.some((s) => contract.operation(s.op).credits?.charges === true);

export interface FlowResult {
  name: string;
  state: 'passed' | 'failed' | 'skipped';
  failures: { type: string; text: string }[];
  reason?: string;
  seconds: number;
}

export interface FlowOptions {
  /** Where the flows' requests go (the target, or the throttle in front of it). */
  baseUrl: string;
  token: string;
  allowCharges: boolean;
  /** The runner started the mock itself: mock-only flows run, polling is quick. */
  localMock: boolean;
  /** How long (s) a polled status may stay the same before the flow stops (CONFORMANCE_POLL_TIMEOUT). */
  pollTimeoutSeconds?: number;
  /** The wait (s) between two polls in place of the contract's cadence (CONFORMANCE_POLL_INTERVAL). */
  pollIntervalSeconds?: number;
  /** True once the run was told to stop (SIGTERM/SIGINT): the flows end at their next request. */
  stopped?: () => boolean;
  log: (line: string) => void;
  flows?: Flow[];
  /** Where the flows' coverage goes (the run's one recorder). */
  coverage?: CoverageRecorder;
  /** The rule checks that ride on the flows (refused in state, charges, estimates) and the table refunds are filed in. */
  probes?: FlowProbes;
  rules?: RulesTable;
}

// Stand-ins for the file parts of multipart requests: a well-formed 1x1 PNG and a tenth of a second
// of silence as a WAV (a real deployment may find it too short to clone a voice: the voice-clone
// flow is then skipped, as it says), and bytes for any other file.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

/** 8 kHz, 8-bit mono PCM: a RIFF header and `samples` bytes of silence (128). */
function silentWav(samples: number): Buffer {
  const wav = Buffer.alloc(44 + samples, 128);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples, 40);
  return wav;
}

const FILES: Record<string, { ext: string; type: string; data: () => Buffer }> = {
  image: { ext: 'png', type: 'image/png', data: () => PNG },
  audio: { ext: 'wav', type: 'audio/wav', data: () => silentWav(800) },
  other: { ext: 'bin', type: 'application/octet-stream', data: () => Buffer.from('conformance flow file') },
};

function requestExample(contract: ContractModel, op: ContractOperation, name?: string): Record<string, unknown> {
  const media = contract.deref(op.operation.requestBody)?.content?.['application/json'];
  const examples = Object.entries(media?.examples ?? {});
  const chosen = name ? examples.find(([n]) => n === name) : examples[0];
  if (name && !chosen) throw new Error(`${op.id} has no request example named ${name}`);
  const value = chosen ? contract.deref(chosen[1])?.value : media?.example;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? structuredClone(value) : {};
}

/** A saved object as a request body: only the request schema's properties (of any of its shapes), nulls left out. */
function fromSaved(contract: ContractModel, op: ContractOperation, value: unknown): Record<string, unknown> {
  const keys = declaredPropertyNames(contract.doc, contract.deref(op.operation.requestBody)?.content?.['application/json']?.schema);
  return Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).filter(([k, v]) => keys.has(k) && v !== null && v !== undefined),
  );
}

/**
 * multipart/form-data from the request schema: the required fields (every field where the contract
 * does not say which are required), a small file where a field carries files, false
 * for booleans (e.g. never buy a voice-clone slot), the schema's example or a label for text.
 */
function multipartBody(contract: ContractModel, op: ContractOperation): { body: Buffer; type: string } {
  const media = contract.deref(op.operation.requestBody)?.content?.['multipart/form-data'];
  const schema = contract.deref(media?.schema);
  const boundary = `conformance-flow-${Date.now().toString(16)}`;
  const fileFields = contract.fileFields(op);
  const chunks: Buffer[] = [];
  const part = (name: string, value: Buffer, file?: { ext: string; type: string }) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${name.replace(/\W/g, '')}.${file.ext}"\r\nContent-Type: ${file.type}` : ''}\r\n\r\n`,
      ),
      value,
      Buffer.from('\r\n'),
    );
  };
  for (const [name, node] of Object.entries<any>(schema?.properties ?? {})) {
    if (schema?.required && !schema.required.includes(name)) continue;
    const prop = contract.deref(node);
    const item = prop.type === 'array' ? contract.deref(prop.items) : prop;
    const mediaType = String(item?.contentMediaType ?? media?.encoding?.[name]?.contentType ?? '');
    // Which fields carry files is the contract model's reading (the mock reads the same).
    const file = fileFields.has(name) ? (FILES[mediaType.split('/')[0]] ?? FILES.other) : undefined;
    if (file) part(name, file.data(), file);
    else if (item?.type === 'boolean') part(name, Buffer.from('false'));
    else part(name, Buffer.from(String(item?.examples?.[0] ?? (name === 'terms' ? 'true' : 'Conformance flow'))));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A refusal the contract lets the deployment give on its own data (x-data-refusals), in the error
 * envelope: not the API's fault, and the flow cannot go on, so it ends skipped with the conditions.
 */
function dataRefusal(op: ContractOperation, status: number, body: unknown): string | undefined {
  const matching = op.dataRefusals.filter((r) => r.status === status);
  // The envelope's one required field (ErrorEnvelope): an answer without it is no refusal at all.
  if (!matching.length || typeof (body as { message?: unknown } | undefined)?.message !== 'string') return undefined;
  return `refused on the deployment's own data (x-data-refusals: ${matching.map((r) => r.condition).join('; ')})`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How often a flow that is still polling says so. */
const PROGRESS_MS = 15_000;
const seconds = (ms: number) => `${Math.round(ms / 1000)}s`;

/** Runs the flows through an in-process validating proxy in front of `baseUrl`. */
export async function runFlows(options: FlowOptions): Promise<{ results: FlowResult[]; cases: JUnitCase[]; checker: Checker }> {
  const contract = ContractModel.load();
  const flows = options.flows ?? FLOWS;
  checkFlows(contract, flows);
  const target = new URL(options.baseUrl);
  const basePath = target.pathname.replace(/\/+$/, '');
  // Against the local mock a refund shows on the very next balance; elsewhere the contract's cadence applies.
  const checker = new Checker({ contract, refundGraceMs: options.localMock ? 0 : undefined, coverage: options.coverage });
  const proxy = await startProxy({ target, basePath, port: 0, checker, log: options.log });
  const account = accountKey(`Bearer ${options.token}`);
  const results: FlowResult[] = [];
  try {
    for (const flow of flows) {
      const started = Date.now();
      const result: FlowResult = { name: flow.name, state: 'passed', failures: [], seconds: 0 };
      if (options.stopped?.()) {
        Object.assign(result, { state: 'skipped', reason: 'the run was interrupted (SIGTERM/SIGINT)' });
      } else if (charges(contract, flow) && !options.allowCharges) {
        Object.assign(result, { state: 'skipped', reason: 'charges credits (set CONFORMANCE_ALLOW_CHARGES=1 to run it)' });
      } else if (flow.mockOnly && !options.localMock) {
        Object.assign(result, { state: 'skipped', reason: `needs the mock's ${FAIL_MARKER} trigger: runs only against the local mock` });
        if (flow.refund) noteUnreachableRefunds(contract, flow, options);
      } else {
        const before = checker.violations.length;
        await walk(contract, flow, proxy.url, options, result, checker, account, started);
        for (const v of checker.violations.slice(before)) result.failures.push({ type: v.kind.toUpperCase(), text: v.message });
        if (result.failures.length) result.state = 'failed';
        for (const f of result.failures) f.text += rerunLine(flow, options.baseUrl);
      }
      result.seconds = (Date.now() - started) / 1000;
      results.push(result);
      options.log(
        `flow "${flow.name}": ${result.state}${result.reason ? ` (${result.reason})` : ''}${result.failures.length ? `: ${result.failures.length} problem(s)` : ''} ${result.seconds.toFixed(1)}s`,
      );
      for (const f of result.failures) options.log(`  ✗ ${f.type} ${f.text}`);
    }
  } finally {
    await proxy.close();
  }
  const cases: JUnitCase[] = results.map((r) => ({
    name: `flow: ${r.name}`,
    failures: r.failures,
    skipped: r.state === 'skipped' ? r.reason : undefined,
    time: r.seconds,
  }));
  return { results, cases, checker };
}

/** How to run one flow again on its own: Redocly's Arazzo runner on its workflow. */
function rerunLine(flow: Flow, baseUrl: string): string {
  if (!flow.file || !flow.workflowId) return '';
  return `\n  run this flow again: npx redocly respect openapi/flows/${path.basename(flow.file)} --workflow ${flow.workflowId} --server video=${baseUrl} --input token=$CONFORMANCE_TOKEN`;
}

/** A refund flow that cannot run here: its machines' refund rules say why, unless another flow judged them. */
function noteUnreachableRefunds(contract: ContractModel, flow: Flow, options: FlowOptions): void {
  for (const step of flow.steps.filter((s) => s.poll)) {
    const machine = machinePolledBy(contract.stateMachines(), step.op);
    if (machine)
      options.rules?.unreachable(
        `refund:${machine.name}:${machine.failure[0]}`,
        `no way to make a job fail on this target (the flow needs the mock's ${FAIL_MARKER})`,
      );
  }
}

/** What one flow's walk carries from step to step. */
interface Walk {
  contract: ContractModel;
  flow: Flow;
  options: FlowOptions;
  result: FlowResult;
  flowStarted: number;
  /** Values saved by earlier steps (`save`), read by later ones (`params`, `$name`). */
  saved: Record<string, unknown>;
  /** The last polled resource and its machine (for the flow's refund check). */
  polled?: { resource: string; machine: StateMachine };
  /** Where the flow's requests go (the checker in front of the target). */
  base: string;
}

/** One step's request, built from the contract's examples and what earlier steps saved. */
interface StepRequest {
  path: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
}

async function walk(
  contract: ContractModel,
  flow: Flow,
  base: string,
  options: FlowOptions,
  result: FlowResult,
  checker: Checker,
  account: string,
  flowStarted: number,
): Promise<void> {
  const w: Walk = { contract, flow, options, result, flowStarted, saved: {}, base };
  for (const step of flow.steps) {
    const op = contract.operation(step.op);
    const missing = Object.entries(step.params ?? {}).filter(([, name]) => w.saved[name] === undefined);
    if (missing.length) {
      result.failures.push({ type: 'FLOW', text: `${step.op}: no ${missing.map(([, n]) => n).join(', ')} from an earlier step` });
      return;
    }
    if (!(await runStep(w, step, op, stepRequest(w, step, op, base)))) return;
  }
  if (flow.refund && w.polled) await checkFlowRefund(w, checker, account, w.polled);
}

function stepRequest(w: Walk, step: Step, op: ContractOperation, base: string): StepRequest {
  const { contract, saved } = w;
  const value = (v: unknown) => (typeof v === 'string' && v.startsWith('$') ? saved[v.slice(1)] : v);
  const { path } = fillPath(op.path, (name) => saved[step.params?.[name] ?? name]);
  const query = new URLSearchParams(Object.entries(step.query ?? {}).map(([k, v]) => [k, String(value(v))]));
  const headers: Record<string, string> = { authorization: `Bearer ${w.options.token}`, accept: 'application/json' };
  let body: Buffer | undefined;
  if (step.multipart) {
    const m = multipartBody(contract, op);
    body = m.body;
    headers['content-type'] = m.type;
  } else if (step.body) {
    const json = step.body.fromSaved
      ? fromSaved(contract, op, saved[step.body.fromSaved])
      : { ...requestExample(contract, op, step.body.example) };
    for (const [k, v] of Object.entries(step.body.set ?? {})) json[k] = value(v);
    if (step.fail) markToFail(json);
    body = Buffer.from(JSON.stringify(json));
    headers['content-type'] = 'application/json';
  }
  return { path, url: `${base}${path}${query.size ? `?${query}` : ''}`, method: op.method.toUpperCase(), headers, body };
}

/** The mock's failure trigger, appended to the body's longest text field. */
function markToFail(json: Record<string, unknown>): void {
  const longest = Object.entries(json)
    .filter(([, v]) => typeof v === 'string')
    .sort((a, b) => String(b[1]).length - String(a[1]).length)[0];
  if (longest) json[longest[0]] = `${longest[1]} ${FAIL_MARKER}`;
}

/**
 * Sends a step's request, and for a polling step again until its machine reaches a terminal state.
 * A poll ends: at a terminal state; at once when the status is missing or one the machine does not
 * name; when the status has not changed for longer than CONFORMANCE_POLL_TIMEOUT. Returns whether
 * the flow goes on.
 */
async function runStep(w: Walk, step: Step, op: ContractOperation, request: StepRequest): Promise<boolean> {
  const { contract, options } = w;
  const machine = step.poll ? machinePolledBy(contract.stateMachines(), op.id) : undefined;
  // The machine's own cadence, else the API-wide one (x-limits); the local mock moves in milliseconds.
  const cadence = machine?.pollIntervalSeconds ?? contract.limits().pollIntervalSeconds;
  const intervalMs = pollIntervalMs(options.pollIntervalSeconds, options.localMock, cadence);
  if (intervalMs === undefined) throw new Error(`flows: the contract states no polling interval for ${op.id}`);
  const poll: PollState = { started: Date.now(), lastStatus: Symbol('none'), unchangedSince: Date.now(), lastProgress: Date.now() };
  const target = { base: w.base, token: options.token };
  const resourceId = w.saved[step.params?.[templateParams(op.path)[0]] ?? ''];
  await options.probes?.before(op, target);
  for (;;) {
    if (options.stopped?.()) {
      Object.assign(w.result, { state: 'skipped', reason: `interrupted (SIGTERM/SIGINT) at ${step.op}` });
      return false;
    }
    const answer = await send(request, options.log);
    if (!acceptAnswer(w, step, op, request, answer)) return false;
    for (const [name, pointer] of Object.entries(step.save ?? {})) w.saved[name] = readPointer(answer.parsed, pointer);
    await options.probes?.after(op, answer, target, resourceId);
    if (!machine) return true;
    const verdict = judgePolledState(w, step, request.path, machine, answer.parsed, poll);
    if (verdict !== 'again') return verdict === 'next';
    await sleep(intervalMs);
  }
}

async function send(request: StepRequest, log?: (line: string) => void): Promise<{ status: number; text: string; parsed: unknown }> {
  const { url, method, headers, body } = request;
  const response = await fetchWaiting(url, { method, headers, body: body ? new Uint8Array(body) : undefined }, log);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, parsed };
}

/** A skip the flow names or the contract allows, or a failure for any answer other than a success. */
function acceptAnswer(
  w: Walk,
  step: Step,
  op: ContractOperation,
  request: StepRequest,
  answer: { status: number; text: string; parsed: unknown },
): boolean {
  const { status } = answer;
  const skip = step.skipOn?.[status] ?? dataRefusal(op, status, answer.parsed);
  if (skip) {
    Object.assign(w.result, { state: 'skipped', reason: `${step.op} answered ${status}: ${skip}` });
    return false;
  }
  if (status >= 200 && status < 300) return true;
  const sent =
    request.body && /json/.test(request.headers['content-type'] ?? '') ? `\n  sent: ${request.body.toString('utf8').slice(0, 500)}` : '';
  w.result.failures.push({
    type: 'FLOW',
    text: `${step.op} ${request.method} ${request.path}: expected a success, got ${status}${sent}\n  answer: ${answer.text.slice(0, 500)}`,
  });
  return false;
}

interface PollState {
  started: number;
  lastStatus: unknown;
  unchangedSince: number;
  lastProgress: number;
}

/** Where a polled answer leaves the step: on to the next step, the flow ended, or poll again. */
function judgePolledState(
  w: Walk,
  step: Step,
  path: string,
  machine: StateMachine,
  parsed: unknown,
  poll: PollState,
): 'next' | 'end' | 'again' {
  const fail = (text: string) => w.result.failures.push({ type: 'FLOW', text: `${step.op} ${path}: ${text}` });
  const status = readPointer(parsed, machine.statusLocation);
  const values = (machine as StateMachine & { stateValues?: Record<string, unknown> }).stateValues;
  const named = values ? Object.entries(values).find(([, v]) => v === status)?.[0] : undefined;
  const state = named ?? (typeof status === 'string' ? status : undefined);
  w.polled = { resource: `${machine.name}#${Object.values(step.params ?? {}).map((n) => w.saved[n])[0]}`, machine };
  if (state && machine.terminal.includes(state)) {
    const wanted = step.poll === 'success' ? machine.success : machine.failure;
    if (!wanted.includes(state)) fail(`expected to end in ${wanted.join(' or ')}, ended in ${state}`);
    return 'next';
  }
  if (state && !machine.states.includes(state) && !(machine as StateMachine & { open?: boolean }).open) {
    // The checker has reported the unnamed status; waiting for a terminal state would be in vain.
    fail(`stopped polling at ${JSON.stringify(state)}, which ${machine.name} does not name`);
    return 'next';
  }
  if (status === undefined || (status !== null && state === undefined)) {
    // Nothing at the machine's status location (the schema check reported it too): no poll can end.
    const what = status === undefined ? 'no status' : `status ${JSON.stringify(status)}, not a state,`;
    fail(`stopped polling: ${what} at ${machine.statusLocation} (${machine.name}); the contract puts one there`);
    return 'end';
  }
  return waitedTooLong(w, step, path, machine, status, poll) ? 'end' : 'again';
}

/** Tracks how long the status has not changed: past the timeout a failure; now and then a progress line. */
function waitedTooLong(w: Walk, step: Step, path: string, machine: StateMachine, status: unknown, poll: PollState): boolean {
  const timeoutMs = (w.options.pollTimeoutSeconds ?? DEFAULT_POLL_TIMEOUT_SECONDS) * 1000;
  const now = Date.now();
  if (status !== poll.lastStatus) {
    poll.lastStatus = status;
    poll.unchangedSince = now;
  } else if (now - poll.unchangedSince > timeoutMs) {
    w.result.failures.push({
      type: 'FLOW',
      text: `${step.op} ${path}: stopped polling: status ${JSON.stringify(status)} unchanged for ${seconds(now - poll.unchangedSince)} (CONFORMANCE_POLL_TIMEOUT=${timeoutMs / 1000}s); no terminal state (${machine.terminal.join(', ')})`,
    });
    return true;
  }
  if (now - poll.lastProgress >= PROGRESS_MS) {
    poll.lastProgress = now;
    w.options.log(
      `flow "${w.flow.name}": polling ${step.op} ${path} for ${seconds(now - poll.started)} (flow ${seconds(now - w.flowStarted)}), status ${JSON.stringify(status)} for ${seconds(now - poll.unchangedSince)}; stops after ${timeoutMs / 1000}s unchanged`,
    );
  }
  return false;
}

/** The refund the flow's last polled machine promises, confirmed as the proxy does on stop (confirm-refunds.ts). */
async function checkFlowRefund(
  w: Walk,
  checker: Checker,
  account: string,
  polled: { resource: string; machine: StateMachine },
): Promise<void> {
  const { options } = w;
  // Not shown by the flow's own reads: read for it as the proxy does on stop.
  if (checker.credits.refundState(account, polled.resource) === 'pending')
    await confirmRefunds({ checker, target: new URL(options.baseUrl), log: options.log, stopped: options.stopped });
  const state = checker.credits.refundState(account, polled.resource);
  const ruleId = `refund:${polled.machine.name}:${polled.machine.failure[0]}`;
  if (state === 'confirmed') options.rules?.pass(ruleId);
  else options.rules?.fail(ruleId, `${polled.resource}: refund ${state ?? 'never promised'} after ${w.flow.name}`);
  if (state !== 'confirmed') {
    w.result.failures.push({
      type: 'REFUND',
      text: `${polled.resource}: the refund the ${polled.machine.name} machine promises was ${state ?? 'never promised (no refunding transition observed)'}, not confirmed by GET /me or the ledger`,
    });
  }
}
