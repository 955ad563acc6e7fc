import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockContract, operationFromContract } from '../../mock/contract.js';
import { BLOCKED_CODE, BLOCKED_STATUS } from '../../qa/proxy/block.js';
import { FAULT_TOKENS, startLifecycleFaults, type FaultLayer } from '../servers/lifecycle-faults.js';
import { HOP_BY_HOP } from '../../qa/http-forward.js';
import { startVariationsProxy, VARIATIONS, type VariationsProxy } from '../servers/variations-proxy.js';
import { relaxations } from '../../lib/contract/index.js';
import type { Report } from '../../qa/checker/types.js';
import { startMock, type RunningMock } from '../support/mock-harness.js';
import { portFree, type ProxyProcess, startProxyProcess } from '../support/proxy-process.js';
import { readPointer } from '../../lib/contract/pointer.js';

const contract = mockContract();
const op = (id: string) => operationFromContract(contract, id);
const machineOf = (pollId: string) => contract.stateMachines().find((m) => m.pollOperationIds.includes(pollId))!;

const saved = (p: ProxyProcess) => ({
  json: JSON.parse(readFileSync(path.join(p.reportDir, 'proxy-report.json'), 'utf8')) as Report,
  xml: readFileSync(path.join(p.reportDir, 'proxy-junit.xml'), 'utf8'),
});

async function api(base: string, token: string | null, id: string, params: Record<string, unknown> = {}, body?: unknown) {
  const o = op(id);
  const url = base + o.path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(params[name])));
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method: o.method.toUpperCase(), headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const statusAt = (body: unknown, location: string) => readPointer(body, location) as string;
const exampleBody = (id: string) =>
  Object.values<any>(contract.deref(op(id).operation.requestBody)!.content['application/json'].examples!).map(
    (e) => contract.deref(e).value,
  )[0];

/** Polls a resource until its machine reaches a terminal state, then `extra` more times. */
async function pollToEnd(base: string, token: string, pollId: string, params: Record<string, unknown>, extra = 0): Promise<string> {
  const m = machineOf(pollId);
  for (let i = 0; i < 200; i++) {
    const state = statusAt((await api(base, token, pollId, params)).body, m.statusLocation);
    // A terminal state, or (a faulty target) a status the machine does not name: stop there.
    if (m.terminal.includes(state) || (typeof state === 'string' && !m.states.includes(state))) {
      for (let j = 0; j < extra; j++) {
        await sleep(20);
        await api(base, token, pollId, params);
      }
      return state;
    }
    await sleep(30);
  }
  throw new Error(`${pollId} never reached a terminal state`);
}

// Scenarios: what an app does. Request bodies are the contract's own examples.
async function textToVideo(base: string, token: string, fail = false) {
  const body = { ...exampleBody('createTextToVideo') };
  if (fail) body.prompt = `${body.prompt} mock:fail`;
  const created = await api(base, token, 'createTextToVideo', {}, body);
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  const end = await pollToEnd(base, token, 'getTextToVideo', { id: created.body.data.id });
  await api(base, token, 'getMe');
  await api(base, token, 'listCreditHistory');
  return end;
}
async function launchClip(base: string, token: string) {
  const created = await api(base, token, 'createLaunchClip', {}, exampleBody('createLaunchClip'));
  expect(created.status).toBeLessThan(300);
  return pollToEnd(base, token, 'getLaunchClip', { id: created.body.data.id });
}
async function facelessRender(base: string, token: string) {
  const options = (await api(base, token, 'getFacelessOptions')).body.data.mandatory;
  const created = await api(base, token, 'createFacelessVideo', {}, exampleBody('createFacelessVideo'));
  const id = created.body.data.id;
  const patched = await api(
    base,
    token,
    'updateFacelessVideo',
    { faceless: id },
    { script: 'Octopuses have three hearts.', voice_id: options.voices[0].id, genre_id: options.genres[0].id },
  );
  expect(patched.status).toBe(200);
  const rendered = await api(base, token, 'renderFacelessVideo', { faceless: id }, {});
  expect(rendered.status, JSON.stringify(rendered.body)).toBe(202);
  return pollToEnd(base, token, 'getFacelessVideo', { faceless: id }, 2);
}
const scenarios: Record<keyof typeof FAULT_TOKENS, (base: string, token: string) => Promise<unknown>> = {
  'fault-unknown-state': (b, t) => textToVideo(b, t),
  'fault-backwards': launchClip,
  'fault-terminal': facelessRender,
  'fault-no-refund': (b, t) => textToVideo(b, t, true),
};
const report = async (p: ProxyProcess): Promise<Report> => (await fetch(`${p.root}/__proxy/report`)).json() as Promise<Report>;

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ MOCK_STEP_MS: '150', MOCK_QUIET: '1' });
});
afterAll(async () => {
  await mock?.stop();
});

describe('lifecycle faults only a check over time can see', () => {
  let layer: FaultLayer;
  let proxy: ProxyProcess;
  beforeAll(async () => {
    layer = await startLifecycleFaults(mock.base, contract);
    proxy = await startProxyProcess(layer.url);
  });
  afterAll(async () => {
    await proxy?.stop();
    await layer?.close();
  });

  // The lines the faults must produce, with the state names read from the machines.
  const clip = machineOf('getTextToVideo');
  const launch = machineOf('getLaunchClip');
  const faceless = machineOf('getFacelessVideo');
  const foreign = contract
    .stateMachines()
    .flatMap((m) => m.success)
    .find((s) => !clip.states.includes(s))!;
  const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const expected: Record<keyof typeof FAULT_TOKENS, { kind: string; machine: string; line: RegExp; alsoSchema?: boolean }> = {
    'fault-unknown-state': {
      kind: 'state',
      machine: clip.name,
      line: new RegExp(`expected one of ${esc(clip.states.join(', '))} .*; got "${esc(foreign)}"`),
      alsoSchema: true,
    },
    'fault-backwards': {
      kind: 'transition',
      machine: launch.name,
      line: new RegExp(`got (${launch.states.map(esc).join('|')}) → (${launch.states.map(esc).join('|')})$`),
    },
    'fault-terminal': {
      kind: 'terminal',
      machine: faceless.name,
      line: new RegExp(`expected terminal state ${esc(faceless.success[0])} to stay.*; got ${esc(faceless.initial!)}$`),
    },
    'fault-no-refund': { kind: 'refund', machine: clip.name, line: /refund of \d+.*; got balance \d+, no refund/ },
  };

  for (const [token, description] of Object.entries(FAULT_TOKENS) as [keyof typeof FAULT_TOKENS, string][]) {
    it(`reports ${description} (${token}) with one line, and nothing else`, async () => {
      const before = (await report(proxy)).violations.length;
      await scenarios[token](proxy.base, token);
      const added = (await report(proxy)).violations.slice(before);
      const { kind, machine, line, alsoSchema } = expected[token];
      const lifecycle = added.filter((v) => ['state', 'transition', 'terminal', 'refund'].includes(v.kind));
      expect(lifecycle, JSON.stringify(added, null, 1)).toHaveLength(1);
      expect(lifecycle[0].kind).toBe(kind);
      expect(lifecycle[0].resource).toMatch(new RegExp(`^${machine}#`));
      expect(lifecycle[0].message).toMatch(line);
      expect(proxy.output()).toContain(`✗ API ${kind} ${lifecycle[0].message}`);
      // Each answer on its own is valid, except that a status a closed machine does not name also
      // breaks the status enum of its schema (the contract keeps states and enum equal).
      expect(added.filter((v) => !lifecycle.includes(v)).map((v) => v.kind)).toEqual(alsoSchema ? ['schema'] : []);
    });
  }

  it('SIGTERM to `npm run proxy` writes JUnit and JSON with the violation, exits 1 and frees the port', async () => {
    const own = await startProxyProcess(layer.url);
    await scenarios['fault-backwards'](own.base, 'fault-backwards');
    const code = await own.stop('SIGTERM');
    expect(code, own.output()).toBe(1);
    const { json, xml } = saved(own);
    expect(json.violations.map((v) => v.kind)).toEqual(['transition']);
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('message="TRANSITION"');
    expect(await portFree(own.port)).toBe(true);
  });
});

describe('a clean mock', () => {
  let layer: FaultLayer;
  let proxy: ProxyProcess;
  beforeAll(async () => {
    layer = await startLifecycleFaults(mock.base, contract); // records; no fault for these tokens
    proxy = await startProxyProcess(layer.url);
  });
  afterAll(async () => {
    await proxy?.stop();
    await layer?.close();
  });

  it("the same scenarios on clean accounts give an empty report; the failed clip's refund is confirmed", async () => {
    for (const [name, scenario] of Object.entries(scenarios)) await scenario(proxy.base, `clean-${name}`);
    const r = await report(proxy);
    expect(r.violations, JSON.stringify(r.violations, null, 1)).toEqual([]);
    expect(r.unconfirmed).toEqual([]);
    expect(r.exchanges).toBeGreaterThan(20);
  });

  it('SIGTERM to `npm run proxy` with nothing violated writes an empty report, exits 0 and frees the port', async () => {
    const own = await startProxyProcess(layer.url);
    await textToVideo(own.base, 'clean-sigterm');
    const code = await own.stop('SIGTERM');
    expect(code, own.output()).toBe(0);
    const { json, xml } = saved(own);
    expect(json.exchanges).toBeGreaterThan(0);
    expect(json.violations).toEqual([]);
    expect(xml).not.toContain('<failure');
    expect(await portFree(own.port)).toBe(true);
  });
});

// The other direction of the lifecycle faults above: tests/servers/variations-proxy.ts plays a
// faithful deployment that made the other reasonable choice at each place the source leaves open
// (the same one conformance is proven against). Through the proxy it must give zero violations:
// the proxy's leniency is conformance's (lib/contract/leniency.ts); what a guess spared is listed
// as unverified.
describe('silent-place variations (the other reasonable choice where the source is silent)', () => {
  let variations: VariationsProxy;
  let proxy: ProxyProcess;
  beforeAll(async () => {
    variations = await startVariationsProxy(mock.base);
    proxy = await startProxyProcess(variations.url);
  });
  afterAll(async () => {
    await proxy?.stop();
    await variations?.close();
  });

  const token = 'variations-account';
  const send = (id: string, params: Record<string, unknown>, body?: string, query = '') =>
    fetch(proxy.base + op(id).path.replace(/\{(\w+)\}/g, (_, name) => encodeURIComponent(String(params[name]))) + query, {
      method: op(id).method.toUpperCase(),
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body,
    });
  const of = (name: keyof typeof VARIATIONS, i = 0) => VARIATIONS[name].operations[i];

  it("zero violations at every variation; the guesses it spared are unverified, with the contract's reason", async () => {
    const draft = await api(proxy.base, token, 'createFacelessVideo', {}, exampleBody('createFacelessVideo'));
    expect(draft.status, JSON.stringify(draft.body)).toBeLessThan(300);
    const triggers: Record<keyof typeof VARIATIONS, () => Promise<Response>> = {
      'requires-type': () => send(of('requires-type'), {}, '{}'),
      'requires-title': () => send(of('requires-title'), {}),
      'ideas-page-limit': () => send(of('ideas-page-limit'), {}, undefined, '?per_page=51'),
      // A body that is not JSON, sent where the operation itself is a guess (elsewhere it is the client's own violation).
      'malformed-json-422': () =>
        send(
          VARIATIONS['malformed-json-422'].operations.find((id) =>
            relaxations(contract.doc).some((r) => r.operationId === id && r.requestUnknown),
          )!,
          { storyboard: 1 },
          '{"mood":',
        ),
      'any-include': () => send(of('any-include'), { faceless: draft.body.data.id }, undefined, '?include=everything'),
      'guessed-method-405': () => send(of('guessed-method-405'), { storyboard: 1 }),
      'guessed-path-404': () => send(of('guessed-path-404'), {}),
      'empty-patch-noop': () => send(of('empty-patch-noop'), { faceless: draft.body.data.id }),
      'script-without-body': () => send(of('script-without-body'), { faceless: draft.body.data.id }),
    };
    for (const [name, trigger] of Object.entries(triggers))
      await (await trigger()).arrayBuffer().then(() => expect(variations.used[name], name).toBeGreaterThan(0));
    const r = await report(proxy);
    expect(r.violations, JSON.stringify(r.violations, null, 1)).toEqual([]);
    const unverified = r.unverified.map((u) => `${u.kind} ${u.operationId}`);
    expect(unverified).toContain(`status ${of('guessed-path-404')}`);
    expect(unverified.some((u) => u.startsWith('request '))).toBe(true);
    for (const u of r.unverified) expect(u.why.length, u.message).toBeGreaterThan(0);
    // Printed at start like conformance: the count, then one line per relaxed operation and why.
    expect(proxy.output()).toMatch(new RegExp(`${r.relaxed.length} operations relaxed .*GET /__proxy/report`));
    for (const line of r.relaxed) expect(proxy.output()).toContain(line);
  });

  it('SIGTERM with only unverified guesses exits 0; the JUnit lists them as skipped, not failed', async () => {
    const own = await startProxyProcess(variations.url);
    await (await fetch(own.base + op(of('guessed-path-404')).path, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    const code = await own.stop('SIGTERM');
    expect(code, own.output()).toBe(0);
    const { xml } = saved(own);
    expect(xml).not.toContain('<failure');
    expect(xml).toMatch(/<testcase name="unverified [^"]+"[^>]*>\s*<skipped /);
    expect(own.output()).toMatch(/0 violation\(s\).*[1-9]\d* unverified/);
  });
});

describe('forwarding unchanged', () => {
  let layer: FaultLayer;
  let proxy: ProxyProcess;
  beforeAll(async () => {
    layer = await startLifecycleFaults(mock.base, contract); // records what passes; no fault for these tokens
    proxy = await startProxyProcess(layer.url);
  });
  afterAll(async () => {
    await proxy?.stop();
    await layer?.close();
  });

  it('every answer reaches the client byte for byte as the target sent it, and every request reaches the target as sent', async () => {
    const token = 'clean-bytes';
    const calls: { method: string; path: string; headers?: Record<string, string>; body?: string }[] = [
      { method: 'GET', path: '/me' },
      { method: 'GET', path: '/credits/history?per_page=5&order=ASC' },
      { method: 'GET', path: '/faceless/options?only=voices,genres' },
      {
        method: 'POST',
        path: '/faceless',
        headers: { 'content-type': 'application/json', 'x-app': 'frontend' },
        body: JSON.stringify(exampleBody('createFacelessVideo')),
      },
      { method: 'PATCH', path: '/faceless/999999', headers: { 'content-type': 'application/json' }, body: '{"script":' },
      { method: 'GET', path: '/launch-clips/0' },
      { method: 'DELETE', path: '/me' },
    ];
    for (const c of calls) {
      const before = layer.recorded.length;
      const res = await fetch(proxy.base + c.path, {
        method: c.method,
        headers: { authorization: `Bearer ${token}`, ...c.headers },
        body: c.body,
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const upstream = layer.recorded.slice(before);
      expect(upstream, c.path).toHaveLength(1);
      const seen = upstream[0];
      expect(seen.method).toBe(c.method);
      expect(seen.url).toBe(`/v2${c.path}`);
      expect(seen.requestHeaders.authorization).toBe(`Bearer ${token}`);
      if (c.headers?.['x-app']) expect(seen.requestHeaders['x-app']).toBe('frontend');
      expect(seen.requestBody.toString()).toBe(c.body ?? '');
      expect(res.status, c.path).toBe(seen.answer.status);
      expect(bytes.equals(seen.answer.body), c.path).toBe(true);
      for (const [name, value] of Object.entries(seen.answer.headers)) {
        if (HOP_BY_HOP.has(name) || name === 'date') continue;
        expect(res.headers.get(name), `${c.path} ${name}`).toBe(Array.isArray(value) ? value.join(', ') : String(value));
      }
    }
  });

  it('the same call made directly and through the proxy answers the same status, headers and bytes', async () => {
    const paths = ['/me', '/credits/costs', '/credits/history?per_page=3', '/text-to-video/424242', '/credits/history?per_page=0'];
    const strip = (h: Headers) => [...h.entries()].filter(([n]) => !HOP_BY_HOP.has(n) && n !== 'date').sort();
    for (const [i, p] of paths.entries()) {
      // Twin fresh accounts, so the rate-limit counters and balances match.
      const direct = await fetch(mock.base + p, { headers: { authorization: `Bearer twin-direct-${i}` } });
      const proxied = await fetch(proxy.base + p, { headers: { authorization: `Bearer twin-proxied-${i}` } });
      expect(proxied.status, p).toBe(direct.status);
      expect(strip(proxied.headers), p).toEqual(strip(direct.headers));
      expect(Buffer.from(await proxied.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer())), p).toBe(true);
    }
    const noToken = [await fetch(`${mock.base}/me`), await fetch(`${proxy.base}/me`)];
    expect(noToken[1].status).toBe(noToken[0].status);
    expect(await noToken[1].text()).toBe(await noToken[0].text());
  });

  // What a client gets wrong on purpose: a bad query, a body that is not JSON, routes the contract lacks.
  const mistakes = async (base: string, token: string) => {
    const call = (method: string, p: string, body?: string) =>
      fetch(base + p, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body,
      }).then((r) => r.arrayBuffer());
    await call('GET', '/credits/history?per_page=0');
    await call('PATCH', '/faceless/999999', '{"script":');
    await call('DELETE', '/me');
    await call('GET', '/no-such-resource');
  };

  it("requests the contract rejects are the client's request errors, not violations; SIGINT exits 0 with both files and a free port", async () => {
    const own = await startProxyProcess(layer.url);
    await mistakes(own.base, 'client-mistakes');
    const r = await report(own);
    expect(r.violations, JSON.stringify(r.violations, null, 1)).toEqual([]);
    expect(r.requestErrors.map((e) => `${e.kind} ${e.operationId}`).sort()).toEqual([
      'request listCreditHistory',
      'request updateFacelessVideo',
      'unknown-route null',
      'unknown-route null',
    ]);
    expect(own.output()).toMatch(
      /! client request listCreditHistory GET \/credits\/history: the contract expects .*; the API answered 4\d\d/,
    );
    const code = await own.stop('SIGINT');
    expect(code, own.output()).toBe(0);
    const { json, xml } = saved(own);
    expect(json.requestErrors).toHaveLength(4);
    expect(xml).not.toContain('<failure');
    expect(xml).toMatch(/<testsuite name="proxy request errors" tests="4" failures="0" errors="0" skipped="4">/);
    expect(own.output()).toMatch(/0 violation\(s\) by the API, 4 request error\(s\) by clients/);
    expect(await portFree(own.port)).toBe(true);
  });

  it('PROXY_FAIL_ON_REQUEST_ERRORS=1 counts them: failures in their own suite, exit 1', async () => {
    const own = await startProxyProcess(layer.url, { PROXY_FAIL_ON_REQUEST_ERRORS: '1' });
    await mistakes(own.base, 'client-mistakes-counted');
    const code = await own.stop('SIGTERM');
    expect(code, own.output()).toBe(1);
    const { json, xml } = saved(own);
    expect(json.violations).toEqual([]);
    expect(xml).toMatch(/<testsuite name="proxy request errors" tests="4" failures="4"/);
  });
});

describe('PROXY_BLOCK_CHARGES=1', () => {
  let layer: FaultLayer;
  let proxy: ProxyProcess;
  beforeAll(async () => {
    layer = await startLifecycleFaults(mock.base, contract);
    proxy = await startProxyProcess(layer.url, { PROXY_BLOCK_CHARGES: '1' });
  });
  afterAll(async () => {
    await proxy?.stop();
    await layer?.close();
  });

  it('answers every charging operation locally in the API envelope, never forwards it, and forwards free ones', async () => {
    const token = 'blocked-account';
    const balance = async () => (await api(mock.base, token, 'getMe')).body.data.credits.remaining;
    const start = await balance();
    const charging = contract.operations().filter((o) => o.credits?.charges);
    expect(charging.length).toBeGreaterThan(0);
    for (const o of charging) {
      const before = layer.recorded.length;
      const url = proxy.base + o.path.replace(/\{\w+\}/g, '1');
      const res = await fetch(url, {
        method: o.method.toUpperCase(),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      const body = await res.json();
      expect(res.status, o.id).toBe(BLOCKED_STATUS);
      expect(body, o.id).toMatchObject({ status: BLOCKED_STATUS, error: { code: BLOCKED_CODE } });
      expect(body.message).toContain(o.id);
      expect(res.headers.get('x-proxy-blocked')).toBe(o.id);
      expect(layer.recorded.length, `${o.id} reached the target`).toBe(before);
    }
    expect(await balance()).toBe(start);
    const free = await fetch(`${proxy.base}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(free.status).toBe(200);
    const r = await report(proxy);
    expect(r.blocked).toBe(charging.length);
    expect(r.violations).toEqual([]);
    expect(existsSync(proxy.reportDir)).toBe(true);
  });
});
