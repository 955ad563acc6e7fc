// Without CONFORMANCE_RATE_LIMIT nothing paces the flows; a deployment that limits them answers 429
// mid-flow. That is the token's own limit, not the API's fault: the flow waits out Retry-After and
// goes on (it used to fail with "expected a success, got 429").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOWS, runFlows } from '../qa/conformance/flows.js';
import { type LocalServer, startLocalServer } from '../qa/conformance/local-mock.js';
import { startFaultProxy } from './servers/fault-proxy.js';

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
});
afterAll(async () => {
  await upstream?.stop();
});

describe('a flow that meets the token limit', () => {
  it('waits out Retry-After and passes', async () => {
    let limited = 0;
    const proxy = await startFaultProxy(
      upstream.baseUrl,
      {
        description: 'the first two reads of the options answer 429 (token budget spent, Retry-After 1)',
        operations: ['getFacelessOptions'],
        async handle({ exchange, upstream: forward }) {
          if (limited++ >= 2) return forward(exchange);
          const headers = {
            'content-type': 'application/json',
            'retry-after': '1',
            'x-ratelimit-limit': '30',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1),
          };
          return { status: 429, statusText: 'Too Many Requests', headers, body: Buffer.from('{"message":"Too Many Attempts."}') };
        },
      },
      'flows-429',
    );
    const lines: string[] = [];
    try {
      const flow = FLOWS.filter((f) => f.steps[0]?.op === 'getFacelessOptions' && !f.mockOnly).slice(0, 1);
      expect(flow).toHaveLength(1);
      const started = Date.now();
      const run = await runFlows({
        baseUrl: proxy.url,
        token: 'flows-429',
        allowCharges: true,
        localMock: true,
        log: (l) => lines.push(l),
        flows: flow,
      });
      expect(run.results[0].failures).toEqual([]);
      expect(run.results[0].state).toBe('passed');
      expect(lines.filter((l) => /429 from GET .*waiting 1s/.test(l))).toHaveLength(2);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    } finally {
      await proxy.close();
    }
  });
});
