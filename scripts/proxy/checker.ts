// The checker: every exchange that crossed the proxy goes through the same stages, in order:
// match the operation, validate the request, validate the response, then (on a 2xx) the lifecycle
// tracker and the credit tracker. Each finding becomes one Violation, printed as one line when it
// happens and kept for the report, unless the contract says the place is a guess: the leniency is
// conformance's own (lib/contract/leniency.ts, derived from x-unspecified / x-unspecified-scope),
// and what it spares is listed as `unverified`, never counted. Conformance's flows phase runs its HTTP through this class too.
import { createHash } from 'node:crypto';
import { Contract, describeRelaxations, relaxations, type Relaxation } from '../../lib/contract/index.js';
import { CreditTracker } from './credits.js';
import { LifecycleTracker } from './lifecycle.js';
import { operationMatcher, type Match } from './match.js';
import { Schemas } from './schemas.js';
import type { Observed, Report, Unverified, Violation, ViolationKind } from './types.js';
import { validateRequest } from './validate-request.js';
import { validateResponse } from './validate-response.js';

export interface CheckerOptions {
  contract?: Contract;
  /** How long a refund may lag the failed status before a balance without it is a violation. */
  refundGraceMs?: number;
  /** Called with each violation as it happens (the proxy prints it). */
  onViolation?: (violation: Violation) => void;
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

/** The one line printed as a violation happens. */
export function formatViolation(v: Violation): string {
  return `✗ ${v.kind} ${v.message}`;
}

/** Default refund grace: the slowest polling interval the contract states for a refunding machine. */
export function defaultRefundGraceMs(contract: Contract): number {
  const seconds = contract.machines.filter((m) => m.transitions.some((t) => t.refund)).map((m) => m.pollIntervalSeconds?.max ?? 0);
  return Math.max(0, ...seconds) * 1000;
}

export class Checker {
  readonly contract: Contract;
  readonly lifecycle: LifecycleTracker;
  readonly credits: CreditTracker;
  readonly violations: Violation[] = [];
  readonly unverified: Unverified[] = [];
  /** The relaxed operations by id: the same list conformance relaxes (lib/contract/leniency.ts). */
  readonly relaxed: ReadonlyMap<string, Relaxation>;
  exchanges = 0;
  blocked = 0;
  private readonly operations: Record<string, number> = {};
  private readonly seen = new Map<string, Violation>();
  private readonly match: (method: string, path: string) => Match | undefined;
  private readonly schemas: Schemas;
  private readonly onViolation?: (violation: Violation) => void;

  constructor(options: CheckerOptions = {}) {
    this.contract = options.contract ?? Contract.load();
    this.match = operationMatcher(this.contract);
    this.schemas = new Schemas(this.contract);
    this.lifecycle = new LifecycleTracker(this.contract);
    this.credits = new CreditTracker(this.contract, options.refundGraceMs ?? defaultRefundGraceMs(this.contract));
    this.onViolation = options.onViolation;
    this.relaxed = new Map(relaxations(this.contract.doc).map((r) => [r.operationId, r]));
  }

  matchOperation(method: string, path: string): Match | undefined {
    return this.match(method, path);
  }

  /** Checks one exchange; returns the violations it added. */
  check(ex: Observed): Violation[] {
    this.exchanges++;
    const added: Violation[] = [];
    const at = new Date(ex.at).toISOString();
    const add = (operationId: string | null, kind: ViolationKind, expected: string, got: string, resource?: string) => {
      const fields = { operationId, kind, method: ex.method, path: ex.path, status: ex.status, resource, expected, got, at };
      const message = describeViolation(fields);
      // The same problem seen again (a client polling a broken resource) is counted, not repeated.
      const same = this.seen.get(`${kind}|${message}`);
      if (same) {
        same.repeats = (same.repeats ?? 0) + 1;
        return;
      }
      const v: Violation = { ...fields, message };
      this.seen.set(`${kind}|${message}`, v);
      this.violations.push(v);
      added.push(v);
      this.onViolation?.(v);
    };
    // A browser's CORS preflight is not an API call.
    if (ex.method === 'OPTIONS') return added;
    const match = this.match(ex.method, ex.path);
    if (!match) {
      add(null, 'undocumented-operation', 'an operation of the contract', `${ex.method} ${ex.path} (status ${ex.status})`);
      return added;
    }
    const id = match.op.id;
    this.operations[id] = (this.operations[id] ?? 0) + 1;
    const relaxed = this.relaxed.get(id);
    const spare = (kind: ViolationKind, expected: string, got: string, resource?: string) => {
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
      this.unverified.push({ operationId: id, kind, message, why: relaxed!.reason.replace(/\s+/g, ' ').trim(), at });
    };
    // Where the request itself is not shown, the contract's request schema is a guess.
    for (const f of validateRequest(this.contract, this.schemas, match, ex)) {
      if (relaxed?.requestUnknown) spare(f.kind, f.expected, f.got);
      else add(id, f.kind, f.expected, f.got);
    }
    const { findings, unverified, body } = validateResponse(this.contract, this.schemas, match, ex, relaxed);
    for (const f of findings) add(id, f.kind, f.expected, f.got);
    for (const f of unverified) spare(f.kind, f.expected, f.got);
    if (ex.status < 200 || ex.status >= 300 || body === undefined) return added;

    const account = accountKey(ex.requestHeaders.authorization);
    const firstParam = Object.values(match.params)[0];
    const dataId = (body as { data?: { id?: unknown } })?.data?.id;
    const resourceId = firstParam ?? (dataId !== undefined && dataId !== null ? String(dataId) : undefined);
    // A guessed operation's success answer says nothing the contract states: its lifecycle and
    // credit findings are not judged.
    const judge =
      relaxed?.kind === 'guess'
        ? spare
        : (kind: ViolationKind, expected: string, got: string, resource?: string) => add(id, kind, expected, got, resource);
    const life = this.lifecycle.observe(account, id, resourceId, body);
    for (const f of life.findings) judge(f.kind, f.expected, f.got, f.resource);
    for (const promise of life.refunds) this.credits.promise(account, promise, ex.at);
    const resource = life.refunds[0]?.resource ?? this.resourceOf(id, resourceId);
    for (const f of this.credits.observe(account, match.op, body, resource, ex.at))
      judge(f.kind, f.expected, f.got, f.resource ?? resource);
    return added;
  }

  /** The machine resource an operation acts on (for a charge: the run its refund would belong to). */
  private resourceOf(operationId: string, resourceId: string | undefined): string | undefined {
    if (resourceId === undefined) return undefined;
    const machine = this.contract.machines.find(
      (m) => m.pollOperationIds.includes(operationId) || m.transitions.some((t) => t.operationIds?.includes(operationId)),
    );
    return machine ? `${machine.name}#${resourceId}` : undefined;
  }

  report(): Report {
    return {
      exchanges: this.exchanges,
      blocked: this.blocked,
      violations: [...this.violations],
      unconfirmed: this.credits.unconfirmed(),
      relaxed: describeRelaxations([...this.relaxed.values()]),
      unverified: [...this.unverified],
      operations: { ...this.operations },
    };
  }
}
