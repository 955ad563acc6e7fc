// No multipart body freezes the mock. A part whose Content-Disposition is `form-data` then a long
// run of spaces and one stray character used to cost time growing with the square of the line (a
// backtracking pattern), before routing and before the token check, from any web page (multipart
// needs no CORS preflight). The check is now one linear scan: time grows with the line, the API
// stays responsive meanwhile, and the answer is still 400 GEN-WRONG-ARGS in the envelope.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, launchChromium } from '../support/browser.js';
import { MAX_MULTIPART_PARTS } from '../../mock/multipart.js';
import { useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_QUIET: '1' });

const spaced = (spaces: number) =>
  `--b\r\nContent-Disposition: form-data${' '.repeat(spaces)}x\r\n\r\nv\r\n--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nMira\r\n--b--\r\n`;

async function postSpaced(spaces: number, token: string | null = 'freeze-check') {
  const started = performance.now();
  const response = await fetch(`${mock.base}/characters`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'multipart/form-data; boundary=b' },
    body: spaced(spaces),
  });
  const body = await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

async function timedMe(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${mock.base}/me`, { headers: { authorization: 'Bearer freeze-bystander' } });
  await response.text();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

/** The median of `runs` timings (one slow run on a busy machine does not decide). */
async function median(runs: number, measure: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await measure());
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

describe('a malformed Content-Disposition with a long run of spaces', () => {
  it('is 400 GEN-WRONG-ARGS in the envelope, with the line quoted short', async () => {
    const reply = await postSpaced(128_000);
    expect([reply.status, reply.body.status, reply.body.error?.code]).toEqual([400, 400, 'GEN-WRONG-ARGS']);
    const message = JSON.stringify(reply.body.errors);
    expect(message).toContain('malformed part header');
    expect(message.length).toBeLessThan(1_000);
  });

  it('costs time linear in the line: four times the spaces take well under sixteen times as long', async () => {
    // Warm both sizes once (first-call costs), then compare medians.
    await postSpaced(16_000);
    await postSpaced(64_000);
    const small = await median(3, async () => (await postSpaced(16_000)).ms);
    const large = await median(3, async () => (await postSpaced(64_000)).ms);
    // Linear growth is 4x; the old pattern's was 16x (64,000 spaces: seconds). Generous for a busy machine.
    expect(large).toBeLessThan(8 * small + 250);
  });

  it('leaves the API responsive: GET /v2/me sent meanwhile is answered promptly, with or without a token', async () => {
    const alone = await median(3, timedMe);
    for (const token of ['freeze-check', null]) {
      const attack = postSpaced(128_000, token);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const during = await timedMe();
      const reply = await attack;
      expect([reply.status, during < 20 * alone + 500]).toEqual([token ? 400 : 401, true]);
    }
  });
});

/** A voice-clone upload: its three text fields, then `count` file parts named `field`. */
function upload(count: number, field = 'samples[]'): string {
  const text = ['terms', 'name', 'gender'].map((name) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nv\r\n`);
  const file = `--b\r\nContent-Disposition: form-data; name="${field}"; filename="s.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n`;
  return `${text.join('')}${file.repeat(count)}--b--\r\n`;
}

async function postUpload(body: string) {
  const response = await fetch(`${mock.base}/voice-clones`, {
    method: 'POST',
    headers: { authorization: 'Bearer parts-check', 'content-type': 'multipart/form-data; boundary=b' },
    body,
  });
  return { status: response.status, body: await response.json() };
}

describe(`a multipart body of more than ${MAX_MULTIPART_PARTS} parts`, () => {
  it('is 400 GEN-WRONG-ARGS in the envelope, saying why, before any part is read', async () => {
    const reply = await postUpload(upload(20_000, 'x'));
    expect([reply.status, reply.body.status, reply.body.error?.code]).toEqual([400, 400, 'GEN-WRONG-ARGS']);
    expect(JSON.stringify(reply.body.errors)).toContain(`more than ${MAX_MULTIPART_PARTS} parts`);
  });

  it(`is told from a body of exactly ${MAX_MULTIPART_PARTS} parts, which is read and judged by the contract`, async () => {
    const reply = await postUpload(upload(MAX_MULTIPART_PARTS - 3));
    expect(reply.status).toBe(422);
    expect(JSON.stringify(reply.body.errors)).toContain('must NOT have more than 3 items');
  });
});

describe('from a page on another origin in headless Chromium', () => {
  it('a no-cors multipart POST (no preflight) leaves the mock responsive', async () => {
    // The attacker's page, on a server of its own under a name of its own (mapped to this
    // machine, as a page on a local dev server or a rebound name would be).
    const site = http.createServer((_, res) => res.end('<!doctype html><title>attacker</title>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const pageUrl = `http://attacker.test:${(site.address() as AddressInfo).port}/`;
    const profile = await mkdtemp(path.join(os.tmpdir(), 'mock-freeze-chromium-'));
    const context = await launchChromium(profile, { args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP attacker.test 127.0.0.1'] });
    try {
      const page = await context.newPage();
      await page.goto(pageUrl);
      const alone = await median(3, timedMe);
      const sent = page.evaluate(
        async ({ url, body }) => {
          const started = performance.now();
          const response = await fetch(url, {
            method: 'POST',
            mode: 'no-cors',
            headers: { 'content-type': 'multipart/form-data; boundary=b' },
            body,
          });
          return { type: response.type, ms: performance.now() - started };
        },
        { url: `${mock.base}/characters`, body: spaced(128_000) },
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const during = await timedMe();
      const result = await sent;
      expect([result.type, during < 20 * alone + 500]).toEqual(['opaque', true]);
    } finally {
      await context.close();
      site.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
