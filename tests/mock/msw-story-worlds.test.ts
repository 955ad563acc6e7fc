// Per-story worlds, as the mock's README sets them up for Storybook: one handler set for the whole
// Storybook, and a loader that resets it and loads the story's `parameters.mockScenario` before each
// story. Here the loader runs in Node under msw's setupServer, each "story" meets its world through
// the API, and what one story did never shows in the next.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient, isVideoApiError } from '../../client/index.js';
import { createMockHandlers } from '../../mock/msw.js';
import type { MockOptions } from '../../mock/options.js';

const baseUrl = 'http://storybook.test/v2';
const api = createMockHandlers({ baseUrl });
const server = setupServer(...api);
// The README's loader, word for word but for the type of `parameters`.
const loader = async ({ parameters }: { parameters: { mockScenario?: MockOptions['scenario'] } }) => {
  await api.control.scenario({ reset: true, ...parameters.mockScenario });
};

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

/** What the README's VideoScreen shows for video `id`: its status, or the error code. */
async function screen(id: number): Promise<string> {
  const client = createVideoApiClient({ baseUrl, token: 'storybook' });
  try {
    await client.data(client.GET('/faceless/options'));
    return (await client.data(client.GET('/faceless/{faceless}', { params: { path: { faceless: id } } }))).video.status ?? 'not rendered';
  } catch (error) {
    return isVideoApiError(error) ? error.code : String(error);
  }
}

describe('per-story worlds through the handlers control', () => {
  it('each story shows its own world: a failed render, a trial account, then a fresh mock', async () => {
    await loader({
      parameters: { mockScenario: { accounts: [{ token: 'storybook', resources: [{ family: 'faceless', id: 1, state: 'failed' }] }] } },
    });
    expect(await screen(1)).toBe('failed');
    await loader({ parameters: { mockScenario: { accounts: [{ token: 'storybook', subscription: 'trial', credits: 3 }] } } });
    expect(await screen(1)).toBe('PAID-SUBSCRIPTION-REQUIRED');
    await loader({ parameters: {} });
    expect(await screen(1)).toBe('GEN-NOT-FOUND');
    expect((await api.control.account('storybook')).subscription).toBe('paid');
  });

  it("a story's own changes (zero credits, a forced state) are gone in the next story", async () => {
    await loader({
      parameters: { mockScenario: { accounts: [{ token: 'storybook', resources: [{ family: 'faceless', id: 1, state: 'rendering' }] }] } },
    });
    await api.control.updateAccount('storybook', { credits: 0 });
    await api.control.force('storybook', '/faceless/1', 'completed');
    expect(await screen(1)).toBe('completed');
    await loader({
      parameters: { mockScenario: { accounts: [{ token: 'storybook', resources: [{ family: 'faceless', id: 1, state: 'rendering' }] }] } },
    });
    expect(await screen(1)).toBe('rendering');
    expect((await api.control.account('storybook')).credits).toBe(1000);
  });
});
