// video-api-v2-client/react-query in a React component (Testing Library, happy-dom) against the MSW
// handlers on the manual clock: create, render and show the finished video; a forced failure; a 402;
// the credits shown refresh after the charging render. The screen is the consumer project's own
// (tests/packages/consumer/video-screen.mjs); here its package import is pointed at the source.
// The DOM is happy-dom's, put on globalThis the way Vitest's happy-dom environment does; that
// environment itself transforms modules for the browser, where the mock's source cannot read its files.
import { setupServer } from 'msw/node';
import { createElement as h } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { createVideoApiClient } from '../../client/index.js';
import { createMockHandlers } from '../../mock/msw.js';

// happy-dom's globals, its fetch, Request and Headers included, as a consumer's happy-dom environment has them.
const dom = await builtinEnvironments['happy-dom'].setup(globalThis, {});
// Imported after: React Query decides once, when loaded, whether it runs on a server (no window).
const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
const { machineOfPath } = await import('../../client/react-query.js');
const { cleanup, fireEvent, render, waitFor, within } = await import('@testing-library/react');
// Queries on this file's document, found at each call: Testing Library's `screen` is bound to the
// document of the first file that loaded it, and the unit tier's files share loaded modules.
const page = () => within(document.body);
vi.mock('video-api-v2-client/react-query', () => import('../../client/react-query.js'));
// @ts-expect-error a plain JavaScript module of the consumer project
const { createVideoScreen } = await import('../packages/consumer/video-screen.mjs');

const baseUrl = 'http://react-query.test/v2';
const mock = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...mock);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  await mock.control.reset();
});
afterAll(async () => {
  server.close();
  await dom.teardown(globalThis);
});

function mount(token: string) {
  const api = createVideoApiClient({ baseUrl, token, fetch: (r) => fetch(r) });
  const VideoScreen = createVideoScreen(api);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(h(QueryClientProvider, { client: queries }, h(VideoScreen, { topic: 'octopus hearts' })));
}

const text = (id: string) => page().getByTestId(id).textContent ?? '';
const credits = () => Number(/credits: (\d+)/.exec(text('credits'))?.[1]);
async function startRender() {
  await waitFor(() => expect((page().getByRole('button', { name: 'Create video' }) as HTMLButtonElement).disabled).toBe(false));
  await waitFor(() => expect(text('credits')).toMatch(/^credits: \d+$/));
  const before = credits();
  fireEvent.click(page().getByRole('button', { name: 'Create video' }));
  return before;
}

describe('a React screen on video-api-v2-client/react-query', () => {
  it('creates, renders and shows the finished video; the credits shown drop after the charging render', async () => {
    mount('test');
    const before = await startRender();
    await waitFor(() => expect(text('status')).toBe('rendering'));
    await waitFor(() => expect(credits()).toBeLessThan(before));
    await mock.control.advance({ steps: 10 });
    await waitFor(() => expect(text('status')).toMatch(/^completed: https?:\/\//));
  });

  it('shows a forced failure with its failure code from the contract', async () => {
    mount('test');
    await startRender();
    await waitFor(() => expect(text('status')).toBe('rendering'));
    const [resource] = (await mock.control.account('test')).resources;
    await mock.control.force('test', resource.path, 'failed');
    await waitFor(() => expect(text('status')).toMatch(/^failed: [A-Z_-]+$/));
  });

  it('a render without credits shows the 402 with required and available', async () => {
    await mock.control.updateAccount('test', { credits: 0 });
    mount('test');
    await startRender();
    await waitFor(() => expect(page().getByRole('alert').textContent).toMatch(/^needs \d+ credits, has 0$/));
  });

  it("the job hook reads its machine from the contract's facts", () => {
    expect(machineOfPath('/faceless/{faceless}')).toMatchObject({ terminal: ['completed', 'failed'], failure: ['failed'] });
  });
});
