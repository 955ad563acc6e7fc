// The proxy's checker on exchanges written out by hand (no network): the judgements that decide
// between a violation and silence, both ways. Machines, states and operations are read from the
// contract through its model; the exchanges only say what a target could answer.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mockContract, operationFromContract, type StateMachine } from '../../mock/contract.js';
import { parsePointer, readPointer, relaxations } from '../../lib/contract/index.js';
import { Checker } from '../../qa/checker/checker.js';
import { readProxySettings, DEFAULT_PROXY_PORT } from '../../qa/proxy/settings.js';
import type { Observed } from '../../qa/checker/types.js';

const contract = mockContract();
const rate = { 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '29', 'content-type': 'application/json' };
const auth = { authorization: 'Bearer unit' };

function exchange(
  operationId: string,
  params: Record<string, string | number>,
  status: number,
  body: unknown,
  request?: unknown,
): Observed {
  const op = operationFromContract(contract, operationId);
  return {
    method: op.method.toUpperCase(),
    path: op.path.replace(/\{(\w+)\}/g, (_, n) => String(params[n])),
    query: new URLSearchParams(),
    requestHeaders: request === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    requestBody: Buffer.from(request === undefined ? '' : JSON.stringify(request)),
    status,
    responseHeaders: rate,
    responseBody: Buffer.from(JSON.stringify(body)),
    at: Date.now(),
  };
}

/** Puts a status at the machine's status location (the contract model's pointer reader finds its parent). */
function setStatus(machine: StateMachine, body: unknown, value: unknown): void {
  const keys = parsePointer(machine.statusLocation);
  (readPointer(body, keys.slice(0, -1)) as Record<string, unknown>)[keys.at(-1) as string] = value;
}

/** A poll answer: the poll operation's own example for that state (so the body is valid), with this id. */
function pollAnswer(machine: StateMachine, state: string, id: number): unknown {
  const pollId = machine.pollOperationIds[0];
  const examples = contract.examples(operationFromContract(contract, pollId));
  const example = structuredClone(examples[state] ?? Object.values(examples)[0]);
  const values = (machine as StateMachine & { stateValues?: Record<string, unknown> }).stateValues;
  setStatus(machine, example, values ? values[state] : state);
  if (example.data && 'id' in example.data) example.data.id = id;
  return example;
}

const closed = contract
  .stateMachines()
  .find(
    (m) =>
      !('open' in m && (m as { open?: boolean }).open) &&
      m.pollOperationIds.length &&
      m.terminal.length &&
      m.states.length > 2 &&
      operationFromContract(contract, m.pollOperationIds[0]).path.includes('{'),
  )!;
const open = contract.stateMachines().find((m) => (m as { open?: boolean }).open)!;
const param = (m: StateMachine) => /\{(\w+)\}/.exec(operationFromContract(contract, m.pollOperationIds[0]).path)![1];
const poll = (m: StateMachine, state: string, id: number) =>
  exchange(m.pollOperationIds[0], { [param(m)]: id }, 200, pollAnswer(m, state, id));

describe('state machines', () => {
  it('the automatic chain from the initial state is silent, even when polls skip states', () => {
    const checker = new Checker({ contract });
    const chain = [closed.initial!, ...[...checker.lifecycle.reachable(closed, closed.initial!)].filter((s) => closed.success.includes(s))];
    for (const state of chain) checker.check(poll(closed, state, 7));
    expect(checker.violations).toEqual([]);
  });

  it('a terminal state that changes without a client action is reported', () => {
    const checker = new Checker({ contract });
    const done = closed.success[0];
    checker.check(poll(closed, done, 8));
    checker.check(poll(closed, closed.initial!, 8));
    expect(checker.violations.map((v) => v.kind)).toEqual(['terminal']);
  });

  it('an open machine accepts a status it does not name; a closed one does not', () => {
    const checker = new Checker({ contract });
    const openPoll = exchange(open.pollOperationIds[0], { [param(open)]: 9 }, 200, pollAnswer(open, open.states[0], 9));
    const body = JSON.parse(openPoll.responseBody.toString());
    setStatus(open, body, 'an-unnamed-intermediate-state');
    checker.check({ ...openPoll, responseBody: Buffer.from(JSON.stringify(body)) });
    expect(checker.violations.filter((v) => v.kind === 'state')).toEqual([]);
  });

  it('a status that is null (a draft not yet in its machine) is no observation', () => {
    const checker = new Checker({ contract });
    const body = pollAnswer(closed, closed.states[0], 10) as any;
    setStatus(closed, body, null);
    checker.check(exchange(closed.pollOperationIds[0], { [param(closed)]: 10 }, 200, body));
    expect(checker.violations.filter((v) => ['state', 'transition', 'terminal'].includes(v.kind))).toEqual([]);
  });
});

describe('refunds: never a false red', () => {
  const refunding = contract.stateMachines().find((m) => m.transitions.some((t) => t.refund) && m.pollOperationIds.length)!;
  const failed = refunding.transitions.find((t) => t.refund)!.to!;
  const trigger = refunding.transitions.find((t) => t.from === null && t.operationIds?.length)!.operationIds![0];
  const me = (remaining: number) => {
    const body = structuredClone(Object.values(contract.examples(contract.operation('getMe')))[0]);
    body.data.credits.remaining = remaining;
    return exchange('getMe', {}, 200, body);
  };
  const created = (id: number, cost: number, remaining: number) => {
    const body = structuredClone(
      contract.examples(operationFromContract(contract, trigger))[
        Object.keys(contract.examples(operationFromContract(contract, trigger)))[0]
      ],
    );
    body.data.id = id;
    body.meta = { ...body.meta, credits: { cost, remaining } };
    const request = Object.values<any>(
      contract.deref(operationFromContract(contract, trigger).operation.requestBody)!.content['application/json'].examples!,
    ).map((e) => contract.deref(e).value)[0];
    return exchange(trigger, {}, Number(contract.successResponse(operationFromContract(contract, trigger)).code), body, request);
  };

  it('a client action that starts a new run makes a change from a terminal state legal', () => {
    const checker = new Checker({ contract, refundGraceMs: 0 });
    checker.check(poll(refunding, refunding.success[0], 20));
    checker.check(created(20, 8, 992)); // the answer names the same resource id
    checker.check(poll(refunding, refunding.initial!, 20));
    expect(checker.violations).toEqual([]);
  });

  it('no balance seen after the failure: unconfirmed, not violated', () => {
    const checker = new Checker({ contract, refundGraceMs: 0 });
    checker.check(created(21, 8, 992));
    checker.check(poll(refunding, failed, 21));
    expect(checker.violations).toEqual([]);
    expect(checker.report().unconfirmed).toHaveLength(1);
  });

  it('the charge never passed through the proxy: unconfirmed even when the balance did not move', () => {
    const checker = new Checker({ contract, refundGraceMs: 0 });
    checker.check(poll(refunding, failed, 22));
    checker.check(me(500));
    expect(checker.violations).toEqual([]);
    expect(checker.report().unconfirmed).toHaveLength(1);
  });

  it('a balance exactly without the refund is a violation; with it, confirmed; something else, unconfirmed', () => {
    const missing = new Checker({ contract, refundGraceMs: 0 });
    missing.check(created(23, 8, 992));
    missing.check(poll(refunding, failed, 23));
    missing.check(me(992));
    expect(missing.violations.map((v) => v.kind)).toEqual(['refund']);

    const paid = new Checker({ contract, refundGraceMs: 0 });
    paid.check(created(24, 8, 992));
    paid.check(poll(refunding, failed, 24));
    paid.check(me(1000));
    expect(paid.violations).toEqual([]);
    expect(paid.report().unconfirmed).toEqual([]);

    const ambiguous = new Checker({ contract, refundGraceMs: 0 });
    ambiguous.check(created(25, 8, 992));
    ambiguous.check(poll(refunding, failed, 25));
    ambiguous.check(me(950)); // spent elsewhere: cannot tell
    expect(ambiguous.violations).toEqual([]);
    expect(ambiguous.report().unconfirmed).toHaveLength(1);
  });

  it('within the grace period a balance without the refund is not yet a violation', () => {
    const checker = new Checker({ contract, refundGraceMs: 60_000 });
    checker.check(created(26, 8, 992));
    checker.check(poll(refunding, failed, 26));
    checker.check(me(992));
    expect(checker.violations).toEqual([]);
  });
});

// The leniency is conformance's own (lib/contract/leniency.ts), read from x-unspecified and
// x-unspecified-scope: nothing here names an operation; each case picks one by its markers.
describe('leniency: the same rule as conformance, guesses never violations, facts still strict', () => {
  const relaxed = relaxations(contract.doc);
  const noParams = (id: string) => !operationFromContract(contract, id).path.includes('{');
  const guessed = operationFromContract(contract, relaxed.find((r) => r.kind === 'guess' && noParams(r.operationId))!.operationId);
  const undocumented = [404, 410, 418].find((s) => !(String(s) in guessed.operation.responses))!;
  const errorKey = Object.keys(guessed.operation.responses).find((k) => /^4\d\d$/.test(k))!;
  const envelope = (status: number) => ({ ...(Object.values(contract.examples(guessed, errorKey))[0] as object), status });
  const jsonBody = (id: string) =>
    !!contract.deref(operationFromContract(contract, id).operation.requestBody)?.content?.['application/json'];
  const unknownRequest = relaxed.find((r) => r.requestUnknown && r.kind === 'inputs' && jsonBody(r.operationId))!;
  const strictRequest = contract.operations().find((o) => !relaxed.some((r) => r.operationId === o.id) && jsonBody(o.id))!;
  /** A body that is not JSON, refused with the operation's own documented 400 example. */
  const malformed = (id: string): Observed => {
    const refusal = Object.values(contract.examples(operationFromContract(contract, id), '400'))[0];
    return { ...exchange(id, { faceless: 1, storyboard: 1, id: 1 }, 400, refusal, {}), requestBody: Buffer.from('{"oops":') };
  };

  it('the proxy relaxes exactly the operations conformance relaxes, and says why in its report', () => {
    const checker = new Checker({ contract });
    expect([...checker.relaxed.keys()].sort()).toEqual(relaxed.map((r) => r.operationId).sort());
    expect(checker.report().relaxed).toHaveLength(relaxed.length);
    expect(checker.report().relaxed.join('\n')).toContain(`relaxed ${guessed.id} (`);
  });

  it('a guessed operation answered with a status it does not document: unverified, not a violation', () => {
    const checker = new Checker({ contract });
    checker.check(exchange(guessed.id, {}, undocumented, envelope(undocumented)));
    expect(checker.violations).toEqual([]);
    expect(checker.report().unverified.map((u) => `${u.kind} ${u.operationId}`)).toEqual([`status ${guessed.id}`]);
    expect(checker.report().unverified[0].why).toBe(
      relaxed
        .find((r) => r.operationId === guessed.id)!
        .reason.replace(/\s+/g, ' ')
        .trim(),
    );
  });

  it('on a guessed operation the rate-limit headers and the error envelope stay facts', () => {
    const checker = new Checker({ contract });
    const noRate = exchange(guessed.id, {}, undocumented, envelope(undocumented));
    checker.check({ ...noRate, responseHeaders: { 'content-type': 'application/json' } });
    checker.check({ ...exchange(guessed.id, {}, undocumented, ['not', 'an', 'envelope']) });
    expect(checker.violations.map((v) => v.kind)).toEqual(['header', 'header', 'schema']);
  });

  it('where the request itself is not shown, a request the contract would refuse is unverified, not a request error', () => {
    const checker = new Checker({ contract });
    checker.check(malformed(unknownRequest.operationId));
    expect(checker.violations).toEqual([]);
    expect(checker.requestErrors).toEqual([]);
    expect(checker.report().unverified.map((u) => u.kind)).toEqual(['request']);
  });

  it("elsewhere a request the contract refuses, refused with a documented 4xx, is the client's request error and no violation", () => {
    const checker = new Checker({ contract });
    checker.check(malformed(strictRequest.id));
    expect(checker.violations).toEqual([]);
    expect(checker.report().requestErrors.map((e) => `${e.kind} ${e.operationId} ${e.status}`)).toEqual([
      `request ${strictRequest.id} 400`,
    ]);
    expect(checker.report().requestErrors[0].message).toMatch(/the contract expects .*; the client sent .*; the API answered 400$/);
  });

  it("a request the contract refuses, accepted with a 2xx: the client's error and the API's violation where the rule is stated", () => {
    const checker = new Checker({ contract });
    const success = Object.values(
      contract.examples(strictRequest, Object.keys(strictRequest.operation.responses).find((k) => /^2/.test(k))!),
    )[0];
    checker.check({
      ...exchange(strictRequest.id, { faceless: 1, storyboard: 1, id: 1 }, 200, success, {}),
      requestBody: Buffer.from('{"oops":'),
    });
    expect(checker.requestErrors.map((e) => e.kind)).toEqual(['request']);
    expect(checker.violations.filter((v) => v.kind === 'accepted-invalid').map((v) => v.operationId)).toEqual([strictRequest.id]);
    expect(checker.violations[0].message).toContain('accepted input the contract rejects');
  });

  it('the same acceptance where the rule broken is a guess (x-unspecified in the body schema) is unverified, not a violation', () => {
    const guessedSchema = (id: string) =>
      Object.values<any>(contract.deref(operationFromContract(contract, id).operation.requestBody)?.content ?? {}).some((m) =>
        JSON.stringify(contract.deref(m.schema) ?? {}).includes('x-unspecified'),
      );
    const partly = relaxed.find(
      (r) => r.kind === 'inputs' && !r.requestUnknown && jsonBody(r.operationId) && guessedSchema(r.operationId),
    )!;
    const op = operationFromContract(contract, partly.operationId);
    const key = Object.keys(op.operation.responses).find((k) => /^2/.test(k))!;
    const success = Object.values(contract.examples(op, key))[0];
    const checker = new Checker({ contract });
    checker.check({
      ...exchange(op.id, { faceless: 1, storyboard: 1, id: 1 }, Number(key.replace(/X/g, '0')), success, {}),
      requestBody: Buffer.from('[]'),
    });
    expect(checker.violations.filter((v) => v.kind === 'accepted-invalid')).toEqual([]);
    expect(checker.report().unverified.map((u) => `${u.kind} ${u.operationId}`)).toContain(`accepted-invalid ${op.id}`);
  });

  it('on a body that is a guess elsewhere, accepting a stated field outside its enum is still a violation', () => {
    // A JSON body whose schema carries x-unspecified at its root ("other fields are not shown") and
    // lists a field with a stated enum: the guess covers unknown fields, not the listed one.
    const statedEnum = (id: string) => {
      const schema = contract.deref<any>(
        contract.deref(operationFromContract(contract, id).operation.requestBody)?.content?.['application/json']?.schema,
      );
      if (!schema?.['x-unspecified']) return undefined;
      return Object.entries<any>(schema.properties ?? {}).find(
        ([, p]) => Array.isArray(contract.deref<any>(p)?.enum) && !JSON.stringify(contract.deref(p)).includes('x-unspecified'),
      )?.[0];
    };
    const op = contract.operations().find((o) => noParams(o.id) && o.method === 'post' && jsonBody(o.id) && statedEnum(o.id))!;
    const field = statedEnum(op.id)!;
    const key = Object.keys(op.operation.responses).find((k) => /^2/.test(k))!;
    const success = Object.values(contract.examples(op, key))[0];
    const checker = new Checker({ contract });
    checker.check(exchange(op.id, {}, Number(key.replace(/X/g, '0')), success, { [field]: 'not-a-listed-value' }));
    expect(checker.violations.map((v) => `${v.kind} ${v.operationId}`)).toEqual([`accepted-invalid ${op.id}`]);
    expect(checker.violations[0].message).toContain(`property ${field} must be equal to one of the allowed values`);
  });

  it('on an operation relaxed elsewhere, accepting a parameter outside a stated limit is still a violation', () => {
    const list = contract
      .operations()
      .find(
        (o) =>
          relaxed.some((r) => r.operationId === o.id && r.kind === 'inputs' && !r.requestUnknown) &&
          noParams(o.id) &&
          o.method === 'get' &&
          (o.operation.parameters ?? []).some((p: any) => /PerPage/.test(p.$ref ?? '')),
      )!;
    const success = Object.values(contract.examples(list, '200'))[0];
    const checker = new Checker({ contract });
    checker.check({ ...exchange(list.id, {}, 200, success), query: new URLSearchParams('per_page=51') });
    expect(checker.requestErrors.map((e) => e.operationId)).toEqual([list.id]);
    expect(checker.violations.map((v) => `${v.kind} ${v.operationId}`)).toEqual([`accepted-invalid ${list.id}`]);
  });

  it('an operation that is not a guess answered with a status it does not document is a violation', () => {
    const op = contract
      .operations()
      .find((o) => !relaxed.some((r) => r.operationId === o.id) && noParams(o.id) && !('418' in o.operation.responses))!;
    const checker = new Checker({ contract });
    checker.check(exchange(op.id, {}, 418, envelope(418)));
    expect(checker.violations.map((v) => v.kind)).toEqual(['status']);
    expect(checker.report().unverified).toEqual([]);
  });
});

describe('routes the contract lacks', () => {
  const notFound = Object.values(contract.examples(operationFromContract(contract, 'getMe'), '401'))[0] as { status: number };
  const unknown = (method: string, status: number, body: unknown): Observed => ({
    method,
    path: '/no-such-resource',
    query: new URLSearchParams(),
    requestHeaders: auth,
    requestBody: Buffer.alloc(0),
    status,
    responseHeaders: rate,
    responseBody: Buffer.from(JSON.stringify(body)),
    at: Date.now(),
  });

  it("answered 404 or 405 in the error envelope: the client's request error, no violation", () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 404, { ...notFound, status: 404 }));
    checker.check(unknown('DELETE', 405, { ...notFound, status: 405 }));
    expect(checker.violations).toEqual([]);
    expect(checker.requestErrors.map((e) => `${e.kind} ${e.method} ${e.status}`)).toEqual([
      'unknown-route GET 404',
      'unknown-route DELETE 405',
    ]);
  });

  it("answered 2xx: an undocumented operation (the API's violation)", () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 200, { data: {} }));
    expect(checker.violations.map((v) => v.kind)).toEqual(['undocumented-operation']);
    expect(checker.requestErrors).toHaveLength(1);
  });

  it('answered 404 outside the error envelope: a violation', () => {
    const checker = new Checker({ contract });
    checker.check(unknown('GET', 404, ['not', 'an', 'envelope']));
    expect(checker.violations.map((v) => v.kind)).toEqual(['undocumented-operation']);
  });
});

describe('proxy settings', () => {
  it('PROXY_TARGET required, ending in the base path; port default and override', () => {
    expect(() => readProxySettings({}, '/v2')).toThrow(/PROXY_TARGET is required/);
    expect(() => readProxySettings({ PROXY_TARGET: 'https://staging.example.test/api' }, '/v2')).toThrow(/ending in \/v2/);
    expect(() => readProxySettings({ PROXY_TARGET: 'ftp://staging.example.test/v2' }, '/v2')).toThrow(/http\(s\)/);
    const s = readProxySettings({ PROXY_TARGET: 'https://staging.example.test/v2/' }, '/v2');
    expect(s.port).toBe(DEFAULT_PROXY_PORT);
    expect(s.target.pathname).toBe('/v2');
    expect(s.blockCharges).toBe(false);
    expect(s.failOnRequestErrors).toBe(false);
    expect(readProxySettings({ PROXY_TARGET: 'http://127.0.0.1:1/v2', PROXY_FAIL_ON_REQUEST_ERRORS: '1' }, '/v2').failOnRequestErrors).toBe(
      true,
    );
    expect(readProxySettings({ PROXY_TARGET: 'http://127.0.0.1:1/v2', PROXY_PORT: '5000', PROXY_BLOCK_CHARGES: '1' }, '/v2')).toMatchObject(
      { port: 5000, blockCharges: true },
    );
    expect(() => readProxySettings({ PROXY_TARGET: 'http://127.0.0.1:1/v2', PROXY_PORT: 'x' }, '/v2')).toThrow(/PROXY_PORT/);
  });

  const target = { PROXY_TARGET: 'http://127.0.0.1:1/v2' };

  it('every default: report folder, limits, timeout, refunds confirmed, nothing recorded', () => {
    expect(readProxySettings({ ...target, PROXY_PORT: ' ', PROXY_MAX_BODY_BYTES: ' ', PROXY_REFUND_GRACE_MS: '' }, '/v2')).toEqual({
      target: new URL('http://127.0.0.1:1/v2'),
      port: 4020,
      reportDir: path.resolve('reports/proxy'),
      blockCharges: false,
      failOnRequestErrors: false,
      minCoverage: undefined,
      refundGraceMs: undefined,
      maxBodyBytes: 32 * 1024 * 1024,
      maxResponseBytes: 8 * 1024 * 1024,
      timeoutMs: 60_000,
      confirmRefunds: true,
      record: undefined,
    });
  });

  it('each setting read as given: paths resolved, flags 1, true or yes, PROXY_CONFIRM_REFUNDS=0 turns confirming off', () => {
    const s = readProxySettings(
      {
        PROXY_TARGET: ' https://staging.example.test/api/v2// ',
        PROXY_PORT: '0',
        PROXY_REPORT_DIR: ' out/proxy ',
        PROXY_BLOCK_CHARGES: 'yes',
        PROXY_FAIL_ON_REQUEST_ERRORS: 'true',
        PROXY_MIN_COVERAGE: '40',
        PROXY_REFUND_GRACE_MS: '0',
        PROXY_MAX_BODY_BYTES: '1',
        PROXY_MAX_RESPONSE_BYTES: '2048',
        PROXY_TIMEOUT_MS: '1500',
        PROXY_CONFIRM_REFUNDS: ' 0 ',
        PROXY_RECORD: ' world.yaml ',
      },
      '/v2',
    );
    expect(s).toEqual({
      target: new URL('https://staging.example.test/api/v2'),
      port: 0,
      reportDir: path.resolve('out/proxy'),
      blockCharges: true,
      failOnRequestErrors: true,
      minCoverage: 40,
      refundGraceMs: 0,
      maxBodyBytes: 1,
      maxResponseBytes: 2048,
      timeoutMs: 1500,
      confirmRefunds: false,
      record: path.resolve('world.yaml'),
    });
    expect(readProxySettings({ ...target, PROXY_BLOCK_CHARGES: 'on', PROXY_CONFIRM_REFUNDS: 'no' }, '/v2')).toMatchObject({
      blockCharges: false,
      confirmRefunds: true,
    });
  });

  it.each([
    [
      { PROXY_TARGET: '   ' },
      'PROXY_TARGET is required: the base URL of the deployment to forward to, ending in /v2 (e.g. https://staging.example.com/v2)',
    ],
    [{ PROXY_TARGET: 'not a url' }, 'PROXY_TARGET must be an http(s) URL ending in /v2, got "not a url"'],
    [
      { PROXY_TARGET: 'https://staging.example.test/v2x' },
      'PROXY_TARGET must be an http(s) URL ending in /v2, got "https://staging.example.test/v2x"',
    ],
    [{ ...target, PROXY_PORT: '65536' }, 'PROXY_PORT must be a port number, got "65536"'],
    [{ ...target, PROXY_PORT: '-1' }, 'PROXY_PORT must be a port number, got "-1"'],
    [{ ...target, PROXY_PORT: '80.5' }, 'PROXY_PORT must be a port number, got "80.5"'],
    [{ ...target, PROXY_REFUND_GRACE_MS: '-1' }, 'PROXY_REFUND_GRACE_MS must be a non-negative integer, got "-1"'],
    [{ ...target, PROXY_REFUND_GRACE_MS: '2.5' }, 'PROXY_REFUND_GRACE_MS must be a non-negative integer, got "2.5"'],
    [{ ...target, PROXY_MAX_BODY_BYTES: '0' }, 'PROXY_MAX_BODY_BYTES must be a positive integer, got "0"'],
    [{ ...target, PROXY_MAX_RESPONSE_BYTES: '1e3x' }, 'PROXY_MAX_RESPONSE_BYTES must be a positive integer, got "1e3x"'],
    [{ ...target, PROXY_TIMEOUT_MS: '0.5' }, 'PROXY_TIMEOUT_MS must be a positive integer, got "0.5"'],
  ])('%j is refused: %s', (env, message) => {
    expect(() => readProxySettings(env, '/v2')).toThrow(new Error(message));
  });

  it('the largest port is allowed', () => {
    expect(readProxySettings({ ...target, PROXY_PORT: '65535' }, '/v2').port).toBe(65535);
  });
});

describe('the coverage of the traffic the checker saw', () => {
  it('counts the operations, responses, error codes and observed transitions into the report', () => {
    expect.hasAssertions();
    const checker = new Checker({ contract });
    const machine = contract.stateMachines().find((m) => m.name === 'LaunchClipStatus')!;
    const unauthorized = contract.examples(operationFromContract(contract, 'getMe'), '401');
    checker.check(exchange('getMe', {}, 401, Object.values(unauthorized)[0]));
    for (const state of ['planning', 'briefed', 'rendering', 'completed'])
      checker.check(exchange('getLaunchClip', { id: 9 }, 200, pollAnswer(machine, state, 9)));
    const coverage = checker.report().coverage;
    expect(coverage.operations.covered).toBe(2);
    expect(coverage.uncovered.responses).not.toContain('getMe 401');
    expect(coverage.uncovered.errorCodes).not.toContain('GEN-UNAUTHORIZED');
    expect(coverage.transitions.byMachine.LaunchClipStatus.covered).toBe(3);
    expect(coverage.uncovered.terminalStates).not.toContain('LaunchClipStatus completed');
    expect(coverage.uncovered.transitions).toContain('LaunchClipStatus rendering->failed');
  });
});
