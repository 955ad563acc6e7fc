// The mock accepts what standard encoders send where the source is silent (issue 53): a part name
// as the WHATWG form encoding writes it (Node's own FormData sends `extra\` as `name="extra\"`: a
// backslash is itself there, not an escape), and a multipart boolean as Python's generated clients
// write it (`True`). In process, on the core, with Node's own FormData.
import { describe, expect, it } from 'vitest';
import { createMockCore } from '../../mock/core.js';
import { callerAs, voiceCloneForm } from '../support/core-calls.js';

const call = callerAs('encoders');

describe('multipart as standard encoders write it', () => {
  it("a part named with a trailing backslash, as Node's FormData encodes it, is read, not refused", async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} });
    const form = voiceCloneForm('Backslash');
    form.set('extra\\', 'a value');
    const reply = await call(core, 'POST', '/voice-clones', form);
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    const journal = await core.control.requests({ token: 'encoders', limit: 1 });
    expect(JSON.stringify(journal)).toContain('extra\\\\');
  });

  it('a boolean part written True or FALSE is read as the boolean; any other word is still refused', async () => {
    const core = await createMockCore({ env: { MOCK_QUIET: '1' }, log: () => {} });
    for (const [value, ok] of [
      ['True', true],
      ['FALSE', true],
      ['yes', false],
    ] as const) {
      const form = voiceCloneForm(`Bool ${value}`);
      form.set('purchase_addon', value);
      // Each on an account of its own: True buys a slot, and a second clone would then find none free.
      const reply = await callerAs(`encoders-${value}`)(core, 'POST', '/voice-clones', form);
      expect(reply.status < 300, `${value}: ${reply.status} ${JSON.stringify(reply.body)}`).toBe(ok);
      if (!ok) expect(reply.status).toBe(422);
    }
  });
});
