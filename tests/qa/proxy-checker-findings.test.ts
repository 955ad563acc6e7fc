// What the proxy's checker says, as QA reads it: the wording of each finding, repeats counted
// instead of listed again, the per-group cap, request findings blamed on the client (and the API's
// acceptance of them blamed on the API), and the proxy's own failures. Exchanges are written out by
// hand (no network), as in tests/qa/proxy-checker.test.ts; operations are picked from the contract.
import { describe, expect, it } from 'vitest';
import { mockContract, operationFromContract } from '../../mock/contract.js';
import { ContractModel, relaxations } from '../../lib/contract/index.js';
import { accountKey, Checker, FINDINGS_CAP, formatRequestError, formatViolation } from '../../qa/checker/checker.js';
import type { Observed } from '../../qa/checker/types.js';

const contract = mockContract();
const rate = { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '29', 'content-type': 'application/json' };
const auth = { authorization: 'Bearer unit' };
const ROUTE = '/no-such-resource';
const NO_OP = '404 or 405 in the error envelope (no such operation)';

function exchange(operationId: string, params: Record<string, string | number>, status: number, body: unknown): Observed {
  const op = operationFromContract(contract, operationId);
  return {
    method: op.method.toUpperCase(),
    path: op.path.replace(/\{(\w+)\}/g, (_, n) => String(params[n])),
    query: new URLSearchParams(),
    requestHeaders: auth,
    requestBody: Buffer.alloc(0),
    status,
    responseHeaders: rate,
    responseBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    at: Date.now(),
  };
}

/** The same exchange with a request body sent as `type`. */
const withBody = (ex: Observed, body: string, type?: string): Observed => ({
  ...ex,
  requestHeaders: type ? { ...auth, 'content-type': type } : auth,
  requestBody: Buffer.from(body),
});

const unknown = (method: string, status: number, body: unknown, path = ROUTE): Observed => ({
  ...exchange('getMe', {}, status, body),
  method,
  path,
});

/** The operation's first documented example answer for a status key. */
const example = (operationId: string, key: string) =>
  structuredClone(Object.values(contract.examples(operationFromContract(contract, operationId), key))[0]);
/** The error envelope, as the contract's own 401 example of getMe, with another status. */
const envelope = (status: number) => ({ ...example('getMe', '401'), status });

describe('what each finding says', () => {
  it('an unknown route answered 2xx: the violation and the request error name the route and the answer', () => {
    const checker = new Checker({ contract });
    const added = checker.check(unknown('GET', 200, { data: {} }));
    expect(checker.violations.map((v) => v.message)).toEqual([
      `(no operation) GET ${ROUTE}: expected ${NO_OP}; got GET ${ROUTE} answered 200`,
    ]);
    expect(added).toEqual(checker.violations);
    expect(checker.requestErrors.map((e) => e.message)).toEqual([
      `(no operation) GET ${ROUTE}: the contract expects an operation of the contract; the client sent GET ${ROUTE}; the API answered 200`,
    ]);
  });

  it('the lines printed as findings happen blame the API for a violation and the client for a request error', () => {
    const printed: string[] = [];
    const checker = new Checker({
      contract,
      onViolation: (v) => printed.push(formatViolation(v)),
      onRequestError: (e) => printed.push(formatRequestError(e)),
    });
    checker.check(unknown('PUT', 201, { data: {} }));
    expect(printed).toEqual([
      `! client unknown-route (no operation) PUT ${ROUTE}: the contract expects an operation of the contract; the client sent PUT ${ROUTE}; the API answered 201`,
      `✗ API undocumented-operation (no operation) PUT ${ROUTE}: expected ${NO_OP}; got PUT ${ROUTE} answered 201`,
    ]);
  });

  it('a correct exchange adds nothing, and check() says so', () => {
    const checker = new Checker({ contract });
    expect(checker.check(exchange('getMe', {}, 200, example('getMe', '200')))).toEqual([]);
    expect(checker.report()).toMatchObject({ exchanges: 1, violations: [], requestErrors: [], unverified: [], unjudged: [] });
  });

  it('a lifecycle finding names the resource it is about', () => {
    const checker = new Checker({ contract });
    const clip = (state: string) => ({ ...example('getLaunchClip', '200'), data: { id: 5, status: state, video: { url: null } } });
    checker.check(exchange('getLaunchClip', { id: 5 }, 200, clip('rendering')));
    checker.check(exchange('getLaunchClip', { id: 5 }, 200, clip('planning')));
    expect(checker.violations.map((v) => v.message)).toEqual([
      'getLaunchClip GET /launch-clips/5 [LaunchClipStatus#5]: expected rendering → completed or failed (no createLaunchClip call for it passed through the proxy); got rendering → planning',
    ]);
  });

  it("a browser's CORS preflight is counted but never judged, even on a route the contract lacks", () => {
    const checker = new Checker({ contract });
    expect(checker.check(unknown('OPTIONS', 204, ''))).toEqual([]);
    expect(checker.report()).toMatchObject({ exchanges: 1, violations: [], requestErrors: [] });
  });

  it('the report counts the requests per operation', () => {
    const checker = new Checker({ contract });
    for (let i = 0; i < 3; i++) checker.check(exchange('getMe', {}, 200, example('getMe', '200')));
    checker.check(exchange('getCreditCosts', {}, 200, example('getCreditCosts', '200')));
    expect(checker.report().operations).toEqual({ getMe: 3, getCreditCosts: 1 });
  });
});

describe('routes the contract lacks: which answers are right', () => {
  it('a 2xx is a violation even when its body looks like the error envelope', () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 200, envelope(200)));
    expect(checker.violations.map((v) => v.expected)).toEqual([NO_OP]);
  });

  it('a 5xx is a violation even in the error envelope; a 400 or 429 in it is a refusal, which is right', () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 500, envelope(500)));
    checker.check(unknown('GET', 400, envelope(400)));
    checker.check(unknown('GET', 429, envelope(429)));
    expect(checker.violations.map((v) => v.got)).toEqual([`GET ${ROUTE} answered 500`]);
    expect(checker.requestErrors.map((e) => e.status)).toEqual([500, 400, 429]);
  });

  it('a 404 whose body is not JSON is a violation that says so', () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 404, 'Not Found'));
    expect(checker.violations.map((v) => v.expected)).toEqual([`${NO_OP}; the body is not JSON`]);
  });

  it("a 404 outside the error envelope is a violation that quotes the validator's complaint about the body", () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 404, ['not', 'an', 'envelope']));
    expect(checker.violations).toHaveLength(1);
    expect(checker.violations[0].expected).toMatch(new RegExp(`^${NO_OP.replace(/[()]/g, '\\$&')}; body must be object`));
  });
});

describe('the same problem again is counted, not listed again', () => {
  it('a violation seen three times is listed once with two repeats', () => {
    const checker = new Checker({ contract });
    for (let i = 0; i < 3; i++) checker.check(exchange('getMe', {}, 418, envelope(418)));
    expect(checker.report().violations.map((v) => [v.kind, v.repeats])).toEqual([['status', 2]]);
  });

  it('a request error seen twice is listed once with one repeat; another route is its own entry', () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 404, envelope(404)));
    checker.check(unknown('GET', 404, envelope(404)));
    checker.check(unknown('GET', 404, envelope(404), '/another-missing-resource'));
    expect(checker.report().requestErrors.map((e) => [e.path, e.repeats])).toEqual([
      [ROUTE, 1],
      ['/another-missing-resource', undefined],
    ]);
  });

  it('an unverified finding seen twice is listed once with one repeat; a different one is its own entry', () => {
    const guessed = relaxations(contract.doc).find(
      (r) => r.kind === 'guess' && !operationFromContract(contract, r.operationId).path.includes('{'),
    )!;
    const checker = new Checker({ contract });
    checker.check(exchange(guessed.operationId, {}, 302, envelope(302)));
    checker.check(exchange(guessed.operationId, {}, 302, envelope(302)));
    checker.check(exchange(guessed.operationId, {}, 303, envelope(303)));
    expect(checker.report().unverified.map((u) => [u.kind, u.repeats])).toEqual([
      ['status', 1],
      ['status', undefined],
    ]);
    expect(checker.report().unverified[1].message).toBe(
      `${guessed.operationId} GET ${operationFromContract(contract, guessed.operationId).path}: expected one of ${Object.keys(
        operationFromContract(contract, guessed.operationId).operation.responses,
      ).join(', ')}; got 303`,
    );
    expect(checker.violations).toEqual([]);
  });
});

describe('at most FINDINGS_CAP distinct findings per list and group; the rest are counted', () => {
  /** Statuses no operation documents, one distinct finding each. */
  const odd = Array.from({ length: FINDINGS_CAP + 1 }, (_, i) => 430 + i);

  it('violations beyond the cap on one operation are dropped and counted; other operations and lists keep theirs', () => {
    const checker = new Checker({ contract });
    for (const status of odd) checker.check(exchange('getMe', {}, status, envelope(status)));
    checker.check(exchange('getCreditCosts', {}, 418, envelope(418)));
    checker.check(unknown('GET', 404, envelope(404)));
    const report = checker.report();
    expect(report.violations.filter((v) => v.operationId === 'getMe')).toHaveLength(FINDINGS_CAP);
    expect(report.violations.filter((v) => v.operationId === 'getCreditCosts')).toHaveLength(1);
    expect(report.requestErrors).toHaveLength(1);
    expect(report.dropped).toEqual([{ list: 'violations', group: 'getMe', count: 1 }]);
    expect(report.findingsCap).toBe(FINDINGS_CAP);
  });

  it('request errors on unknown routes share one group', () => {
    const checker = new Checker({ contract });
    for (const i of odd.keys()) checker.check(unknown('GET', 404, envelope(404), `/missing-${i}`));
    expect(checker.report().requestErrors).toHaveLength(FINDINGS_CAP);
    expect(checker.report().dropped).toEqual([{ list: 'requestErrors', group: 'unknown routes', count: 1 }]);
  });

  it('unverified findings beyond the cap are dropped and counted too', () => {
    const guessed = relaxations(contract.doc).find(
      (r) => r.kind === 'guess' && !operationFromContract(contract, r.operationId).path.includes('{'),
    )!;
    const checker = new Checker({ contract });
    for (let i = 0; i <= FINDINGS_CAP; i++) checker.check(exchange(guessed.operationId, {}, 300 + i, envelope(300 + i)));
    expect(checker.report().unverified).toHaveLength(FINDINGS_CAP);
    expect(checker.report().dropped).toEqual([{ list: 'unverified', group: guessed.operationId, count: 1 }]);
  });
});

describe('accounts', () => {
  it('are told apart by a short hash of the bearer token; no token is the anonymous account', () => {
    expect(accountKey(undefined)).toBe('anonymous');
    expect(accountKey('')).toBe('anonymous');
    expect(accountKey('Bearer a')).toMatch(/^[0-9a-f]{8}$/);
    expect(accountKey('Bearer a')).not.toBe(accountKey('Bearer b'));
    expect(accountKey(['Bearer a', 'Bearer b'])).toBe(accountKey('Bearer a'));
  });
});

describe("requests the contract refuses: the client's error, and the API's if it accepts them", () => {
  const REFUSAL = 'a refusal (documented 4xx in the error envelope)';
  const estimate = (query: string, status: number) => ({
    ...exchange('estimateTextToVideo', {}, status, status === 200 ? example('estimateTextToVideo', '200') : envelope(status)),
    query: new URLSearchParams(query),
  });
  const history = (query: string) => ({
    ...exchange('listCreditHistory', {}, 200, example('listCreditHistory', '200')),
    query: new URLSearchParams(query),
  });
  const requestFindings = (checker: Checker) => checker.requestErrors.map((e) => `${e.expected} | ${e.got}`);
  /** A create whose body schema is partly a guess (x-unspecified at its root): model and prompt required, model a string. */
  const create = (body: string, type = 'application/json') =>
    withBody(exchange('createTextToVideo', {}, 202, example('createTextToVideo', '202')), body, type);

  it('a missing required query parameter refused with a 4xx: a request error, no violation', () => {
    const checker = new Checker({ contract });
    checker.check(estimate('', 400));
    expect(requestFindings(checker)).toEqual(['query parameter model (required) | none']);
    expect(checker.violations).toEqual([]);
  });

  it('the same request accepted with a 2xx: the API accepted input the contract rejects', () => {
    const checker = new Checker({ contract });
    checker.check(estimate('', 200));
    expect(checker.violations.map((v) => [v.kind, v.expected, v.got])).toEqual([
      ['accepted-invalid', REFUSAL, '200: accepted input the contract rejects (query parameter model (required), got none)'],
    ]);
  });
  it('every rule an accepted request broke is named, one after another', () => {
    const checker = new Checker({ contract });
    checker.check(history('per_page=51&page=0'));
    expect(requestFindings(checker)).toEqual([
      'query parameter per_page as the contract types it | "51" (Request query parameter per_page must be <= 50)',
      'query parameter page as the contract types it | "0" (Request query parameter page must be >= 1)',
    ]);
    expect(checker.violations.map((v) => v.got)).toEqual([
      `200: accepted input the contract rejects (${[
        'query parameter per_page as the contract types it, got "51" (Request query parameter per_page must be <= 50)',
        'query parameter page as the contract types it, got "0" (Request query parameter page must be >= 1)',
      ].join('; ')})`,
    ]);
  });

  it('a query parameter sent in other letter case is read as the API reads it, and its value quoted', () => {
    const checker = new Checker({ contract });
    checker.check(history('page=2&PER_PAGE=51'));
    expect(requestFindings(checker)).toEqual([
      'query parameter per_page as the contract types it | "51" (Request query parameter per_page must be <= 50)',
    ]);
  });

  it('a query parameter sent empty is a request error', () => {
    const checker = new Checker({ contract });
    checker.check(history('per_page='));
    expect(requestFindings(checker)).toEqual(['query parameter per_page not empty | ""']);
  });

  it('a required body left out is a request error; an optional one left out is fine', () => {
    const checker = new Checker({ contract });
    checker.check(exchange('createLaunchClip', {}, 201, example('createLaunchClip', '201')));
    checker.check(exchange('createFacelessVideo', {}, 200, example('createFacelessVideo', '2XX')));
    expect(checker.requestErrors.map((e) => `${e.operationId}: ${e.expected} | ${e.got}`)).toEqual([
      'createLaunchClip: a request body (application/json) | none',
    ]);
  });

  it('a body in a content type the contract does not declare is a request error; one in none is read as the declared type, as the mock reads it', () => {
    const checker = new Checker({ contract });
    const created = exchange('createLaunchClip', {}, 201, example('createLaunchClip', '201'));
    checker.check(withBody(created, 'hello', 'text/plain'));
    checker.check(withBody(created, '{}'));
    checker.check(withBody(created, JSON.stringify({ product_name: 'Kettle', domain: 'kettle.example', idea: 'Boils fast' })));
    const findings = requestFindings(checker);
    expect(findings[0]).toBe('request content type application/json | text/plain');
    expect(findings[1]).toMatch(/^a request body valid against the contract \| .*required property 'product_name'/);
    expect(findings).toHaveLength(2);
  });

  it('a body in a type with the JSON suffix is read as the declared JSON, as the mock reads it', () => {
    const checker = new Checker({ contract });
    const created = exchange('createLaunchClip', {}, 201, example('createLaunchClip', '201'));
    checker.check(withBody(created, '{}', 'application/vnd.launch+json'));
    expect(requestFindings(checker)).toEqual([expect.stringMatching(/^a request body valid against the contract \|/)]);
  });

  it('a multipart upload is not read as JSON, and one streamed without being kept still counts as sent', () => {
    const checker = new Checker({ contract });
    const form = '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMira\r\n--x--\r\n';
    checker.check(
      withBody(exchange('createCharacter', {}, 200, example('createCharacter', '2XX')), form, 'multipart/form-data; boundary=x'),
    );
    const streamed = withBody(
      exchange('createVoiceClone', {}, 200, example('createVoiceClone', '2XX')),
      '',
      'multipart/form-data; boundary=x',
    );
    checker.check({ ...streamed, requestBodySize: 2048 });
    expect(checker.requestErrors).toEqual([]);
    expect(checker.violations).toEqual([]);
  });

  it("a body against its schema: each of the validator's complaints, joined", () => {
    const checker = new Checker({ contract });
    checker.check(withBody(exchange('createLaunchClip', {}, 422, envelope(422)), '{"product_name":5}', 'application/json'));
    expect(requestFindings(checker)).toEqual([
      "a request body valid against the contract | Request body must have required property 'domain'; Request body must have required property 'idea'; Request body property product_name must be string",
    ]);
  });

  it('where the body is partly a guess, accepting a breach of only the guessed part is unverified, and says what was accepted', () => {
    const checker = new Checker({ contract });
    checker.check(create('{"model":"x"}'));
    expect(checker.violations).toEqual([]);
    expect(checker.unverified.map((u) => u.message)).toEqual([
      `createTextToVideo POST /text-to-video: expected ${REFUSAL}; got 202: accepted a request body valid against the contract, got Request body must have required property 'prompt'`,
    ]);
  });

  it('accepting a body that also breaks a stated rule is a violation, though another of its faults is in the guessed part', () => {
    const checker = new Checker({ contract });
    checker.check(create('{"model":5}'));
    expect(checker.violations.map((v) => v.kind)).toEqual(['accepted-invalid']);
    expect(checker.unverified).toEqual([]);
  });

  it('where the body is partly a guess, a wrong content type or text that is not JSON is still a fact', () => {
    const checker = new Checker({ contract });
    checker.check(create('model', 'text/plain'));
    checker.check(create('{"model":'));
    expect(requestFindings(checker)).toEqual([
      'request content type application/json | text/plain',
      'a JSON request body | unparseable JSON',
    ]);
    expect(checker.violations.map((v) => v.got)).toEqual([
      '202: accepted input the contract rejects (request content type application/json, got text/plain)',
      '202: accepted input the contract rejects (a JSON request body, got unparseable JSON)',
    ]);
    expect(checker.unverified).toEqual([]);
  });
  it('where the request itself is not shown, every kind of request finding is listed as unverified, none as a request error', () => {
    const shown = relaxations(contract.doc)
      .filter((r) => r.requestUnknown)
      .map((r) => r.operationId);
    expect(shown).toEqual(expect.arrayContaining(['listIdeas', 'renderFacelessVideo']));
    const checker = new Checker({ contract });
    const ideas = (query: string) => ({ ...exchange('listIdeas', {}, 400, envelope(400)), query: new URLSearchParams(query) });
    const render = exchange('renderFacelessVideo', { faceless: 1 }, 400, envelope(400));
    checker.check(ideas('per_page=abc'));
    checker.check(ideas('page='));
    checker.check(withBody(render, 'x', 'text/plain'));
    checker.check(withBody(render, '[]', 'application/json'));
    expect(checker.unverified.map((u) => `${u.kind} ${u.operationId}`)).toEqual([
      'request listIdeas',
      'request listIdeas',
      'request renderFacelessVideo',
      'request renderFacelessVideo',
    ]);
    expect(checker.requestErrors).toEqual([]);
  });
});

describe('answers that are not a success are not judged as one', () => {
  it('a request the contract refuses, answered with an informational or a redirect status, is not counted as accepted', () => {
    const checker = new Checker({ contract });
    for (const status of [101, 300])
      checker.check({ ...exchange('estimateTextToVideo', {}, status, envelope(status)), query: new URLSearchParams() });
    expect(checker.requestErrors).toHaveLength(2);
    expect(checker.violations.map((v) => v.kind)).toEqual(['status', 'status']);
  });

  it('a success answer without a body (a 204 to a delete) is judged by its status and headers only', () => {
    const checker = new Checker({ contract });
    checker.check(exchange('deletePreset', { id: 3 }, 204, ''));
    expect(checker.report()).toMatchObject({ violations: [], unverified: [] });
  });

  it('a success answer whose body is JSON null, or lacks its data, is a schema violation, not an observation', () => {
    const checker = new Checker({ contract });
    checker.check(exchange('getLaunchClip', { id: 15 }, 200, null));
    checker.check(exchange('getLaunchClip', { id: 15 }, 200, {}));
    expect(checker.violations.map((v) => v.kind)).toEqual(['schema', 'schema']);
  });

  it('a required header left out is reported as absent', () => {
    const checker = new Checker({ contract });
    checker.check({ ...exchange('getMe', {}, 200, example('getMe', '200')), responseHeaders: { 'content-type': 'application/json' } });
    expect(checker.violations.map((v) => `${v.expected} | ${v.got}`)).toEqual([
      'header X-RateLimit-Limit (required on 200) | absent',
      'header X-RateLimit-Remaining (required on 200) | absent',
    ]);
  });
  it('a refusal of a charging call is not judged as a charge', () => {
    const checker = new Checker({ contract });
    const refused = exchange('createLaunchClip', {}, 402, example('createLaunchClip', '402'));
    checker.check(
      withBody(refused, JSON.stringify({ product_name: 'Brewly', domain: 'brewly.example', idea: 'A timer' }), 'application/json'),
    );
    expect(checker.violations).toEqual([]);
  });

  it('a success answer without a body is not judged as a charge', () => {
    const checker = new Checker({ contract });
    checker.check(withBody(exchange('renderFacelessVideo', { faceless: 14 }, 202, ''), '{}', 'application/json'));
    expect(checker.violations).toEqual([]);
  });
});

describe('state machines: what the checker says about each change it sees', () => {
  const topup = (enabled: boolean, op = 'getAutoTopup') =>
    exchange(op, {}, 200, { ...example('getAutoTopup', '200'), data: { ...example('getAutoTopup', '200').data, enabled } });
  /** A launch clip's poll answer: the contract's example for that state (planning's, for a status it does not name). */
  const clip = (state: unknown, id = 7) => {
    const examples = contract.examples(operationFromContract(contract, 'getLaunchClip'), '200');
    const body = structuredClone(examples[String(state)] ?? examples.planning);
    body.data = { ...body.data, id, status: state };
    return exchange('getLaunchClip', { id }, 200, body);
  };
  const faceless = (state: string, id = 8, op = 'getFacelessVideo') => {
    const body = example(op, op === 'getFacelessVideo' ? '200' : '2XX');
    body.data.id = id;
    body.data.video.status = state;
    return exchange(op, { faceless: id }, op === 'getFacelessVideo' ? 200 : 202, body);
  };
  const judged = (checker: Checker) =>
    checker.violations
      .filter((v) => ['state', 'transition', 'terminal'].includes(v.kind))
      .map((v) => `${v.kind} ${v.resource}: ${v.expected} | ${v.got}`);

  it("a per-account machine switched without the client's call is a transition violation on the account's resource", () => {
    const checker = new Checker({ contract });
    checker.check(topup(false));
    checker.check(topup(true));
    expect(judged(checker)).toEqual([
      'transition AutoTopupPreference#account: disabled → (no automatic transition) (no updateAutoTopup call for it passed through the proxy) | disabled → enabled',
    ]);
  });

  it("the same switch after the client's call passed through the proxy is silent", () => {
    const checker = new Checker({ contract });
    checker.check(topup(false));
    checker.check(withBody(topup(true, 'updateAutoTopup'), '{"enabled":true,"type":"dynamic-credits","units":5}', 'application/json'));
    checker.check(topup(true));
    expect(checker.violations).toEqual([]);
  });

  it('a terminal state that changes names every client call that could have restarted it', () => {
    const checker = new Checker({ contract });
    checker.check(faceless('completed', 8));
    checker.check(faceless('rendering', 8));
    checker.check(faceless('failed', 9));
    checker.check(faceless('rendering', 9));
    const renders = 'renderFacelessVideo/renderBRollVideo/renderAiVisualsVideo/renderUrlToVideo';
    expect(judged(checker)).toEqual([
      `terminal FacelessVideoStatus#8: terminal state completed to stay (no ${renders} call for it passed through the proxy) | rendering`,
      `terminal FacelessVideoStatus#9: terminal state failed to stay (no ${renders}/retryFacelessRender call for it passed through the proxy) | rendering`,
    ]);
  });

  it('after a retry, whose outcome the contract does not show, any state may follow', () => {
    const checker = new Checker({ contract });
    checker.check(faceless('failed', 10));
    checker.check(withBody(faceless('rendering', 10, 'retryFacelessRender'), '{}', 'application/json'));
    checker.check(faceless('rendering', 10));
    expect(judged(checker)).toEqual([]);
  });

  it('a closed machine names its states: any other status is a state violation', () => {
    const checker = new Checker({ contract });
    checker.check(clip('paused'));
    expect(judged(checker)).toEqual([
      'state LaunchClipStatus#7: one of planning, briefed, rendering, completed, failed (/data/status) | "paused"',
    ]);
  });

  it('a null status on a closed machine is no observation: neither a state violation nor a start', () => {
    const checker = new Checker({ contract });
    checker.check(clip(null));
    checker.check(clip('completed'));
    checker.check(clip('rendering'));
    expect(judged(checker)).toEqual([
      'terminal LaunchClipStatus#7: terminal state completed to stay (no createLaunchClip call for it passed through the proxy) | rendering',
    ]);
  });
  it('each resource is tracked apart, per account', () => {
    const checker = new Checker({ contract });
    checker.check(clip('completed', 11));
    checker.check(clip('planning', 12));
    checker.check({ ...clip('planning', 11), requestHeaders: { authorization: 'Bearer another account' } });
    expect(checker.violations).toEqual([]);
  });

  it('what the checker saw of the machines is its transition coverage: an entry seen from a create, never a repeat of the same state', () => {
    const checker = new Checker({ contract });
    const created = withBody(
      exchange('createLaunchClip', {}, 201, {
        ...example('createLaunchClip', '201'),
        data: { id: 13, status: 'planning', video: { url: null } },
      }),
      JSON.stringify({ product_name: 'Brewly', domain: 'brewly.example', idea: 'A timer' }),
      'application/json',
    );
    checker.check(created);
    checker.check(clip('briefed', 13));
    checker.check(topup(true));
    checker.check(topup(true));
    const { uncovered, transitions } = checker.report().coverage;
    expect(transitions.byMachine.LaunchClipStatus.covered).toBe(2);
    expect(uncovered.transitions).not.toContain('LaunchClipStatus (new)->planning');
    expect(uncovered.transitions).toContain('AutoTopupPreference enabled->enabled');
    expect(checker.violations).toEqual([]);
  });

  it("an error answer's code covers it in the coverage report; the same code inside a success answer does not", () => {
    const checker = new Checker({ contract });
    const refused = example('listCreditHistory', '400');
    checker.check(exchange('listCreditHistory', {}, 400, refused));
    const forbidden = example('getMe', '403');
    checker.check(exchange('getMe', {}, 200, { ...example('getMe', '200'), error: forbidden.error }));
    const { uncovered } = checker.report().coverage;
    expect(uncovered.errorCodes).not.toContain(refused.error.code);
    expect(uncovered.errorCodes).toContain(forbidden.error.code);
  });

  it('a charge answered without an id names no resource in its credit finding', () => {
    const checker = new Checker({ contract });
    const body = example('createLaunchClip', '201');
    body.data.id = null;
    delete body.meta;
    const request = JSON.stringify({ product_name: 'Brewly', domain: 'brewly.example', idea: 'A timer' });
    checker.check(withBody(exchange('createLaunchClip', {}, 201, body), request, 'application/json'));
    expect(checker.violations.filter((v) => v.kind === 'credits').map((v) => v.message)).toEqual([
      'createLaunchClip POST /launch-clips: expected meta.credits { cost, remaining } on a charging success; got no meta.credits',
    ]);
  });

  it('a create answered without an id is not tracked: its status covers nothing', () => {
    const checker = new Checker({ contract });
    const created = withBody(
      exchange('createLaunchClip', {}, 201, {
        ...example('createLaunchClip', '201'),
        data: { id: null, status: 'planning', video: { url: null } },
      }),
      JSON.stringify({ product_name: 'Brewly', domain: 'brewly.example', idea: 'A timer' }),
      'application/json',
    );
    checker.check(created);
    expect(checker.report().coverage.uncovered.transitions).toContain('LaunchClipStatus (new)->planning');
  });
});

describe("the proxy's own failures and what it let through unjudged", () => {
  const fail = (code: string | undefined, message: string) => Object.assign(new Error(message), { code });

  it('a target that did not answer is named by how it failed', () => {
    const checker = new Checker({ contract });
    const failures = [
      fail('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'),
      fail('ECONNRESET', 'read ECONNRESET'),
      fail(undefined, 'socket hang up'),
      fail('ETIMEDOUT', 'connect ETIMEDOUT'),
      fail(undefined, 'the target timed out after 30000 ms'),
      fail('EUNDECODABLE', 'incorrect header check'),
      fail('ENOTFOUND', 'getaddrinfo ENOTFOUND staging.example.test'),
    ];
    for (const error of failures) checker.targetError('GET', ROUTE, error);
    expect(checker.report().targetErrors.map((e) => [e.kind, e.repeats])).toEqual([
      ['refused', undefined],
      ['reset', 1],
      ['timeout', 1],
      ['undecodable', undefined],
      ['unreachable', undefined],
    ]);
  });

  it("each failure's message names the operation (or none), the request and the cause", () => {
    const checker = new Checker({ contract });
    const refused = checker.targetError('GET', '/me', fail('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'), 0);
    const garbled = checker.targetError('GET', ROUTE, fail('EUNDECODABLE', 'incorrect header check'), 0);
    expect(refused).toEqual({
      operationId: 'getMe',
      kind: 'refused',
      method: 'GET',
      path: '/me',
      at: '1970-01-01T00:00:00.000Z',
      message: 'getMe GET /me: the target did not answer (refused): connect ECONNREFUSED 127.0.0.1:9',
    });
    expect(garbled?.message).toBe(
      `(no operation) GET ${ROUTE}: the answer's body does not decode as its Content-Encoding says: incorrect header check`,
    );
    expect(checker.targetError('GET', `${ROUTE}-2`, fail('ECONNRESET', 'read ECONNRESET'))?.message).toBe(
      `(no operation) GET ${ROUTE}-2: the target did not answer (reset): read ECONNRESET`,
    );
  });

  it('the same failure on the same operation again is counted; another kind or operation is listed apart', () => {
    const checker = new Checker({ contract });
    const refused = fail('ECONNREFUSED', 'connect ECONNREFUSED');
    checker.targetError('GET', '/me', refused);
    expect(checker.targetError('GET', '/me', refused)).toBeUndefined();
    checker.targetError('GET', '/me', fail('ETIMEDOUT', 'connect ETIMEDOUT'));
    checker.targetError('GET', '/credits/costs', refused);
    expect(checker.report().targetErrors.map((e) => [e.operationId, e.kind, e.repeats])).toEqual([
      ['getMe', 'refused', 1],
      ['getMe', 'timeout', undefined],
      ['getCreditCosts', 'refused', undefined],
    ]);
  });

  it('an answer let through unjudged is listed once per operation and reason, with the most bytes one carried', () => {
    const checker = new Checker({ contract });
    const big = { method: 'GET', path: '/me', status: 200, reason: 'larger than PROXY_MAX_RESPONSE_BYTES', bytes: 5_000 };
    const first = checker.unjudgedAnswer(big, 0);
    expect(checker.unjudgedAnswer({ ...big, bytes: 9_000 })).toBe(first);
    checker.unjudgedAnswer({ ...big, bytes: 7_000 });
    checker.unjudgedAnswer({ ...big, reason: 'content coding br not decoded' });
    checker.unjudgedAnswer({ ...big, path: '/credits/costs' });
    checker.unjudgedAnswer({ ...big, path: ROUTE });
    expect(checker.report().unjudged.map((u) => [u.operationId, u.reason, u.bytes, u.repeats])).toEqual([
      ['getMe', big.reason, 9_000, 2],
      ['getMe', 'content coding br not decoded', 5_000, undefined],
      ['getCreditCosts', big.reason, 5_000, undefined],
      [null, big.reason, 5_000, undefined],
    ]);
    expect(checker.report().unjudged[0]).toEqual({
      ...big,
      operationId: 'getMe',
      bytes: 9_000,
      repeats: 2,
      at: '1970-01-01T00:00:00.000Z',
    });
  });

  it('unjudged answers beyond the cap are counted, not listed', () => {
    const checker = new Checker({ contract });
    for (let i = 0; i <= FINDINGS_CAP; i++)
      checker.unjudgedAnswer({ method: 'GET', path: '/me', status: 200, reason: `content coding x-${i} not decoded`, bytes: 10 });
    expect(checker.report().unjudged).toHaveLength(FINDINGS_CAP);
    expect(checker.report().dropped).toEqual([{ list: 'unjudged', group: 'getMe', count: 1 }]);
  });

  it("a finding of the proxy's own confirming reads is a violation like any other, printed, and capped", () => {
    const printed: string[] = [];
    const checker = new Checker({ contract, onViolation: (v) => printed.push(formatViolation(v)) });
    const finding = { kind: 'refund' as const, expected: 'a refund of 5', got: 'none', resource: 'LaunchClipStatus#1' };
    for (let i = 0; i <= FINDINGS_CAP; i++) checker.creditViolation('getMe', '/me', 200, { ...finding, resource: `LaunchClipStatus#${i}` });
    expect(checker.violations).toHaveLength(FINDINGS_CAP);
    expect(printed[0]).toBe('✗ API refund getMe GET /me [LaunchClipStatus#0]: expected a refund of 5; got none');
    expect(checker.report().dropped).toEqual([{ list: 'violations', group: 'getMe', count: 1 }]);
    const quiet = new Checker({ contract });
    quiet.creditViolation('getMe', '/me', 200, finding);
    expect(quiet.violations.map((v) => v.resource)).toEqual(['LaunchClipStatus#1']);
  });
});

describe('how long a refund may lag the failure it follows', () => {
  const t0 = Date.UTC(2026, 0, 1);
  const launch = { product_name: 'Brewly', domain: 'brewly.example', idea: 'A timer' };
  /** A launch clip charged 5 (balance 995 after), seen failed a second later, then a balance `after` ms later still without the refund. */
  const run = (after: number, refundGraceMs?: number) => {
    const checker = new Checker({ contract, refundGraceMs });
    const created = exchange('createLaunchClip', {}, 201, example('createLaunchClip', '201'));
    checker.check({ ...withBody(created, JSON.stringify(launch), 'application/json'), at: t0 });
    const failed = structuredClone(contract.examples(operationFromContract(contract, 'getLaunchClip'), '200').failed);
    checker.check({ ...exchange('getLaunchClip', { id: failed.data.id }, 200, failed), at: t0 + 1_000 });
    const me = example('getMe', '200');
    me.data.credits.remaining = example('createLaunchClip', '201').meta.credits.remaining;
    checker.check({ ...exchange('getMe', {}, 200, me), at: t0 + 1_000 + after });
    return checker.violations.map((v) => v.kind);
  };
  const slowestPoll = Math.max(
    ...contract
      .stateMachines()
      .filter((m) => m.transitions.some((t) => t.refund))
      .map((m) => m.pollIntervalSeconds?.max ?? 0),
  );

  it("by default, the slowest polling interval the contract states for a refunding machine (the client's next poll would show it)", () => {
    expect(slowestPoll).toBeGreaterThan(1);
    expect(run((slowestPoll - 1) * 1000)).toEqual([]);
    expect(run((slowestPoll + 1) * 1000)).toEqual(['refund']);
  });

  it('a grace given in the options replaces the default', () => {
    expect(run((slowestPoll + 1) * 1000, 60_000)).toEqual([]);
    expect(run(61_000, 60_000)).toEqual(['refund']);
  });
});

// The checker judges by whatever contract it is given. These cases need a contract shaped in a way
// the current one is not (a trigger that cannot lead everywhere, a change no client call makes, a
// reason written over several lines, error envelopes that differ), so they edit a copy of it.
describe('judged by the contract it is given', () => {
  const doc = structuredClone(contract.doc) as any;
  const machine = (name: string) => doc.components.schemas[name]['x-state-machine'];
  // A text-to-video clip that never finishes: nothing leads on from processing.
  machine('TextToVideoAssetStatus').transitions = machine('TextToVideoAssetStatus').transitions.filter((t: any) => t.from !== 'processing');
  // Auto top-up switched on only by the service itself, never by a client call.
  for (const t of machine('AutoTopupPreference').transitions) if (t.from === 'disabled') delete t.operationIds;
  const sort = doc.paths['/text-to-scene/{storyboard}/scenes/sort'].post;
  sort['x-unspecified'] = `  ${sort['x-unspecified'].replace(/ /g, '\n   ')}  `;
  // A 405 whose answer names the allowed methods, and one operation documenting its own 404 in place.
  doc.components.responses.MethodNotAllowed.content['application/json'].schema = {
    type: 'object',
    required: ['allow'],
    properties: { allow: { type: 'string' } },
  };
  doc.paths['/faceless/{faceless}'].get.responses['404'] = {
    description: 'No such video',
    content: { 'application/json': { schema: { type: 'object', required: ['gone'], properties: { gone: { type: 'boolean' } } } } },
  };
  const altered = new ContractModel(doc);

  it("a client's call answered with a state its transition cannot lead to is a transition violation", () => {
    const checker = new Checker({ contract: altered });
    const created = example('createTextToVideo', '202');
    created.data.asset = { ...contract.examples(operationFromContract(contract, 'getTextToVideo'), '200').success.data.asset };
    const request = JSON.stringify({ model: 'm', prompt: 'a lighthouse at dusk in rain' });
    checker.check(withBody(exchange('createTextToVideo', {}, 202, created), request, 'application/json'));
    expect(checker.violations.map((v) => `${v.kind} ${v.resource}: ${v.expected} | ${v.got}`)).toEqual([
      `transition TextToVideoAssetStatus#${created.data.id}: after createTextToVideo: one of draft, processing | success`,
    ]);
  });

  it('a change that neither the service nor a client call makes names no call in its violation', () => {
    const checker = new Checker({ contract: altered });
    const topup = (enabled: boolean) =>
      exchange('getAutoTopup', {}, 200, { ...example('getAutoTopup', '200'), data: { ...example('getAutoTopup', '200').data, enabled } });
    checker.check(topup(false));
    checker.check(topup(true));
    expect(checker.violations.map((v) => `${v.expected} | ${v.got}`)).toEqual([
      'disabled → (no automatic transition) | disabled → enabled',
    ]);
  });

  it("the contract's reason for a guess is quoted on one line, however it was written", () => {
    const checker = new Checker({ contract: altered });
    checker.check(exchange('sortStoryboardScenes', { storyboard: 1 }, 302, envelope(302)));
    expect(checker.unverified.map((u) => u.why)).toEqual(['The method and payload of scene sorting are not shown.']);
  });
  it('on an unknown route, an answer in any error envelope the contract documents for 404 or 405 is right, inline or shared', () => {
    const checker = new Checker({ contract: altered });
    checker.check(unknown('GET', 404, envelope(404)));
    checker.check(unknown('GET', 405, { allow: 'GET' }));
    checker.check(unknown('GET', 404, { gone: true }));
    expect(checker.violations).toEqual([]);
    checker.check(unknown('GET', 404, { gone: 'yes' }));
    expect(checker.violations.map((v) => v.kind)).toEqual(['undocumented-operation']);
  });
});
