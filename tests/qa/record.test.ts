// Staging's world recorded into a mock scenario (issue #34, point 4): traffic through the proxy in
// front of one mock (standing in for staging) with PROXY_RECORD, the scenario written on stop,
// loaded into a second mock with `video-api-mock --scenario <file>`: the same reads give the same
// answers there (timestamps aside; the ids are kept), and the token is nowhere in the file.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ContractModel, readPointer } from '../../lib/contract/index.js';
import { BIN, ROOT } from '../../scripts/lib/project.js';
import { startMock, type RunningMock } from '../support/mock-harness.js';
import { startProxyProcess } from '../support/proxy-process.js';
import { requestExample } from '../support/contract.js';
import { testTempDir } from '../support/temp-dirs.js';

const contract = ContractModel.load();
const TOKEN = 'record-staging-token-93';
let staging: RunningMock;
let second: { base: string; child: ChildProcess } | undefined;
beforeAll(async () => {
  staging = await startMock();
}, 120_000);
afterAll(async () => {
  second?.child.kill('SIGTERM');
  await staging?.stop();
});

/** `video-api-mock --port 0 --scenario <file>` as a user starts it; resolves with its base URL. */
function startMockWithScenario(file: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(BIN('tsx'), [path.join(ROOT, 'mock', 'bin.ts'), '--port', '0', '--scenario', file], {
    cwd: ROOT,
    env: { ...process.env, MOCK_STEP_MS: '40' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock did not start:\n${output}`)), 90_000);
    const seen = (d: Buffer) => {
      output += d;
      const m = /listening on (http:\/\/\S+\/v2)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ base: m[1], child });
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}:\n${output}`)));
  });
}

async function call(base: string, token: string, method: string, urlPath: string, body?: unknown) {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** A body with its timestamps (`…_at` fields and ISO date-times) left out: they say when, not what. */
function withoutTimestamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimestamps);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k, v]) => !/_at$/.test(k) && !(typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(v)))
        .map(([k, v]) => [k, withoutTimestamps(v)]),
    );
  return value;
}

async function pollToEnd(base: string, pollId: string, urlPath: string): Promise<void> {
  const machine = contract.stateMachines().find((m) => m.pollOperationIds.includes(pollId))!;
  for (let i = 0; i < 300; i++) {
    const read = await call(base, TOKEN, 'GET', urlPath);
    if (machine.terminal.includes(readPointer(read.body, machine.statusLocation) as string)) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`${urlPath} never came to rest`);
}

describe('PROXY_RECORD: staging recorded into a scenario, served by a second mock', () => {
  it('the same reads give the same answers, ids kept, timestamps aside', async () => {
    const file = path.join(testTempDir('qa-record-'), 'staging.yaml');
    // Staging has served others before: its ids are not the ones a fresh mock would hand out.
    for (let i = 0; i < 3; i++)
      await call(staging.base, 'record-someone-else', 'POST', '/text-to-video', requestExample('createTextToVideo'));
    const proxy = await startProxyProcess(staging.base, { PROXY_RECORD: file });
    // A client on "staging": a text-to-video clip that fails, a launch clip read while it works, the balance.
    const clip = await call(proxy.base, TOKEN, 'POST', '/text-to-video', {
      ...requestExample<object>('createTextToVideo'),
      prompt: 'a red kite over a grey sea mock:fail',
    });
    expect(clip.status, JSON.stringify(clip.body)).toBeLessThan(300);
    await pollToEnd(proxy.base, 'getTextToVideo', `/text-to-video/${clip.body.data.id}`);
    const launch = await call(proxy.base, TOKEN, 'POST', '/launch-clips', requestExample('createLaunchClip'));
    expect(launch.status, JSON.stringify(launch.body)).toBeLessThan(300);
    // Both at rest (a terminal state), so the two mocks' clocks do not matter to the comparison.
    await pollToEnd(proxy.base, 'getLaunchClip', `/launch-clips/${launch.body.data.id}`);
    await call(proxy.base, TOKEN, 'GET', '/me');
    expect(await proxy.stop('SIGTERM')).toBe(0);
    expect(existsSync(file), proxy.output()).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(TOKEN);
    const scenario = YAML.parse(text) as { accounts: { token: string; credits: number; resources: { family: string; id: number }[] }[] };
    expect(scenario.accounts).toHaveLength(1);
    const [account] = scenario.accounts;
    expect(account.token).toBe('recorded-account-1');
    expect(account.resources.map((r) => r.family).sort()).toEqual(['launch-clips', 'text-to-video']);

    second = await startMockWithScenario(file);
    const reads = [...account.resources.map((r) => `/${r.family}/${r.id}`), '/me'];
    for (const read of reads) {
      const there = await call(staging.base, TOKEN, 'GET', read);
      const here = await call(second.base, account.token, 'GET', read);
      expect(here.status, read).toBe(there.status);
      const strip = (b: any) =>
        read === '/me' ? { credits: b.data.credits.remaining, verified: b.data.email_verified } : withoutTimestamps(b);
      expect(strip(here.body), read).toEqual(strip(there.body));
    }
  }, 180_000);
});
