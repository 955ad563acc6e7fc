// The mock's handlers are keyed by the generated operation ids (tests/types/mock-handlers.types.ts
// proves a wrong id does not compile). At run time the contract served must agree with them: an
// operation the generated ids do not know, or a handler whose operation the contract lacks, stops
// the mock at start-up instead of answering that call with the wrong behaviour.
import { describe, expect, it } from 'vitest';
import { mockContract } from '../../mock/contract.js';
import { createMock } from '../../mock/server.js';

const bundle = () => structuredClone(mockContract().doc) as any;

/** The bundle with one operation's `operationId` changed. */
function renamed(from: string, to: string) {
  const doc = bundle();
  for (const item of Object.values<any>(doc.paths)) {
    for (const op of Object.values<any>(item)) if (op?.operationId === from) op.operationId = to;
  }
  return doc;
}

describe('handlers by operationId', () => {
  it('starts on the contract its ids were generated from', async () => {
    const mock = await createMock({ MOCK_QUIET: '1' }, mockContract());
    const server = await mock.listen(0, '127.0.0.1');
    const reply = await fetch(`${server.url}/me`, { headers: { authorization: 'Bearer mock-dev' } });
    expect(reply.status).toBe(200);
    await server.close();
  });

  it('refuses an operation the generated ids do not know (a renamed operation, generated/ stale)', () => {
    expect(() => mockContract(renamed('trainCharacter', 'teachCharacter'))).toThrow(/npm run build.*teachCharacter/);
  });

  it('refuses to start when the contract lacks an operation a handler is keyed by', async () => {
    const doc = bundle();
    delete doc.paths['/characters/{id}/train'].post;
    await expect(createMock({ MOCK_QUIET: '1' }, mockContract(doc))).rejects.toThrow(/handler for trainCharacter/);
  });

  it('refuses to start when a resource action is no longer a call on one resource of a family', async () => {
    const doc = bundle();
    // The character preview moved off the resource: same id, no `{id}` to act on.
    doc.paths['/characters/preview'] = doc.paths['/characters/{id}/preview'];
    delete doc.paths['/characters/{id}/preview'];
    doc.paths['/characters/preview'].post.parameters = [];
    await expect(createMock({ MOCK_QUIET: '1' }, mockContract(doc))).rejects.toThrow(/resource action for previewCharacter/);
  });
});
