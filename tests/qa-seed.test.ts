// Seeding (qa/conformance/seed.ts) fills every field a deployment may require where the contract
// does not say which are required: a staging that requires the character's name (the source: "an
// image, a name") gets one, so the per-resource operations on characters are seeded there too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../qa/conformance/local-mock.js';
import { seed } from '../qa/conformance/seed.js';
import { startFaultProxy } from './servers/fault-proxy.js';

let upstream: LocalServer;
beforeAll(async () => {
  upstream = await startLocalServer();
});
afterAll(async () => {
  await upstream?.stop();
});

describe('seeding against a staging that requires what the contract leaves open', () => {
  it('a character is created where the staging requires its name part', async () => {
    const proxy = await startFaultProxy(
      upstream.baseUrl,
      {
        description: 'POST /characters without a name part is refused (422)',
        operations: ['createCharacter'],
        async handle({ exchange, upstream: forward }) {
          if (/name="name"/.test(exchange.body.toString('latin1'))) return forward(exchange);
          const body = Buffer.from(JSON.stringify({ message: 'The name field is required.', errors: { name: ['required'] } }));
          return { status: 422, statusText: 'Unprocessable Entity', headers: { 'content-type': 'application/json' }, body };
        },
      },
      'seed-test',
    );
    try {
      const seeded = await seed({ baseUrl: proxy.url, token: 'seed-test', allowCharges: false, log: () => undefined });
      expect(seeded.skipped.filter((s) => s.collection === '/characters')).toEqual([]);
      expect(seeded.created.map((c) => c.label)).toContain('POST /characters');
    } finally {
      await proxy.close();
    }
  });
});
