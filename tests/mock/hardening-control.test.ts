// The control plane (/__mock) belongs to the developer's own tools: a page on another origin can
// neither read it nor write to it (checked from a real page in headless Chromium), loopback pages and
// MOCK_CONTROL_ORIGINS keep their CORS grant, writes need a JSON (or YAML) Content-Type, and dot
// segments under /v2 never reach it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/browser.js';
import { call, useMock } from '../support/mock-harness.js';
import { chromium } from 'playwright-core';

const TRUSTED = 'https://app.trusted.example';
const mock = useMock({ MOCK_CONTROL_ORIGINS: `${TRUSTED}, https://other.example` });
const origin = () => mock.base.replace(/\/v2$/, '');

describe('control plane CORS and writes (plain HTTP)', () => {
  it('refuses a foreign Origin with 403 in the envelope and no CORS grant', async () => {
    const reply = await call(origin(), 'GET', '/__mock/accounts', { token: null, headers: { origin: 'https://any.example' } });
    expect([reply.status, reply.body?.error?.code, reply.headers.get('access-control-allow-origin')]).toEqual([
      403,
      'MOCK-ORIGIN-FORBIDDEN',
      null,
    ]);
  });

  it('grants CORS to loopback origins on any port and to MOCK_CONTROL_ORIGINS', async () => {
    const granted: Record<string, string | null> = {};
    for (const o of ['http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000', TRUSTED]) {
      const reply = await call(origin(), 'GET', '/__mock/accounts', { token: null, headers: { origin: o } });
      granted[o] = reply.status === 200 ? reply.headers.get('access-control-allow-origin') : `status ${reply.status}`;
    }
    expect(granted).toEqual({
      'http://localhost:5173': 'http://localhost:5173',
      'http://127.0.0.1:8080': 'http://127.0.0.1:8080',
      'http://[::1]:3000': 'http://[::1]:3000',
      [TRUSTED]: TRUSTED,
    });
  });

  it('refuses a preflight from a foreign origin', async () => {
    const reply = await call(origin(), 'OPTIONS', '/__mock/faults', {
      token: null,
      headers: { origin: 'https://any.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect([reply.status, reply.headers.get('access-control-allow-origin')]).toEqual([403, null]);
  });

  it('refuses a write with a CORS-simple Content-Type (text/plain) with 415', async () => {
    const reply = await call(origin(), 'POST', '/__mock/faults', {
      token: null,
      raw: JSON.stringify({ operationId: '*', status: 500 }),
      headers: { 'content-type': 'text/plain' },
    });
    expect([reply.status, reply.body?.error?.code]).toEqual([415, 'MOCK-UNSUPPORTED-MEDIA-TYPE']);
  });

  it('never routes dot segments (plain or percent-encoded) from /v2 into /__mock', async () => {
    const statuses: Record<string, number> = {};
    for (const p of ['/v2/%2e%2e/__mock/accounts', '/v2/%2E%2e/__mock/reset', '/v2/../__mock/accounts', '/v2/.%2e/__mock/faults']) {
      // fetch would resolve the dots itself: send the raw path with node:http.
      statuses[p] = await rawStatus(p, p.endsWith('accounts') ? 'GET' : 'POST');
    }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((p) => [p, 404])));
  });
});

function rawStatus(rawPath: string, method: string): Promise<number> {
  const target = new URL(origin());
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, method, path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('tokens in control listings', () => {
  it('every listing masks tokens; the account asked for by name shows its token; its ref acts on it', async () => {
    const token = 'secret-token-of-a-developer';
    await call(mock.base, 'GET', '/me', { token });
    const list = (await call(origin(), 'GET', '/__mock/accounts', { token: null })).body.accounts;
    const listed = list.find((a: { token: string }) => {
      const [start, end] = a.token.split('…');
      return token.startsWith(start) && token.endsWith(end);
    });
    const byName = (await call(origin(), 'GET', `/__mock/accounts/${token}`, { token: null })).body;
    const patched = await call(origin(), 'PATCH', `/__mock/accounts/${listed.ref}`, { token: null, body: { credits: 5 } });
    expect([JSON.stringify(list).includes(token), listed.token, byName.token, byName.ref === listed.ref, patched.body.credits]).toEqual([
      false,
      'secret…per',
      token,
      true,
      5,
    ]);
  });
});

describe('a page on another origin in headless Chromium', () => {
  let context: BrowserContext;
  let profile: string;
  let site: http.Server;
  let sitePort: number;
  // The page's origin: a non-loopback host name that Chromium resolves to this machine's second server.
  const FOREIGN = 'foreign-site.test';

  beforeAll(async () => {
    site = http.createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>other site</title>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
    profile = await mkdtemp(path.join(os.tmpdir(), 'mock-hardening-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: await chromiumExecutable(),
      headless: true,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${FOREIGN} 127.0.0.1`],
    });
  });

  afterAll(async () => {
    await context?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
    await new Promise<void>((resolve) => site?.close(() => resolve()));
  });

  async function fromForeignPage() {
    const page = await context.newPage();
    await page.goto(`http://${FOREIGN}:${sitePort}/`);
    const result = await page.evaluate(async (mockOrigin) => {
      const attempt = async (run: () => Promise<Response>) => {
        try {
          const response = await run();
          return `status ${response.status}`;
        } catch {
          return 'blocked';
        }
      };
      return {
        // The API itself stays open to browser apps on any origin: proves the page can reach the mock.
        api: await attempt(() => fetch(`${mockOrigin}/v2/me`, { headers: { Authorization: 'Bearer paid-page' } })),
        readAccounts: await attempt(() => fetch(`${mockOrigin}/__mock/accounts`)),
        postFaultJson: await attempt(() =>
          fetch(`${mockOrigin}/__mock/faults`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ operationId: '*', status: 500 }),
          }),
        ),
        postFaultPlain: await attempt(() =>
          fetch(`${mockOrigin}/__mock/faults`, { method: 'POST', body: JSON.stringify({ operationId: '*', status: 500 }) }),
        ),
        resetNoCors: await attempt(() => fetch(`${mockOrigin}/__mock/reset`, { method: 'POST', mode: 'no-cors' })),
      };
    }, origin());
    await page.close();
    return result;
  }

  it('cannot read accounts nor post faults, while the API answers it', async () => {
    const result = await fromForeignPage();
    expect(result).toEqual({
      api: 'status 200',
      readAccounts: 'blocked',
      postFaultJson: 'blocked',
      postFaultPlain: 'blocked',
      // An opaque answer: the page sees nothing, and the mock refused it (checked below).
      resetNoCors: 'status 0',
    });
  });

  it('left no fault behind and reset nothing', async () => {
    await call(mock.base, 'GET', '/me', { token: 'paid-survivor' });
    await fromForeignPage();
    const faults = await call(origin(), 'GET', '/__mock/faults', { token: null });
    const survivor = await call(origin(), 'GET', '/__mock/accounts/paid-survivor', { token: null });
    expect({ faults: faults.body.faults, survivor: survivor.body.seen }).toEqual({ faults: [], survivor: true });
  });

  it("the mock's own console (GET /__mock/) keeps working", async () => {
    await call(mock.base, 'GET', '/me', { token: 'paid-console' });
    const page = await context.newPage();
    await page.goto(`${origin()}/__mock/`, { waitUntil: 'load' });
    const { ref } = (await call(origin(), 'GET', '/__mock/accounts/paid-console', { token: null })).body;
    await expect.poll(() => page.locator(`[data-ref="${ref}"]`).count(), { timeout: 10_000 }).toBe(1);
    await page.close();
  });
});
