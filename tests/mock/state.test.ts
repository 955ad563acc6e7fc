// Every state of every state machine in the contract is reached through the mock, failures refund
// where the contract says so, and two tokens working at once never see each other's state.
import { describe, expect, it } from 'vitest';
import { operations, stateMachines } from '../../generated/contract.js';
import { multipart, useMock, type OperationId } from '../support/mock-harness.js';
import { readPointer } from '../../lib/contract/pointer.js';

// The mock's clock stands still: each poll that is not done advances it one job step, so every
// state is seen whatever the machine's load and the order of the tests (jobs never move on their own).
const mock = useMock({ MOCK_CLOCK: 'manual' });
const { op, balance, stepUntil } = mock;

type MachineName = keyof typeof stateMachines;
const at = readPointer;

/** Polls the machine's poll operation until a terminal state, returning the states seen. */
async function watch(machine: MachineName, params: Record<string, string | number>, token: string): Promise<unknown[]> {
  const spec = stateMachines[machine];
  const read = async () => at((await op(spec.pollOperationIds[0] as OperationId, params, { token })).body, spec.statusLocation);
  return stepUntil(read, (state) => (spec.terminal as readonly unknown[]).includes(state));
}

/**
 * How to walk each machine once, with or without `mock:fail` in the inputs. The states come from
 * the contract; a machine added to the contract without a driver here fails the coverage test.
 */
const drivers: Partial<Record<MachineName, (token: string, fail: boolean) => Promise<unknown[]>>> = {
  FacelessVideoStatus: async (token, fail) => {
    const id = (await op('createFacelessVideo', {}, { token, body: { type: 'ai-clips' } })).body.data.id;
    await op(
      'updateFacelessVideo',
      { faceless: id },
      { token, body: { script: fail ? 'mock:fail please' : 'Hello', voice_id: 17, genre_id: 3 } },
    );
    await op('renderFacelessVideo', { faceless: id }, { token });
    return watch('FacelessVideoStatus', { faceless: id }, token);
  },
  TextToVideoAssetStatus: async (token, fail) => {
    const prompt = `A red fox trotting through the snow${fail ? ' mock:fail' : ''}`;
    const id = (await op('createTextToVideo', {}, { token, body: { model: 'kling-2-1', prompt } })).body.data.id;
    return watch('TextToVideoAssetStatus', { id }, token);
  },
  LaunchClipStatus: async (token, fail) => {
    const body = { product_name: 'Brewly', domain: 'brewly.app', idea: fail ? 'mock:fail' : 'Espresso' };
    const id = (await op('createLaunchClip', {}, { token, body })).body.data.id;
    return watch('LaunchClipStatus', { id }, token);
  },
  StoryboardVideoStatus: async (token) => {
    const id = (await op('createStoryboard', {}, { token, body: { mode: 'manual', title: 'Sea' } })).body.data.id;
    await op('addStoryboardScene', { storyboard: id }, { token, body: { raw_video_prompt: 'Waves', duration: 5 } });
    await op('renderStoryboard', { storyboard: id }, { token, body: {} });
    return watch('StoryboardVideoStatus', { id }, token);
  },
  VoiceCloneStatus: async (token) => {
    const form = multipart({
      terms: 'true',
      name: 'Narrator',
      gender: 'male',
      'samples[]': { filename: 'a.mp3', type: 'audio/mpeg', data: 'ID3' },
    });
    const id = (await op('createVoiceClone', {}, { token, ...form })).body.data.id;
    return watch('VoiceCloneStatus', { id }, token);
  },
  CharacterStatus: async (token) => {
    const form = multipart({ name: 'Mira', image: { filename: 'm.png', type: 'image/png', data: 'PNG' } });
    const id = (await op('createCharacter', {}, { token, ...form })).body.data.id;
    const preview = (await op('previewCharacter', { id }, { token, body: { genre_id: 1 } })).body.data.previews[0].id;
    await op('trainCharacter', { id }, { token, body: { preview_id: preview } });
    return watch('CharacterStatus', { id }, token);
  },
  AutoTopupPreference: async (token) => {
    const spec = stateMachines.AutoTopupPreference;
    const states = (reply: { body: unknown }) =>
      Object.entries(spec.stateValues).find(([, value]) => value === at(reply.body, spec.statusLocation))![0];
    const seen = [states(await op('getAutoTopup', {}, { token }))];
    seen.push(states(await op('updateAutoTopup', {}, { token, body: { enabled: true, type: 'dynamic-credits', units: 5 } })));
    seen.push(states(await op('updateAutoTopup', {}, { token, body: { enabled: false } })));
    return seen;
  },
};

describe('state machines', () => {
  it('every machine of the contract has a driver', () => {
    expect(Object.keys(drivers).sort()).toEqual(Object.keys(stateMachines).sort());
  });

  for (const name of Object.keys(stateMachines) as MachineName[]) {
    it(`${name}: every state is reached`, async () => {
      const machine = stateMachines[name];
      const seen = new Set<unknown>(await drivers[name]!(`states-${name}`, false));
      if ((machine.failure as readonly string[]).length) {
        const failed = await drivers[name]!(`states-${name}-fail`, true);
        expect(machine.failure).toContain(failed.at(-1));
        for (const state of failed) seen.add(state);
      }
      for (const state of machine.states) expect(seen, `${name} never showed ${state}`).toContain(state);
    });
  }

  it('success terminal states carry the result; failures carry the reason', async () => {
    const token = 'results';
    const ok = (await op('createTextToVideo', {}, { token, body: { model: 'm', prompt: 'one two three four five' } })).body.data.id;
    const bad = (await op('createTextToVideo', {}, { token, body: { model: 'm', prompt: 'one two three four mock:fail' } })).body.data.id;
    await watch('TextToVideoAssetStatus', { id: ok }, token);
    await watch('TextToVideoAssetStatus', { id: bad }, token);
    expect((await op('getTextToVideo', { id: ok }, { token })).body.data.asset.url).toMatch(/^https?:/);
    const failed = (await op('getTextToVideo', { id: bad }, { token })).body.data.asset;
    expect(failed.url).toBeNull();
    expect(failed.failure).toBeTruthy();
    const clip = (await op('createLaunchClip', {}, { token, body: { product_name: 'A', domain: 'a.io', idea: 'mock:fail' } })).body.data.id;
    await watch('LaunchClipStatus', { id: clip }, token);
    expect((await op('getLaunchClip', { id: clip }, { token })).body.data.error).toEqual(expect.any(String));
  });
});

describe('refunds', () => {
  const refunding = (Object.keys(stateMachines) as MachineName[]).filter((name) =>
    stateMachines[name].transitions.some((t) => 'refund' in t && t.refund),
  );

  it('the contract marks the text-to-video and launch-clip failures as refunding', () => {
    expect(refunding.sort()).toEqual(['LaunchClipStatus', 'TextToVideoAssetStatus']);
  });

  it.each(refunding)('%s: a failed job gives its charge back, as a signed ledger entry', async (name) => {
    const token = `refund-${name}`;
    const start = await balance(token);
    await drivers[name]!(token, true);
    expect(await balance(token)).toBe(start);
    const history = (await op('listCreditHistory', {}, { token })).body.data;
    expect(history).toHaveLength(2);
    const [refund, debit] = history;
    expect(Number(refund.credit_spend)).toBeGreaterThan(0);
    expect(Number(refund.credit_spend)).toBe(-Number(debit.credit_spend));
  });

  it('a failed faceless render is not refunded (the source does not say it is)', async () => {
    const token = 'no-refund';
    const start = await balance(token);
    await drivers.FacelessVideoStatus!(token, true);
    const history = (await op('listCreditHistory', {}, { token })).body.data;
    expect(history.every((entry: { credit_spend: string }) => entry.credit_spend.startsWith('-'))).toBe(true);
    expect(await balance(token)).toBe(
      start + history.reduce((sum: number, e: { credit_spend: string }) => sum + Number(e.credit_spend), 0),
    );
  });
});

describe('two tokens at once', () => {
  it('run the same flows in parallel without seeing each other', async () => {
    const tokens = ['alice', 'bob'];
    const starts = await Promise.all(tokens.map(balance));
    const runs = await Promise.all(
      tokens.map(async (token) => {
        const faceless = (await op('createFacelessVideo', {}, { token, body: { type: 'ai-clips', topic: token } })).body.data.id;
        await op('updateFacelessVideo', { faceless }, { token, body: { script: `${token}'s script`, voice_id: 17, genre_id: 3 } });
        const render = await op('renderFacelessVideo', { faceless }, { token });
        const clip = (await op('createLaunchClip', {}, { token, body: { product_name: token, domain: 'a.io', idea: 'x' } })).body.data.id;
        await watch('FacelessVideoStatus', { faceless }, token);
        await watch('LaunchClipStatus', { id: clip }, token);
        return { token, faceless, clip, spent: render.body.meta.credits.cost + operations.createLaunchClip.credits.cost };
      }),
    );
    const [a, b] = runs;
    expect(a.faceless).not.toBe(b.faceless);
    for (const [mine, theirs] of [
      [a, b],
      [b, a],
    ]) {
      expect((await op('getFacelessVideo', { faceless: theirs.faceless }, { token: mine.token })).status).toBe(404);
      expect((await op('getLaunchClip', { id: theirs.clip }, { token: mine.token })).status).toBe(404);
      const video = (await op('getFacelessVideo', { faceless: mine.faceless }, { token: mine.token })).body.data;
      expect(video.script).toBe(`${mine.token}'s script`);
      expect(video.video.status).toBe('completed');
    }
    const after = await Promise.all(tokens.map(balance));
    expect(after).toEqual([starts[0] - a.spent, starts[1] - b.spent]);
    for (const token of tokens) expect((await op('listCreditHistory', {}, { token })).body.meta.total).toBe(2);
  });
});
