// The validating proxy's report as a RunReport for report.html: each violation with what the
// contract expected and what came, a reproduction (curl, with the query and the body the checker
// kept: qa/checker/exchange-request.ts), a replayable request for a read (GET), target errors as
// failures too (staging not answering is never a pass), unconfirmed refunds and request errors as notes.
import { RECORDED_BODY_CAP } from '../checker/exchange-request.js';
import type { Report } from '../checker/types.js';
import { curlLine } from './curl.js';
import { countByKind, failureId, type ReportFailure, type RunReport } from './model.js';

/** Kinds a single request cannot show again (they are judged over several exchanges). */
const OVER_TIME = new Set(['state', 'transition', 'terminal', 'refund']);

export interface ProxyRunInfo {
  target: string;
  startedAt: string;
  seconds: number;
  reportDir: string;
  failed: boolean;
  because: string[];
}

/** The reproduction of the request that showed a violation: its query and body as kept, a cut body said so. */
function reproduction(v: Report['violations'][number], target: string): string {
  const r = v.request;
  const url = `${target.replace(/\/+$/, '')}${v.path}${r?.query ?? ''}`;
  const line = curlLine({ method: v.method, url, contentType: r?.contentType, body: r?.body });
  if (r?.bodyCut) return `${line}   # the body was cut: the first ${RECORDED_BODY_CAP} of ${r.bodyBytes} bytes are kept`;
  if (r?.bodyNotKept) return `${line}   # the ${r.bodyBytes}-byte body is not in the report (${r.bodyNotKept})`;
  return line;
}

function violationFailure(v: Report['violations'][number], target: string): ReportFailure {
  const kind = v.kind.toUpperCase();
  const replayable = v.method === 'GET' && !OVER_TIME.has(v.kind);
  return {
    id: failureId(kind, `${v.method} ${v.path}`, v.message),
    source: 'proxy',
    kind,
    operation: `${v.method} ${v.path}`,
    operationId: v.operationId ?? undefined,
    title: `${v.message}${v.repeats ? ` (seen ${v.repeats + 1} times)` : ''}`,
    contract: v.expected ?? v.message,
    got: `${v.got} (status ${v.status})`,
    curl: reproduction(v, target),
    request: replayable
      ? { method: v.method, path: `${v.path}${v.request?.query ?? ''}`, headers: { Accept: 'application/json' } }
      : undefined,
  };
}

export function runReportFromProxy(report: Report, info: ProxyRunInfo): RunReport {
  const failures = report.violations.map((v) => violationFailure(v, info.target));
  for (const e of report.targetErrors)
    failures.push({
      id: failureId('TARGET-ERROR', `${e.method} ${e.path}`, e.message),
      source: 'proxy',
      kind: 'TARGET-ERROR',
      operation: `${e.method} ${e.path}`,
      operationId: e.operationId ?? undefined,
      title: e.message,
      contract: 'the deployment answers every request',
      got: `no answer (${e.kind})`,
    });
  return {
    tool: 'proxy',
    title: 'Validating proxy',
    verdict: info.failed ? 'failed' : 'passed',
    because: info.because,
    target: info.target,
    startedAt: info.startedAt,
    seconds: info.seconds,
    counts: countByKind(failures),
    figures: {
      exchanges: report.exchanges,
      'request errors (the client)': report.requestErrors.length,
      'unconfirmed refunds': report.unconfirmed.length,
      'unverified (a guess)': report.unverified.length,
      blocked: report.blocked,
    },
    coverage: report.coverage,
    failures,
    notes: [
      ...report.unconfirmed.map((u) => `unconfirmed: ${u.message}`),
      ...report.requestErrors.map((e) => `request error (the client's): ${e.message}`),
    ],
    reportDir: info.reportDir,
  };
}
