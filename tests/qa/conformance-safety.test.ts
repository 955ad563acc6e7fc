// Safe against a real staging: run the suite as QA would against a remote URL (here a recording
// proxy in front of the local mock) and look at every request that actually left Schemathesis.
// Without CONFORMANCE_ALLOW_CHARGES no operation marked x-credits.charges is ever called, and no
// DELETE is sent; with it (the control) charging operations are called, so the filter is what
// keeps them out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationFacts } from '../../qa/conformance/contract-facts.js';
import { startFaultProxy, type FaultProxy } from '../servers/fault-proxy.js';
import { startLocalServer, type LocalServer } from '../../qa/conformance/local-mock.js';
import { runSuite } from './conformance-helpers.js';

const TOKEN = 'conformance-safety';
const TIMEOUT = 300_000;
const charging = new Set(
  operationFacts()
    .filter((f) => f.charges)
    .map((f) => f.operationId),
);

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
});
afterAll(async () => {
  await upstream?.stop();
});

async function recordRun(env: Record<string, string>): Promise<FaultProxy['seen']> {
  const proxy = await startFaultProxy(upstream.baseUrl, 'none', TOKEN);
  try {
    const result = await runSuite({
      CONFORMANCE_BASE_URL: proxy.url,
      CONFORMANCE_TOKEN: TOKEN,
      CONFORMANCE_RATE_LIMIT: 'none', // pacing is tested on its own; here only what is sent matters
      CONFORMANCE_MAX_EXAMPLES: '3',
      CONFORMANCE_SEED: '7',
      ...env,
    });
    expect(result.output, result.output.slice(-2000)).toMatch(/\[conformance\] (FAILED|passed) in/);
    return proxy.seen;
  } finally {
    await proxy.close();
  }
}

describe('conformance against a remote URL is safe by default', () => {
  it('the contract marks some operations as charging (otherwise this test proves nothing)', () => {
    expect(charging.size).toBeGreaterThan(0);
  });

  it(
    'every phase, every free operation: no charging operation and no DELETE is ever sent',
    async () => {
      const seen = await recordRun({});
      expect(seen.length).toBeGreaterThan(100);
      const charged = seen.filter((r) => r.operationId && charging.has(r.operationId));
      expect(charged, JSON.stringify(charged.slice(0, 5))).toEqual([]);
      expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'control: with CONFORMANCE_ALLOW_CHARGES=1 and CONFORMANCE_ALLOW_DESTRUCTIVE=1 they are called',
    async () => {
      const seen = await recordRun({ CONFORMANCE_ALLOW_CHARGES: '1', CONFORMANCE_ALLOW_DESTRUCTIVE: '1', CONFORMANCE_PHASES: 'examples' });
      expect(seen.some((r) => r.operationId && charging.has(r.operationId))).toBe(true);
      expect(seen.some((r) => r.method === 'DELETE')).toBe(true);
    },
    TIMEOUT,
  );
});
