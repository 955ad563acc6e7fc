// The contract copy the browser build inlines (lib/contract/prose.ts: the contract without the prose
// no code reads) makes a mock that answers as the full contract's: every operation called plainly,
// with a seeded dynamic example, and with an empty body, and a charge read back from the ledger
// (whose labels are the operations' summaries), the same status and body from both.
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { withoutProse } from '../../lib/contract/prose.js';
import { mockContract } from '../../mock/contract.js';
import { createMockCore, type MockCore } from '../../mock/core.js';

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

function core(doc: unknown): Promise<MockCore> {
  return createMockCore({ contract: mockContract(new ContractModel(doc)), env: { MOCK_CLOCK: 'manual' }, log: () => {} });
}

/** Each operation three ways: plain, a seeded dynamic example, and an empty JSON body where it takes one. */
function callsOf(doc: { paths: Record<string, Record<string, unknown>> }): Call[] {
  const calls: Call[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    const path = template.replace(/\{[^}]+\}/g, '1');
    for (const method of Object.keys(item).filter((key) => /^(get|post|put|patch|delete)$/.test(key))) {
      const upper = method.toUpperCase();
      calls.push({ method: upper, path });
      calls.push({ method: upper, path, headers: { prefer: 'dynamic=true, seed=prose' } });
      if (upper !== 'GET' && upper !== 'DELETE')
        calls.push({ method: upper, path, headers: { 'content-type': 'application/json' }, body: '{}' });
    }
  }
  return calls;
}

async function answers(mock: MockCore, calls: Call[]): Promise<Array<{ status: number; body: string }>> {
  const replies = [];
  for (const { method, path, headers, body } of calls) {
    const request = new Request(`http://prose.test/v2${path}`, {
      method,
      headers: { authorization: 'Bearer prose-copy', ...headers },
      body,
    });
    const response = await mock.fetch(request);
    // Each mock's clock starts when it is made: its timestamps are its own.
    replies.push({ status: response.status, body: (await response.text()).replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>') });
  }
  return replies;
}

describe('the contract copy without prose', () => {
  it('makes a mock that answers every operation as the full contract does', async () => {
    const full = ContractModel.load().doc as unknown as { paths: Record<string, Record<string, unknown>> };
    const calls = [
      ...callsOf(full),
      { method: 'POST', path: '/faceless', headers: { 'content-type': 'application/json' }, body: '{"topic":"a"}' },
      { method: 'GET', path: '/credits/history' },
    ];
    const fromFull = await answers(await core(structuredClone(full)), calls);
    const fromCopy = await answers(await core(withoutProse(full)), calls);
    expect(fromCopy).toEqual(fromFull);
    // The calls reach answers, not only refusals.
    expect(fromFull.filter((reply) => reply.status < 300).length).toBeGreaterThan(calls.length / 4);
  }, 60_000);
});
