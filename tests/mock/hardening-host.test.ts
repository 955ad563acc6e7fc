// The control plane, the console and the docs page answer only to the developer's own names. A page
// on a name that a rebinding DNS points at 127.0.0.1 is, to the browser, the mock's own origin: it
// reads same-origin answers and sends no Origin on a GET. So /__mock, the console and GET / check the
// Host header: loopback names and addresses (any port) and MOCK_ALLOWED_HOSTS pass, anything else is
// 403 in the envelope. The console and the docs refuse other sites' frames. Links in API answers use
// the mock's own address, never the request's Host.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockCore } from '../../mock/core.js';
import { CHROMIUM_ARGS, launchChromium } from '../support/browser.js';
import { useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_QUIET: '1' });
const port = () => new URL(mock.base).port;

/** One request with a Host header of our choosing (fetch sends the URL's own). */
function withHost(host: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: port(), path: urlPath, headers: { host, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => {
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const OWN = ['localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'app.localhost'];
const FOREIGN = ['evil.example', 'localhost.evil.com', '127.0.0.1.evil.com', 'evil.localhost.com', '127.0.0.1.', '10.0.0.5', '[::2]'];
const PLACES = ['/__mock/accounts/host-check', '/__mock/', '/', '/docs/llms.txt'];

describe('the Host check (raw HTTP)', () => {
  it('loopback names and addresses, on any port, reach /__mock, the console and the docs', async () => {
    const statuses = [];
    for (const name of OWN)
      for (const place of PLACES) statuses.push(`${name} ${place} ${(await withHost(`${name}:${port()}`, place)).status}`);
    expect(statuses).toEqual(OWN.flatMap((name) => PLACES.map((place) => `${name} ${place} 200`)));
  });

  it('any other Host is 403 MOCK-HOST-FORBIDDEN in the envelope there, and no token leaks', async () => {
    await withHost(`localhost:${port()}`, '/__mock/accounts/host-secret-token');
    const answers = [];
    for (const name of FOREIGN)
      for (const place of PLACES) {
        const reply = await withHost(`${name}:${port()}`, place);
        answers.push([
          name,
          place,
          reply.status,
          reply.body?.status,
          reply.body?.error?.code,
          JSON.stringify(reply.body).includes('host-secret'),
        ]);
      }
    expect(answers).toEqual(FOREIGN.flatMap((name) => PLACES.map((place) => [name, place, 403, 403, 'MOCK-HOST-FORBIDDEN', false])));
  });

  it('the API itself answers any Host (its tokens are its own gate)', async () => {
    const reply = await withHost(`evil.example:${port()}`, '/v2/me', { authorization: 'Bearer host-api' });
    expect(reply.status).toBe(200);
  });

  it('links.next in the credit history uses the mock address, not a foreign Host', async () => {
    for (let i = 0; i < 3; i++) await mock.op('discoverIdeas', {}, { token: 'host-links', body: { keyword: `k${i}`, network: 'youtube' } });
    const reply = await withHost('evil.example', '/v2/credits/history?per_page=1', { authorization: 'Bearer host-links' });
    expect([
      reply.status,
      reply.body.links.next.startsWith(`${mock.base}/credits/history?`),
      JSON.stringify(reply.body).includes('evil'),
    ]).toEqual([200, true, false]);
  });

  it('the console and the docs page refuse other sites frames (CSP frame-ancestors and X-Frame-Options)', async () => {
    const frames = [];
    for (const place of ['/__mock/', '/']) {
      const reply = await withHost(`127.0.0.1:${port()}`, place);
      frames.push([place, reply.headers['content-security-policy'], reply.headers['x-frame-options']]);
    }
    expect(frames).toEqual([
      ['/__mock/', "frame-ancestors 'self'", 'SAMEORIGIN'],
      ['/', "frame-ancestors 'self'", 'SAMEORIGIN'],
    ]);
  });
});

describe('MOCK_ALLOWED_HOSTS (the core, as the server calls it)', () => {
  it('lets the listed names in, any port, and still refuses others', async () => {
    const core = await createMockCore({
      env: { MOCK_QUIET: '1', MOCK_ALLOWED_HOSTS: ' devbox.team.test , Mock.Shared.Test ' },
      log: () => {},
    });
    const status = async (host: string) =>
      (await core.answer({ method: 'GET', url: '/__mock/clock', headers: { host }, body: '', socket: true })).status;
    const inProcess = (await core.answer({ method: 'GET', url: '/__mock/clock', headers: {}, body: '' })).status;
    expect([await status('devbox.team.test:4010'), await status('mock.shared.test'), await status('other.team.test'), inProcess]).toEqual([
      200, 200, 403, 200,
    ]);
  });
});

describe("links under MSW (the core's fetch function, as the handlers call it)", () => {
  it("use the handlers' address, not a Host header the request carries", async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} });
    const request = (url: string, init: RequestInit = {}) =>
      core.fetch(
        new Request(`http://api.test/v2${url}`, {
          ...init,
          headers: { authorization: 'Bearer msw-links', host: 'evil.example', ...init.headers },
        }),
      );
    for (let i = 0; i < 2; i++)
      await request('/ideas/discover', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyword: 'k', network: 'youtube' }),
      });
    const page = await (await request('/credits/history?per_page=1')).json();
    expect(page.links.next).toMatch(/^http:\/\/api\.test\/v2\/credits\/history\?page=2&/);
  });
});

/** A Chromium whose resolver sends these names to 127.0.0.1, as a rebinding DNS (or a local dev server) would. */
async function browser(names: string[]) {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'mock-host-chromium-'));
  const rules = names.map((name) => `MAP ${name} 127.0.0.1`).join(', ');
  const context = await launchChromium(profile, { args: [...CHROMIUM_ARGS, `--host-resolver-rules=${rules}`] });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

describe('in headless Chromium', () => {
  it('a page on a rebound name cannot read /__mock (403), nor the docs', async () => {
    await mock.op('getMe', {}, { token: 'rebound-victim' });
    const { context, close } = await browser(['rebound.test']);
    try {
      const page = await context.newPage();
      // The attacker's page was served from rebound.test:<port> before the name was pointed at 127.0.0.1.
      await page.goto(`http://rebound.test:${port()}/`);
      const read = await page.evaluate(async () => {
        const accounts = await fetch('/__mock/accounts/rebound-victim');
        const docs = await fetch('/');
        return { accounts: accounts.status, text: await accounts.text(), docs: docs.status };
      });
      expect([read.accounts, read.text.includes('rebound-victim'), JSON.parse(read.text).error.code, read.docs]).toEqual([
        403,
        false,
        'MOCK-HOST-FORBIDDEN',
        403,
      ]);
    } finally {
      await close();
    }
  });

  it('a page on another origin cannot show the console in a frame; the docs page (same origin) can', async () => {
    const site = http.createServer((_, res) =>
      res.end(`<!doctype html><iframe id="f" src="http://127.0.0.1:${port()}/__mock/" width="800" height="600"></iframe>`),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { context, close } = await browser(['framer.test']);
    try {
      const page = await context.newPage();
      await page.goto(`http://framer.test:${(site.address() as AddressInfo).port}/`, { waitUntil: 'load' });
      const framed = page.frames().find((frame) => frame !== page.mainFrame());
      const foreign = {
        url: framed?.url(),
        console: await framed
          ?.locator('#clock')
          .count()
          .catch(() => -1),
      };
      // Same origin: the docs page frames the console and it shows.
      await page.goto(`http://127.0.0.1:${port()}/`, { waitUntil: 'load' });
      await page.evaluate((src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        document.body.append(frame);
        return new Promise((resolve) => frame.addEventListener('load', resolve));
      }, `http://127.0.0.1:${port()}/__mock/`);
      const own = page.frames().find((frame) => frame.url().endsWith('/__mock/'));
      expect([foreign.url?.startsWith('http://127.0.0.1'), foreign.console, await own?.locator('#clock').count()]).toEqual([false, 0, 1]);
    } finally {
      await close();
      site.close();
    }
  });
});
