// The checker: every exchange that crossed the proxy goes through the same stages, in order:
// match the operation, validate the request, validate the response, then (on a 2xx) the lifecycle
// tracker and the credit tracker. Each finding becomes one Violation, printed as one line when it
// happens and kept for the report, unless the contract says the place is a guess: the leniency is
// conformance's own (lib/contract/leniency.ts, derived from x-unspecified / x-unspecified-scope),
// and what it spares is listed as `unverified`, never counted. Conformance's flows phase runs its HTTP through this class too.
//
// Blame goes to the right side: a request the contract rejects (a parameter, a body, a route it
// does not have) is the client's mistake and goes to `requestErrors`, never `violations`. The API's
// answer to it is still judged: a documented 4xx in the error envelope is right; a 2xx is a
// violation ("accepted input the contract rejects") where the source states the rule, unverified
// where that rule is a guess (x-unspecified in the parameter or body schema); on an unknown route
// a 404 or 405 in the envelope is right and a 2xx is an undocumented operation.
import { createHash } from 'node:crypto';
import {
  ContractModel,
  type ContractOperation,
  describeRelaxations,
  extendPointer,
  fragmentPointer,
  relaxations,
  type Relaxation,
  type ApiRequest,
  type ParsedBody,
  RequestRouter,
  routeRequest,
  singleHeaders,
} from '../../lib/contract/index.js';
import { CoverageRecorder, type CoverageReport } from './coverage.js';
import { CreditTracker } from './credits.js';
import { findingRequest } from './exchange-request.js';
import { LifecycleTracker } from './lifecycle.js';
import { operationMatcher, type Match } from './match.js';
import { Schemas } from './schemas.js';
import type { Dropped, Observed, Report, RequestError, TargetError, Unjudged, Unverified, Violation, ViolationKind } from './types.js';
import { type Finding, type RoutedCall, validateRequest } from './validate-request.js';
import { answerOf, validateResponse } from './validate-response.js';

/**
 * Distinct findings kept per list (violations, request errors, unverified, target errors) and per
 * group (an operation, or all unknown routes together): enough to see a pattern, bounded so a
 * client walking 5,000 unknown paths cannot grow the report without end. The rest are counted.
 */
export const FINDINGS_CAP = 20;
const UNKNOWN_ROUTES = 'unknown routes';

export interface CheckerOptions {
  contract?: ContractModel;
  /** How long a refund may lag the failed status before a balance without it is a violation. */
  refundGraceMs?: number;
  /** Called with each violation as it happens (the proxy prints it). */
  onViolation?: (violation: Violation) => void;
  /** Called with each new request error (a request the contract rejects) as it happens. */
  onRequestError?: (error: RequestError) => void;
  /** A coverage recorder shared with the rest of a run (conformance feeds Schemathesis's traffic into the same one). */
  coverage?: CoverageRecorder;
}

/** Accounts are told apart by their bearer token; the report shows only a short hash of it. */
export function accountKey(authorization: unknown): string {
  const value = String(Array.isArray(authorization) ? authorization[0] : (authorization ?? ''));
  return value ? createHash('sha256').update(value).digest('hex').slice(0, 8) : 'anonymous';
}

/** The violation's message: operation, request, resource, what was expected, what came. */
export function describeViolation(v: Omit<Violation, 'message'>): string {
  return `${v.operationId ?? '(no operation)'} ${v.method} ${v.path}${v.resource ? ` [${v.resource}]` : ''}: expected ${v.expected}; got ${v.got}`;
}

/** The one line printed as a violation happens: the API is at fault. */
export function formatViolation(v: Violation): string {
  return `✗ API ${v.kind} ${v.message}`;
}

/** The one line printed as a request error happens: the client is at fault. */
export function formatRequestError(e: RequestError): string {
  return `! client ${e.kind} ${e.message}`;
}

/** Default refund grace: the slowest polling interval the contract states for a refunding machine. */
export function defaultRefundGraceMs(contract: ContractModel): number {
  const seconds = contract
    .stateMachines()
    .filter((m) => m.transitions.some((t) => t.refund))
    .map((m) => m.pollIntervalSeconds?.max ?? 0);
  return Math.max(0, ...seconds) * 1000;
}

/** One exchange being judged: what it was, when, and the violations it added so far. */
interface JudgedExchange {
  ex: Observed;
  at: string;
  added: Violation[];
  /** The operation it is judged as, once matched. */
  id?: string;
}

/** Records one finding of an exchange (a violation, or unverified where the contract is a guess). */
type Judge = (kind: ViolationKind, expected: string, got: string, resource?: string) => void;

export class Checker {
  readonly contract: ContractModel;
  readonly lifecycle: LifecycleTracker;
  readonly credits: CreditTracker;
  readonly violations: Violation[] = [];
  readonly unverified: Unverified[] = [];
  readonly requestErrors: RequestError[] = [];
  readonly targetErrors: TargetError[] = [];
  readonly unjudged: Unjudged[] = [];
  /** The relaxed operations by id: the same list conformance relaxes (lib/contract/leniency.ts). */
  readonly relaxed: ReadonlyMap<string, Relaxation>;
  /** What the traffic covered of the contract (qa/checker/coverage.ts). */
  readonly coverage: CoverageRecorder;
  exchanges = 0;
  blocked = 0;
  private readonly operations: Record<string, number> = {};
  private readonly seen = new Map<string, Violation>();
  /** Distinct findings kept per list and group, and those left out beyond the cap. */
  private readonly kept = new Map<string, number>();
  private readonly droppedByGroup = new Map<string, Dropped>();
  /** The mock's routing (a trailing slash forgiven): what the charge block and the recorder see through. */
  private readonly match: (method: string, path: string) => Match | undefined;
  /** The contract's router over the paths the contract writes, exactly: what an exchange is judged as. */
  private readonly router: RequestRouter<ContractOperation>;
  private readonly schemas: Schemas;
  private readonly onViolation?: (violation: Violation) => void;
  private readonly onRequestError?: (error: RequestError) => void;
  /** Where the error envelope lives: the schemas of the contract's documented 404 and 405 answers. */
  private readonly envelopeRefs: Record<'404' | '405', string[]>;

  constructor(options: CheckerOptions = {}) {
    this.contract = options.contract ?? ContractModel.load();
    this.match = operationMatcher(this.contract);
    // Paths are observed below the base path, so the router's base path is empty.
    this.router = new RequestRouter(this.contract.operations(), '', { forgiveTrailingSlash: false });
    this.schemas = new Schemas(this.contract);
    this.lifecycle = new LifecycleTracker(this.contract);
    this.coverage = options.coverage ?? new CoverageRecorder(this.contract);
    this.lifecycle.onChange = (machine, from, to) => this.coverage.transition(machine, from, to);
    this.credits = new CreditTracker(this.contract, options.refundGraceMs ?? defaultRefundGraceMs(this.contract));
    this.onViolation = options.onViolation;
    this.onRequestError = options.onRequestError;
    this.envelopeRefs = { '404': this.errorSchemaRefs('404'), '405': this.errorSchemaRefs('405') };
    this.relaxed = new Map(relaxations(this.contract.doc).map((r) => [r.operationId, r]));
  }

  matchOperation(method: string, path: string): Match | undefined {
    return this.match(method, path);
  }

  /**
   * The exchange as the contract's router reads it (lib/contract/request.ts), once: its operation,
   * path parameters and query. HEAD is GET without the body (HTTP): where the contract has the GET,
   * it is judged as that GET.
   */
  private routed(ex: Observed): RoutedCall | undefined {
    const url = new URL('http://api.local');
    url.pathname = ex.path;
    url.search = ex.query.toString();
    const request: ApiRequest<ContractOperation> = routeRequest(this.router, {
      method: ex.method,
      url,
      headers: singleHeaders(ex.requestHeaders as Record<string, string | string[] | number | undefined>),
    });
    if (request.operation) return { op: request.operation, params: request.params, query: request.query };
    if (request.method !== 'HEAD' || request.path === undefined) return undefined;
    const get = this.router.matcher.match('GET', request.path);
    return get.kind === 'operation' ? { op: get.op, params: get.params, query: request.query } : undefined;
  }

  /** Checks one exchange; returns the violations it added. */
  check(ex: Observed): Violation[] {
    this.exchanges++;
    const added: Violation[] = [];
    const at = new Date(ex.at).toISOString();
    // A browser's CORS preflight is not an API call.
    if (ex.method === 'OPTIONS') return added;
    const request = this.routed(ex);
    const judged: JudgedExchange = { ex, at, added };
    if (!request) {
      this.unknownRoute(judged);
      return added;
    }
    const match: Match = { op: request.op, params: request.params };
    const id = match.op.id;
    const rejected = validateRequest(this.contract, this.schemas, request, ex);
    // A path value its parameter's schema refuses: the path is not this operation's (another
    // route of the deployment, or the client's mistake), so the answer is not judged as it.
    const wrongPath = rejected.filter((f) => f.where === 'path');
    if (wrongPath.length) {
      for (const f of wrongPath) this.requestError({ operationId: id, kind: 'request', expected: f.expected, got: f.got }, ex, at);
      return added;
    }
    this.operations[id] = (this.operations[id] ?? 0) + 1;
    // The answer's body is parsed once, for the coverage's error codes and the answer check alike.
    const answer = answerOf(ex);
    this.coverage.exchange(id, ex.status, ex.status >= 400 ? jsonValue(answer.json!()) : undefined);
    const relaxed = this.relaxed.get(id);
    judged.id = id;
    const add: Judge = (kind, expected, got, resource) => this.addViolation(judged, id, kind, expected, got, resource);
    const spare: Judge = (kind, expected, got, resource) => this.addUnverified(judged, id, relaxed!, kind, expected, got, resource);
    this.judgeRequest(judged, rejected, relaxed, add, spare);
    const { findings, unverified, body } = validateResponse(this.schemas, match, answer, relaxed);
    for (const f of findings) add(f.kind, f.expected, f.got);
    for (const f of unverified) spare(f.kind, f.expected, f.got);
    if (ex.status < 200 || ex.status >= 300 || body === undefined) return added;
    // A guessed operation's success answer says nothing the contract states: its lifecycle and
    // credit findings are not judged.
    this.judgeSuccess(ex, match, body, relaxed?.kind === 'guess' ? spare : add);
    return added;
  }

  /** A violation of this exchange; the same problem seen again (a client polling a broken resource) is counted, not repeated. */
  private addViolation(
    judged: JudgedExchange,
    operationId: string | null,
    kind: ViolationKind,
    expected: string,
    got: string,
    resource?: string,
  ): void {
    const { ex, at } = judged;
    const fields = { operationId, kind, method: ex.method, path: ex.path, status: ex.status, resource, expected, got, at };
    const message = describeViolation(fields);
    const same = this.seen.get(`${kind}|${message}`);
    if (same) {
      same.repeats = (same.repeats ?? 0) + 1;
      return;
    }
    if (!this.admit('violations', operationId)) return;
    const request = findingRequest(ex);
    const v: Violation = { ...fields, message, ...(request ? { request } : {}) };
    this.seen.set(`${kind}|${message}`, v);
    this.violations.push(v);
    judged.added.push(v);
    this.onViolation?.(v);
  }

  /** What the exchange showed where the contract is a guess: listed as unverified, never a violation. */
  private addUnverified(
    judged: JudgedExchange,
    id: string,
    relaxed: Relaxation,
    kind: ViolationKind,
    expected: string,
    got: string,
    resource?: string,
  ): void {
    const { ex, at } = judged;
    const message = describeViolation({
      operationId: id,
      kind,
      method: ex.method,
      path: ex.path,
      status: ex.status,
      resource,
      expected,
      got,
      at,
    });
    const same = this.unverified.find((u) => u.kind === kind && u.message === message);
    if (same) {
      same.repeats = (same.repeats ?? 0) + 1;
      return;
    }
    if (!this.admit('unverified', id)) return;
    this.unverified.push({ operationId: id, kind, message, why: relaxed.reason.replace(/\s+/g, ' ').trim(), at });
  }

  /**
   * A request the contract rejects is the client's mistake (requestErrors). Where the request itself
   * is not shown, the contract's request schema is a guess and says nothing either way.
   */
  private judgeRequest(judged: JudgedExchange, rejected: Finding[], relaxed: Relaxation | undefined, add: Judge, spare: Judge): void {
    const { ex, at } = judged;
    const id = judged.id!;
    for (const f of rejected) {
      if (relaxed?.requestUnknown) spare(f.kind, f.expected, f.got);
      else this.requestError({ operationId: id, kind: 'request', expected: f.expected, got: f.got }, ex, at);
    }
    if (!rejected.length || relaxed?.requestUnknown || ex.status < 200 || ex.status >= 300) return;
    // The API took what the contract refuses: its fault where the source states the rule broken
    // (a parameter or body schema without x-unspecified), unverified where that rule is a guess.
    const stated = rejected.filter((f) => !f.guess);
    const describe = (list: typeof rejected) => list.map((f) => `${f.expected}, got ${f.got}`).join('; ');
    const expected = 'a refusal (documented 4xx in the error envelope)';
    if (stated.length) add('accepted-invalid', expected, `${ex.status}: accepted input the contract rejects (${describe(stated)})`);
    else if (relaxed) spare('accepted-invalid', expected, `${ex.status}: accepted ${describe(rejected)}`);
    else add('accepted-invalid', expected, `${ex.status}: accepted input the contract rejects (${describe(rejected)})`);
  }

  /** A success answer's lifecycle (state machines) and credits. */
  private judgeSuccess(ex: Observed, match: Match, body: unknown, judge: Judge): void {
    const id = match.op.id;
    const account = accountKey(ex.requestHeaders.authorization);
    this.credits.credential(account, ex.requestHeaders.authorization as string | undefined);
    const firstParam = Object.values(match.params)[0];
    const dataId = (body as { data?: { id?: unknown } })?.data?.id;
    const resourceId = firstParam ?? (dataId !== undefined && dataId !== null ? String(dataId) : undefined);
    const life = this.lifecycle.observe(account, id, resourceId, body);
    for (const f of life.findings) judge(f.kind, f.expected, f.got, f.resource);
    for (const promise of life.refunds) this.credits.promise(account, promise, ex.at);
    const resource = life.refunds[0]?.resource ?? this.resourceOf(id, resourceId);
    for (const f of this.credits.observe(account, match.op, body, resource, ex.at))
      judge(f.kind, f.expected, f.got, f.resource ?? resource);
  }

  /** A finding of the proxy's own confirming reads (confirm-refunds.ts), kept like any violation. */
  creditViolation(
    operationId: string,
    path: string,
    status: number,
    f: { kind: ViolationKind; expected: string; got: string; resource?: string },
    method = 'GET',
  ): void {
    const at = new Date().toISOString();
    const fields = { operationId, kind: f.kind, method, path, status, resource: f.resource, expected: f.expected, got: f.got, at };
    const v: Violation = { ...fields, message: describeViolation(fields) };
    if (!this.admit('violations', operationId)) return;
    this.violations.push(v);
    this.onViolation?.(v);
  }

  private requestError(error: Omit<RequestError, 'message' | 'method' | 'path' | 'status' | 'at'>, ex: Observed, at: string): void {
    const message = `${error.operationId ?? '(no operation)'} ${ex.method} ${ex.path}: the contract expects ${error.expected}; the client sent ${error.got}; the API answered ${ex.status}`;
    const same = this.requestErrors.find((e) => e.kind === error.kind && e.message === message);
    if (same) {
      same.repeats = (same.repeats ?? 0) + 1;
      return;
    }
    if (!this.admit('requestErrors', error.operationId)) return;
    const full: RequestError = { ...error, message, method: ex.method, path: ex.path, status: ex.status, at };
    this.requestErrors.push(full);
    this.onRequestError?.(full);
  }

  /**
   * An exchange the proxy could not complete. The same failure on the same operation again is
   * counted (repeats), not listed again.
   */
  targetError(method: string, path: string, error: Error & { code?: string }, at = Date.now()): TargetError | undefined {
    const operationId = this.match(method, path)?.op.id ?? null;
    const kind: TargetError['kind'] =
      error.code === 'ECONNREFUSED'
        ? 'refused'
        : error.code === 'ECONNRESET' || /socket hang up/i.test(error.message)
          ? 'reset'
          : error.code === 'ETIMEDOUT' || /timed out/i.test(error.message)
            ? 'timeout'
            : error.code === 'EUNDECODABLE'
              ? 'undecodable'
              : 'unreachable';
    const same = this.targetErrors.find((e) => e.operationId === operationId && e.kind === kind);
    if (same) {
      same.repeats = (same.repeats ?? 0) + 1;
      return undefined;
    }
    if (!this.admit('targetErrors', operationId)) return undefined;
    const message =
      kind === 'undecodable'
        ? `${operationId ?? '(no operation)'} ${method} ${path}: the answer's body does not decode as its Content-Encoding says: ${error.message}`
        : `${operationId ?? '(no operation)'} ${method} ${path}: the target did not answer (${kind}): ${error.message}`;
    const found: TargetError = { operationId, kind, message, method, path, at: new Date(at).toISOString() };
    this.targetErrors.push(found);
    return found;
  }

  /**
   * An answer whose body the proxy streamed through unjudged. The same operation and reason again
   * raises `repeats` and keeps the largest size; returns the entry, whose `bytes` the caller may raise.
   */
  unjudgedAnswer(found: Omit<Unjudged, 'operationId' | 'at' | 'repeats'>, at = Date.now()): Unjudged | undefined {
    const operationId = this.match(found.method, found.path)?.op.id ?? null;
    const same = this.unjudged.find((u) => u.operationId === operationId && u.reason === found.reason);
    if (same) {
      same.repeats = (same.repeats ?? 0) + 1;
      same.bytes = Math.max(same.bytes, found.bytes);
      return same;
    }
    if (!this.admit('unjudged', operationId)) return undefined;
    const entry: Unjudged = { operationId, ...found, at: new Date(at).toISOString() };
    this.unjudged.push(entry);
    return entry;
  }

  /** Whether one more distinct finding of this list and group is kept; beyond FINDINGS_CAP it is counted as dropped. */
  private admit(list: Dropped['list'], operationId: string | null): boolean {
    const group = operationId ?? UNKNOWN_ROUTES;
    const key = `${list}|${group}`;
    const count = this.kept.get(key) ?? 0;
    if (count < FINDINGS_CAP) {
      this.kept.set(key, count + 1);
      return true;
    }
    const dropped = this.droppedByGroup.get(key) ?? { list, group, count: 0 };
    dropped.count++;
    this.droppedByGroup.set(key, dropped);
    return false;
  }

  /** The schemas of every documented answer with this status (the error envelope), as pointers. */
  private errorSchemaRefs(status: '404' | '405'): string[] {
    const refs = new Set<string>();
    for (const op of this.contract.operations()) {
      const node = (op.operation.responses as Record<string, { $ref?: string }>)[status];
      if (!node) continue;
      const content = (this.contract.deref(node) as { content?: Record<string, unknown> }).content ?? {};
      for (const media of Object.keys(content).filter((m) => /json/.test(m)))
        refs.add(
          node.$ref
            ? extendPointer(node.$ref, 'content', media, 'schema')
            : fragmentPointer(['paths', op.path, op.method, 'responses', status, 'content', media, 'schema']),
        );
    }
    return [...refs];
  }

  /**
   * A route the contract lacks (a trailing slash it does not write included): the client's
   * request error, and the API's answer judged as a refusal. Where the path is a guessed
   * operation's (x-unspecified-scope: operation), the method the source does not show may be the
   * real one: neither the client's error nor a violation; a success answer is listed as unverified.
   */
  private unknownRoute(judged: JudgedExchange): void {
    const { ex, at } = judged;
    const route = `${ex.method} ${ex.path}`;
    const guessed = this.router.matcher
      .templates(ex.path)
      .flatMap((t) => t.operations)
      .map((op) => this.relaxed.get(op.id))
      .find((r) => r?.kind === 'guess');
    if (guessed) {
      if (ex.status >= 200 && ex.status < 300)
        this.addUnverified(
          judged,
          guessed.operationId,
          guessed,
          'undocumented-operation',
          'an operation of the contract',
          `${route} answered ${ex.status}`,
        );
      return;
    }
    this.requestError({ operationId: null, kind: 'unknown-route', expected: 'an operation of the contract', got: route }, ex, at);
    const refused = this.unknownRouteRefusal(ex);
    if (refused) this.addViolation(judged, null, 'undocumented-operation', refused, `${route} answered ${ex.status}`);
  }

  /**
   * The API's answer on a route the contract lacks: undefined when right (a 4xx in the error
   * envelope: 404 or 405, or an earlier refusal such as 401/429), else what was expected.
   */
  private unknownRouteRefusal(ex: Observed): string | undefined {
    const expected = '404 or 405 in the error envelope (no such operation)';
    if (ex.status < 400 || ex.status >= 500) return expected;
    let body: unknown;
    try {
      body = JSON.parse(ex.responseBody.toString('utf8'));
    } catch {
      return `${expected}; the body is not JSON`;
    }
    const refs = [...this.envelopeRefs['404'], ...this.envelopeRefs['405']];
    if (!refs.length) return undefined;
    const problems = refs.map((ref) => this.schemas.check(ref, body));
    return problems.some((p) => p === undefined) ? undefined : `${expected}; ${problems[0]}`;
  }

  /** The machine resource an operation acts on (for a charge: the run its refund would belong to). */
  private resourceOf(operationId: string, resourceId: string | undefined): string | undefined {
    if (resourceId === undefined) return undefined;
    const machine = this.lifecycle.machineOf(operationId);
    return machine ? `${machine.name}#${resourceId}` : undefined;
  }

  report(): Report {
    return {
      exchanges: this.exchanges,
      blocked: this.blocked,
      violations: [...this.violations],
      requestErrors: [...this.requestErrors],
      unconfirmed: this.credits.unconfirmed(),
      relaxed: describeRelaxations([...this.relaxed.values()]),
      unverified: [...this.unverified],
      operations: { ...this.operations },
      coverage: this.coverageReport(),
      targetErrors: [...this.targetErrors],
      unjudged: this.unjudged.map((u) => ({ ...u })),
      findingsCap: FINDINGS_CAP,
      dropped: [...this.droppedByGroup.values()].map((d) => ({ ...d })),
    };
  }

  coverageReport(): CoverageReport {
    return this.coverage.report(this.credits.confirmedRefunds());
  }
}

/** A parsed body's value; undefined when it was not JSON. */
function jsonValue(read: ParsedBody): unknown {
  return read.parsed ? read.value : undefined;
}
