// What a run's report.html (and run-report.json beside it) holds, whichever tool ran: the verdict,
// the counts by kind, the coverage and every failure with what the contract says, what came back
// and how to reproduce it. The conformance runner and the validating proxy each build one of these
// (from-conformance.ts, from-proxy.ts); html.ts renders it; replay and merge read run-report.json.
// Tokens are never part of it: a reproduction names the token as a placeholder.
import { createHash } from 'node:crypto';
import type { CoverageReport } from '../checker/coverage.js';

/** A request as sent, without credentials: enough to send it again (replay). */
/** One failure Schemathesis reported (parsed from its JUnit by qa/conformance/summary.ts). */
export interface Finding {
  operation: string;
  /** Schemathesis's failure code, e.g. ST103 (`st explain ST103` describes it). */
  code: string;
  title: string;
  detail: string;
  curl?: string;
  /** The answer Schemathesis printed with the failure: its status line and body. */
  response?: string;
}

export interface RecordedRequest {
  method: string;
  /** Path below the base URL (/v2), with the query string. */
  path: string;
  /** Headers other than Authorization (content type, accept). */
  headers: Record<string, string>;
  /** The body as text (JSON), if any. */
  body?: string;
}

export interface ReportFailure {
  /** Stable id of the failure (its kind, operation and request), used by replay --case and in links. */
  id: string;
  /** Which part of the run found it: Schemathesis, the rules phase, the flows, the proxy. */
  source: 'schemathesis' | 'rules' | 'flows' | 'proxy';
  /** ST202, RULE, FLOW, REFUND, SCHEMA, ... */
  kind: string;
  /** `PUT /account/auto-topup`, or a flow's name. */
  operation: string;
  operationId?: string;
  title: string;
  /** What the contract says there. */
  contract: string;
  /** What came back. */
  got: string;
  /** A curl command with the token as a placeholder ($CONFORMANCE_TOKEN). */
  curl?: string;
  /** The request to replay; absent where one request cannot reproduce it (a sequence, a flow). */
  request?: RecordedRequest;
}

/** One stated rule of the contract and its verdict on the target (the conformance rules table). */
export interface RuleRow {
  id: string;
  /** refused in state, estimate = charge, charge = meta.credits, refund, ownership, order, refusal, limit */
  family: string;
  operationIds: string[];
  rule: string;
  verdict: 'passed' | 'failed' | 'not reachable';
  /** Why it was not reachable, or what passed. */
  why?: string;
  /** For a failure: each request and what came back. */
  evidence: string[];
}

export interface RunReport {
  tool: 'conformance' | 'proxy';
  title: string;
  verdict: 'passed' | 'failed';
  /** Why the verdict is what it is, in a line or two. */
  because: string[];
  /** The deployment's base URL (ends in /v2). */
  target: string;
  startedAt: string;
  seconds: number;
  /** Failures by kind. */
  counts: Record<string, number>;
  /** Further figures (exchanges, request errors, unconfirmed refunds, ...). */
  figures: Record<string, number>;
  coverage: CoverageReport;
  failures: ReportFailure[];
  /** Notes that are not failures (unconfirmed refunds, skipped flows). */
  notes: string[];
  /** Where the report directory was written (for the replay command shown). */
  reportDir: string;
  /** Shard `i/n` this report covers, when the run was split (merge.ts joins them). */
  shard?: string;
  /** Every stated rule and its verdict (conformance only; a report file from before it has none). */
  rules?: RuleRow[];
}

/** A stable, short id for a failure. */
export function failureId(kind: string, operation: string, detail: string): string {
  const hash = createHash('sha256').update(`${kind}\n${operation}\n${detail}`).digest('hex').slice(0, 8);
  return `${kind.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${hash}`;
}

export function countByKind(failures: readonly ReportFailure[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const f of failures) counts[f.kind] = (counts[f.kind] ?? 0) + 1;
  return counts;
}
