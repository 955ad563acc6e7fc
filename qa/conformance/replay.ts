// `video-api-conformance replay <report dir> [--case <id>]... [--base-url <url>]`: sends the failing
// requests a run recorded (run-report.json) again, with the token from CONFORMANCE_TOKEN (never in
// the report), and says per case whether it still fails. The answer is judged the way the case was
// found: an acceptance of input the contract refuses (ST201, RULE) fails again when accepted again;
// a refusal of valid input (ST202) when refused with a status the contract does not allow there; a
// server error when 5xx; anything about the answer itself (status, headers, content type, schema)
// by the validating proxy's checker. Exit code: 0 when no replayed case fails, 1 when one does, 2
// when the replay could not run (no report, an unknown case, no token).
import { Checker } from '../checker/checker.js';
import type { ReportFailure } from '../report/model.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPORT_JSON, readRunReport } from '../report/write.js';
import { relaxations } from '../../lib/contract/index.js';

const log = (line: string) => console.log(`[replay] ${line}`);

export interface ReplayArgs {
  dir: string;
  cases: string[];
  baseUrl?: string;
}

export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  const args: ReplayArgs = { dir: '', cases: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--case') args.cases.push(argv[++i] ?? '');
    else if (a === '--base-url') args.baseUrl = argv[++i];
    else if (a.startsWith('--')) throw new Error(`unknown option ${a} (replay <report dir> [--case <id>] [--base-url <url>])`);
    else if (!args.dir) args.dir = a;
    else throw new Error(`one report directory only, got "${args.dir}" and "${a}"`);
  }
  if (!args.dir) throw new Error('usage: video-api-conformance replay <report dir> [--case <id>] [--base-url <url>]');
  if (args.cases.some((c) => !c)) throw new Error('--case needs a case id (report.html shows each failure with its id)');
  return args;
}

/** Statuses a refusal of valid input may have: Schemathesis's own, a relaxed operation's, the contract's data refusals. */
function refusalAllowed(checker: Checker, failure: ReportFailure, status: number): boolean {
  if ([401, 403, 404, 409, 429].includes(status) || status < 400 || status >= 500) return true;
  const op =
    failure.operationId && checker.contract.hasOperation(failure.operationId) ? checker.contract.operation(failure.operationId) : undefined;
  if (op?.dataRefusals.some((r) => r.status === status)) return true;
  const relaxed = relaxations(checker.contract.doc).find((r) => r.operationId === failure.operationId);
  return !!relaxed && [400, 404, 422].includes(status);
}

/** Why the answer still fails the case, or undefined when it passes now. */
export function stillFails(checker: Checker, failure: ReportFailure, ex: Parameters<Checker['check']>[0]): string | undefined {
  const { status } = ex;
  if (['ST201', 'RULE', 'ACCEPTED-INVALID'].includes(failure.kind))
    return status < 400 || status >= 500 ? `answered ${status} to input the contract refuses` : undefined;
  if (failure.kind === 'ST202') return refusalAllowed(checker, failure, status) ? undefined : `refused valid input with ${status}`;
  if (status >= 500) return `answered ${status}`;
  const found = checker.check(ex);
  return found.length ? found.map((v) => `${v.kind}: ${v.message}`).join('; ') : undefined;
}

async function replayOne(failure: ReportFailure, base: string, token: string): Promise<string | undefined> {
  const request = failure.request!;
  const url = new URL(`${base}${request.path}`);
  const response = await fetch(url, {
    method: request.method,
    headers: { ...request.headers, authorization: `Bearer ${token}` },
    body: request.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  const checker = new Checker({ refundGraceMs: 0 });
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  return stillFails(checker, failure, {
    method: request.method,
    path: url.pathname.slice(basePath.length) || '/',
    query: url.searchParams,
    requestHeaders: { ...request.headers, authorization: `Bearer ${token}` },
    requestBody: Buffer.from(request.body ?? ''),
    status: response.status,
    responseHeaders: Object.fromEntries(response.headers.entries()),
    responseBody: body,
    at: Date.now(),
  });
}

export async function runReplay(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, stopped = () => false): Promise<number> {
  const args = parseReplayArgs(argv);
  if (!existsSync(path.join(args.dir, REPORT_JSON)))
    throw new Error(`${args.dir} holds no ${REPORT_JSON}: give the report directory of a conformance run or a proxy session`);
  const report = readRunReport(args.dir);
  const token = env.CONFORMANCE_TOKEN?.trim();
  if (!token) throw new Error('CONFORMANCE_TOKEN is required: the token to send (the report never holds one)');
  const base = (args.baseUrl ?? report.target).replace(/\/+$/, '');
  const unknown = args.cases.filter((id) => !report.failures.some((f) => f.id === id));
  if (unknown.length) throw new Error(`no such case in ${args.dir}: ${unknown.join(', ')} (report.html lists each failure's id)`);
  const chosen = args.cases.length ? report.failures.filter((f) => args.cases.includes(f.id)) : report.failures;
  log(`replaying ${chosen.length} case(s) of ${args.dir} against ${base}`);
  let failing = 0;
  let replayed = 0;
  for (const failure of chosen) {
    if (stopped()) {
      log('stopped (SIGTERM/SIGINT): the cases not yet replayed are left out');
      break;
    }
    if (!failure.request) {
      log(`  - ${failure.id} ${failure.kind} ${failure.operation}: not one request (a sequence or a flow): run that phase again`);
      continue;
    }
    replayed++;
    const why = await replayOne(failure, base, token);
    if (why) failing++;
    log(`  ${why ? '✗ still fails' : '✓ passes now'} ${failure.id} ${failure.kind} ${failure.operation}${why ? `: ${why}` : ''}`);
  }
  log(`${failing} of ${replayed} replayed case(s) still fail`);
  if (args.cases.length && replayed === 0) return 2;
  return failing ? 1 : 0;
}
