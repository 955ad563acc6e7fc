// The client's contract checks, loaded (import()) only by a client created with `validate`: the
// contract's own compiled validators (lib/contract/validators.ts, one Ajv set-up over the bundle),
// the answer check the proxy's checker runs (lib/contract/response-check.ts), the request check the
// mock runs (lib/contract/request-check.ts), and the leniency rule both share (leniency.ts). Nothing
// here is a second reading of the contract. The bundle comes in as data, and nothing on this
// module's import graph imports Node, so it runs in browsers too. Ajv is an optional peer of the
// package: a client that does not validate never loads it.
import bundle from '../generated/openapi.json' with { type: 'json' };
import { BundleModel, type ContractOperation } from '../lib/contract/bundle-model.js';
import { isGuessedParameter, isGuessedViolation, type Relaxation, relaxations } from '../lib/contract/leniency.js';
import { headerMediaType } from '../lib/contract/media-type.js';
import { escapeToken } from '../lib/contract/pointer.js';
import type { RequestInput } from '../lib/contract/request-check.js';
import { queryOf } from '../lib/contract/serialisation.js';
import { type AnswerFinding, checkAnswer } from '../lib/contract/response-check.js';
import { Validators } from '../lib/contract/validators.js';
import type { RequestViolation } from '../lib/contract/violations.js';
import type { OperationId } from '../generated/contract.js';
import { type ContractProblem, ContractViolationError } from './contract-violation.js';

/** What the client's validate middleware calls. */
export interface ContractChecks {
  /** The request's violations, or undefined when the contract takes it (or the operation is not the contract's). */
  request(
    request: Request,
    pathTemplate: string,
    pathParams: Record<string, unknown> | undefined,
  ): Promise<ContractViolationError | undefined>;
  response(method: string, pathTemplate: string, response: Response): Promise<ContractViolationError | undefined>;
}

/** The checks over the contract the package was built from. */
export function contractChecks(redact: (text: string) => string): ContractChecks {
  const validators = Validators.of(BundleModel.of(bundle));
  const model = validators.model;
  const byRoute = new Map(model.operations().map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry]));
  const relaxed = new Map(relaxations(model).map((r) => [r.operationId, r]));
  const find = (method: string, path: string) => byRoute.get(`${method.toUpperCase()} ${path}`);
  const violation = (entry: ContractOperation, direction: 'request' | 'response', problems: ContractProblem[], status?: number) =>
    problems.length
      ? new ContractViolationError(
          { operationId: entry.id as OperationId, method: entry.method.toUpperCase(), path: entry.path, direction, status, problems },
          redact,
        )
      : undefined;
  return {
    async request(request, pathTemplate, pathParams) {
      const entry = find(request.method, pathTemplate);
      const relaxation = entry && relaxed.get(entry.id);
      // Where the request itself is not shown, the contract's request schema is a guess: nothing to hold against it.
      if (!entry || relaxation?.requestUnknown) return undefined;
      return violation(entry, 'request', await requestProblems(validators, entry, request, pathParams));
    },
    async response(method, pathTemplate, response) {
      const entry = find(method, pathTemplate);
      if (!entry) return undefined;
      const problems = await answerProblems(validators, entry, response, relaxed.get(entry.id));
      return violation(entry, 'response', problems, response.status);
    },
  };
}

async function answerProblems(validators: Validators, entry: ContractOperation, response: Response, relaxation?: Relaxation) {
  const type = headerMediaType(response.headers.get('content-type'));
  // Only a JSON body is validated, so only a JSON body is read (a video download streams untouched).
  const text = /json/.test(type) ? await response.clone().text() : undefined;
  const declaredEmpty = response.status === 204 || response.status === 304 || response.headers.get('content-length') === '0';
  const answer = {
    status: response.status,
    header: (name: string) => response.headers.get(name) ?? undefined,
    hasBody: text !== undefined ? text.length > 0 : response.body !== null && !declaredEmpty,
    text: () => text ?? '',
  };
  // What the leniency spares (`unverified`) is not thrown: the same rule as the proxy's checker.
  return checkAnswer(validators, entry, answer, relaxation).findings.flatMap(answerProblem);
}

function answerProblem(finding: AnswerFinding): ContractProblem[] {
  if (finding.problems?.length)
    return finding.problems.map((p) => ({ location: 'body', pointer: p.pointer, rule: p.keyword, message: p.message }));
  if (finding.kind === 'header') {
    // "header X-RateLimit-Limit (required on 200)" absent, or "X-RateLimit-Limit an integer"
    const [, name = '', rest = ''] = /^(?:header )?(\S+) ?(.*)$/.exec(finding.expected) ?? [];
    const absent = finding.got === 'absent';
    const message = absent ? `is absent ${rest}`.trim() : `expected ${rest}, got ${finding.got}`;
    return [{ location: 'header', pointer: name, rule: absent ? 'required' : 'type', message }];
  }
  const location = finding.kind === 'schema' ? 'body' : finding.kind;
  return [{ location, pointer: '', rule: finding.kind, message: `expected ${finding.expected}, got ${finding.got}` }];
}

/** The request as the mock's request check reads it: text parameters, a JSON body parsed, a form as its text. */
async function requestInput(request: Request, pathParams: Record<string, unknown> | undefined): Promise<RequestInput | ContractProblem> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const bytes = request.body === null ? undefined : new Uint8Array(await request.clone().arrayBuffer());
  if (bytes?.length) headers['content-length'] = String(bytes.length);
  let body: unknown = bytes?.length ? new TextDecoder().decode(bytes) : undefined;
  if (typeof body === 'string' && /json/.test(headerMediaType(headers['content-type']))) {
    try {
      body = JSON.parse(body);
    } catch {
      return { location: 'body', pointer: '', rule: 'json', message: 'is not JSON' };
    }
  }
  const params = Object.fromEntries(Object.entries(pathParams ?? {}).map(([name, value]) => [name, String(value)]));
  return { params, query: queryOf(new URL(request.url).searchParams), headers, body };
}

async function requestProblems(
  validators: Validators,
  entry: ContractOperation,
  request: Request,
  pathParams: Record<string, unknown> | undefined,
): Promise<ContractProblem[]> {
  const input = await requestInput(request, pathParams);
  if (!('params' in input)) return [input];
  const check = validators.request(entry.id);
  const problems = check
    .check(input)
    .filter((v) => v.severity === 0 && !isGuessedViolation(validators.model, entry, v, headerMediaType(input.headers['content-type'])))
    .map(requestProblem);
  for (const name of check.emptyQueryParameters(input.query))
    if (!isGuessedParameter(validators.model, entry, 'query', name))
      problems.push({ location: 'query', pointer: name, rule: 'minLength', message: 'must not be empty' });
  return problems;
}

function requestProblem(v: RequestViolation): ContractProblem {
  const [where, ...rest] = v.path ?? [];
  if (v.code === 415) return { location: 'content-type', pointer: '', rule: 'content-type', message: v.message };
  if (!where) return { location: 'body', pointer: '', rule: String(v.code ?? 'required'), message: v.message };
  const pointer = where === 'body' ? rest.map((key) => `/${escapeToken(key)}`).join('') : rest.join('.');
  // The violation's text names its place ("Request body property name must be string"); the error names it already.
  const place = `Request ${where} ${rest.length ? (where === 'body' ? 'property ' : 'parameter ') : ''}${rest.join('.')}${rest.length ? ' ' : ''}`;
  const message = v.message.startsWith(place) ? v.message.slice(place.length) : v.message;
  return { location: where, pointer, rule: String(v.code ?? ''), message };
}
