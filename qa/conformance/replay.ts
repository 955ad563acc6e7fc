// `video-api-conformance replay <report dir> [--case <id>]... [--base-url <url>]`: sends the failing
// requests a run recorded (run-report.json) again, to --base-url or CONFORMANCE_BASE_URL only (the
// report's own target is shown, not used unasked), with the token from CONFORMANCE_TOKEN (never in
// the report; a recorded credential is never sent: replay-request.ts), and says per case whether it
// still fails. A case on a resource (a path parameter) that answers 404, or whose resource read
// first is missing, cannot tell (a reset staging, the mock): it is counted apart, never "passes
// now". A recorded request that would leave the base URL or has an unusual method is a bad case,
// not sent. The answer is judged the way the case was
// found: an acceptance of input the contract refuses (ST201, RULE) fails again when accepted again;
// a refusal of valid input (ST202) when refused with a status the contract does not allow there; a
// server error when 5xx; anything about the answer itself (status, headers, content type, schema)
// by the validating proxy's checker. Exit code: 0 when no replayed case fails, 1 when one does, 2
// when the replay could not run (no report, an unknown case, no token, no base URL), 3 when none
// fails but some case could not tell or was bad.
import { Checker } from '../checker/checker.js';
import { curlLine } from '../report/curl.js';
import type { RecordedRequest, ReportFailure, RunReport } from '../report/model.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPORT_JSON, readRunReport } from '../report/write.js';
import {
  ContractModel,
  type ContractOperation,
  type PathMatcher,
  RequestRouter,
  relaxations,
  templateSegments,
} from '../../lib/contract/index.js';
import { badCase, replayBase, replayHeaders, replayUrl } from './replay-request.js';
import { shrink } from './replay-shrink.js';

const log = (line: string) => console.log(`[replay] ${line}`);

export interface ReplayArgs {
  dir: string;
  cases: string[];
  baseUrl?: string;
  /** --shrink: for a case that still fails, the smallest request that fails the same way. */
  shrink?: boolean;
}

export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  const args: ReplayArgs = { dir: '', cases: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--case') args.cases.push(argv[++i] ?? '');
    else if (a === '--base-url') args.baseUrl = argv[++i];
    else if (a === '--shrink') args.shrink = true;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a} (replay <report dir> [--case <id>] [--base-url <url>] [--shrink])`);
    else if (!args.dir) args.dir = a;
    else throw new Error(`one report directory only, got "${args.dir}" and "${a}"`);
  }
  if (!args.dir) throw new Error('usage: video-api-conformance replay <report dir> [--case <id>] [--base-url <url>] [--shrink]');
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

type Outcome = { verdict: 'fails' | 'passes' | 'cannot-tell' | 'bad'; why?: string };

interface ReplayTarget {
  base: URL;
  token: string;
  contract: ContractModel;
  matcher: PathMatcher<ContractOperation>;
}

/** One exchange with the target: the answer's status, headers and body. */
async function send(target: ReplayTarget, method: string, path: string, request?: RecordedRequest) {
  const url = replayUrl(target.base, path);
  const headers = replayHeaders(request?.headers ?? { Accept: 'application/json' }, target.token);
  const body = method === 'GET' || method === 'HEAD' ? undefined : request?.body;
  const response = await fetch(url, { method, headers, body, redirect: 'manual' });
  return { url, headers, response, answer: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The read of the resource a case acts on (GET of its path up to its last path parameter that has
 * a GET), for a case that is not that read itself; undefined when there is none.
 */
export function resourceRead(matcher: PathMatcher<ContractOperation>, method: string, path: string): string | undefined {
  const parts = path.split('/');
  const found = matcher.match(method, path);
  if (found.kind === 'not-found') return undefined;
  // The template's segments, read by lib/contract (the first one follows the leading '/').
  const segments = templateSegments(found.template);
  const template = ['', ...segments.map((s) => ('param' in s ? `{${s.param}}` : s.literal))];
  for (let end = template.length; end > 1; end--) {
    if (!('param' in segments[end - 2])) continue;
    const prefix = parts.slice(0, end).join('/');
    const read = matcher.match('GET', prefix);
    if (read.kind !== 'operation' || read.template !== template.slice(0, end).join('/')) continue;
    return method.toUpperCase() === 'GET' && prefix === path ? undefined : prefix;
  }
  return undefined;
}

async function replayOne(failure: ReportFailure, target: ReplayTarget): Promise<Outcome> {
  const request = failure.request!;
  const bad = badCase(request, target.base);
  if (bad) return { verdict: 'bad', why: bad };
  const method = request.method.toUpperCase();
  const pathOnly = request.path.split('?', 1)[0];
  const route = target.matcher.match(method, pathOnly);
  const hasParam = route.kind !== 'not-found' && route.template.includes('{');
  const gone = (status: number, what: string) =>
    hasParam && status === 404 ? `the recorded resource ${what} is gone on ${target.base.href} (404)` : undefined;
  const read = hasParam ? resourceRead(target.matcher, method, pathOnly) : undefined;
  if (read) {
    const first = await send(target, 'GET', read);
    const missing = gone(first.response.status, read);
    if (missing) return { verdict: 'cannot-tell', why: missing };
  }
  const { url, headers, response, answer } = await send(target, method, request.path, request);
  const missing = gone(response.status, pathOnly);
  if (missing) return { verdict: 'cannot-tell', why: missing };
  const basePath = target.base.pathname.replace(/\/+$/, '');
  const why = stillFails(new Checker({ contract: target.contract, refundGraceMs: 0 }), failure, {
    method,
    path: url.pathname.slice(basePath.length) || '/',
    query: url.searchParams,
    requestHeaders: headers,
    requestBody: Buffer.from(request.body ?? ''),
    status: response.status,
    responseHeaders: Object.fromEntries(response.headers.entries()),
    responseBody: answer,
    at: Date.now(),
  });
  return why ? { verdict: 'fails', why } : { verdict: 'passes' };
}

/** The shrunk reproduction of a case that still fails, as one line to print. */
async function shrunkLine(failure: ReportFailure, why: string | undefined, target: ReplayTarget): Promise<string> {
  const shrunk = await shrink(failure, why, (candidate) => replayOne(candidate, target));
  if (!shrunk.dropped.length) return 'shrunk: nothing could be left out (every part is needed to fail this way)';
  const { method, path: sent, headers, body } = shrunk.request;
  const contentType = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const curl = curlLine({ method, url: replayUrl(target.base, sent).href, contentType, body });
  return `shrunk (left out ${shrunk.dropped.join(', ')}): ${curl}`;
}

const LABELS: Record<Outcome['verdict'], string> = {
  fails: '✗ still fails',
  passes: '✓ passes now',
  'cannot-tell': '? cannot tell',
  bad: '! bad case, not sent',
};

/** The report, the target and the cases chosen; throws (exit 2) when the replay cannot run. */
function prepare(args: ReplayArgs, env: NodeJS.ProcessEnv): { report: RunReport; target: ReplayTarget; chosen: ReportFailure[] } {
  if (!existsSync(path.join(args.dir, REPORT_JSON)))
    throw new Error(`${args.dir} holds no ${REPORT_JSON}: give the report directory of a conformance run or a proxy session`);
  const report = readRunReport(args.dir);
  const token = env.CONFORMANCE_TOKEN?.trim();
  if (!token) throw new Error('CONFORMANCE_TOKEN is required: the token to send (the report never holds one)');
  const unknown = args.cases.filter((id) => !report.failures.some((f) => f.id === id));
  if (unknown.length) throw new Error(`no such case in ${args.dir}: ${unknown.join(', ')} (report.html lists each failure's id)`);
  const base = replayBase(args.baseUrl, env, report.target);
  const chosen = args.cases.length ? report.failures.filter((f) => args.cases.includes(f.id)) : report.failures;
  const contract = ContractModel.load();
  return { report, target: { base, token, contract, matcher: new RequestRouter(contract.operations(), '').matcher }, chosen };
}

export async function runReplay(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, stopped = () => false): Promise<number> {
  const args = parseReplayArgs(argv);
  const { report, target, chosen } = prepare(args, env);
  log(`replaying ${chosen.length} case(s) of ${args.dir} (recorded against ${report.target}) against ${target.base.href}`);
  const counts = { fails: 0, passes: 0, 'cannot-tell': 0, bad: 0 };
  for (const failure of chosen) {
    if (stopped()) {
      log('stopped (SIGTERM/SIGINT): the cases not yet replayed are left out');
      break;
    }
    if (!failure.request) {
      log(`  - ${failure.id} ${failure.kind} ${failure.operation}: not one request (a sequence or a flow): run that phase again`);
      continue;
    }
    const outcome = await replayOne(failure, target).catch(
      (error: Error): Outcome => ({ verdict: 'cannot-tell', why: `could not send it: ${error.message}` }),
    );
    counts[outcome.verdict]++;
    log(`  ${LABELS[outcome.verdict]} ${failure.id} ${failure.kind} ${failure.operation}${outcome.why ? `: ${outcome.why}` : ''}`);
    if (args.shrink && outcome.verdict === 'fails') log(`    ${await shrunkLine(failure, outcome.why, target)}`);
  }
  const judged = counts.fails + counts.passes;
  log(
    `${counts.fails} of ${judged} replayed case(s) still fail; ${counts['cannot-tell']} could not tell; ${counts.bad} bad case(s) not sent`,
  );
  if (args.cases.length && judged + counts['cannot-tell'] + counts.bad === 0) return 2;
  if (counts.fails) return 1;
  return counts['cannot-tell'] || counts.bad ? 3 : 0;
}
