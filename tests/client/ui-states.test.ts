// A UI switches on what the client types from the contract, never on English text: a refused render
// by its precondition key (`error.precondition`), a job by its state (`job.state`, a union of the
// machine's states, with the resource and the failure narrowed in each case). The `never`
// defaults make the switches exhaustive, so a state or key the contract adds fails `npm run typecheck`.
// React Query in happy-dom against the MSW handlers on the manual clock, as tests/client/react-query.test.ts.
import { setupServer } from 'msw/node';
import { createElement as h } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import { createVideoApiClient, isVideoApiError, type VideoApiClient } from '../../client/index.js';
import type { JobState } from '../../client/react-query.js';
import { createMockHandlers } from '../../mock/msw.js';

const dom = await builtinEnvironments['happy-dom'].setup(globalThis, {});
// Imported after the DOM: React Query decides once, when loaded, whether it runs on a server.
const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
const { createVideoApiQueries } = await import('../../client/react-query.js');
const { cleanup, fireEvent, render, waitFor, within } = await import('@testing-library/react');
// Queries on this file's document, found at each call: Testing Library's `screen` is bound to the
// document of the first file that loaded it, and the unit tier's files share loaded modules.
const page = () => within(document.body);

const baseUrl = 'http://ui-states.test/v2';
const mock = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...mock);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  cleanup();
  await mock.control.reset();
});
afterAll(async () => {
  server.close();
  await dom.teardown(globalThis);
});

/** What the screen says for a refused render: by its precondition key. */
function refusal(error: unknown): string {
  if (!isVideoApiError(error)) return '';
  switch (error.precondition) {
    case 'no_script':
      return 'Write a script first';
    case 'no_voice':
    case 'unknown_voice':
      return 'Pick a voice';
    case 'insufficient_credits':
      return `Needs ${error.required} credits`;
    case 'busy':
      return 'Already rendering';
    case 'genre_missing':
    case 'no_scraped_assets':
      return 'Not ready to render';
    case undefined:
      return error.message;
    default: {
      const unnamed: never = error.precondition;
      return String(unnamed);
    }
  }
}

/** What the screen says for a job: by its state; the resource and the failure are narrowed in each case. */
function jobText(job: JobState<'/faceless/{faceless}'>): string {
  switch (job.state) {
    case undefined:
      return 'Not started';
    case 'rendering':
      return 'Rendering';
    case 'completed':
      return `Done: ${job.resource.video.status} ${job.resource.video.url}`;
    case 'failed':
      return `Failed: ${job.failure?.code}`;
    default: {
      const unnamed: never = job;
      return String(unnamed);
    }
  }
}

function mount(api: VideoApiClient, id: number | string) {
  const queries = createVideoApiQueries(api);
  function Screen() {
    const renderCall = queries.useMutation('post', '/faceless/{faceless}/render');
    const job = queries.useJob('/faceless/{faceless}', renderCall.isSuccess ? id : undefined, { intervalMs: 20 });
    return h(
      'main',
      null,
      h('button', { type: 'button', onClick: () => renderCall.mutate({ params: { path: { faceless: id } } }) }, 'Render'),
      h('p', { role: 'alert' }, refusal(renderCall.error)),
      h('p', { 'data-testid': 'job' }, jobText(job)),
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(h(QueryClientProvider, { client }, h(Screen)));
}

async function draft(token: string) {
  const api = createVideoApiClient({ baseUrl, token, fetch: (r) => fetch(r) });
  const video = await api.data(api.POST('/faceless', { body: { type: 'b-roll', topic: 'Why owls turn their heads' } }));
  const ready = async () => {
    const voice = (await api.data(api.GET('/faceless/options'))).mandatory!.voices![0];
    const params = { path: { faceless: video.id } };
    await api.unwrap(api.PATCH('/faceless/{faceless}', { params, body: { script: 'Owls turn their heads.', voice_id: voice.id } }));
  };
  return { api, id: video.id, ready };
}

const text = (id: string) => page().getByTestId(id).textContent ?? '';
const alertText = () => page().getByRole('alert').textContent ?? '';

describe('a UI switching on typed keys and states', () => {
  it('a render without a script shows its precondition; once ready it renders and shows the finished video', async () => {
    const { api, id, ready } = await draft('ui-success');
    mount(api, id);
    fireEvent.click(page().getByRole('button', { name: 'Render' }));
    await waitFor(() => expect(alertText()).toBe('Write a script first'));
    expect(text('job')).toBe('Not started');
    await ready();
    fireEvent.click(page().getByRole('button', { name: 'Render' }));
    await waitFor(() => expect(text('job')).toBe('Rendering'));
    await mock.control.advance({ steps: 10 });
    await waitFor(() => expect(text('job')).toMatch(/^Done: completed https?:\/\//));
  });

  it('a failed render shows its failure code', async () => {
    const { api, id, ready } = await draft('ui-failure');
    await ready();
    mount(api, id);
    fireEvent.click(page().getByRole('button', { name: 'Render' }));
    await waitFor(() => expect(text('job')).toBe('Rendering'));
    await mock.control.force('ui-failure', `/faceless/${id}`, 'failed');
    await waitFor(() => expect(text('job')).toMatch(/^Failed: [A-Z][A-Z_-]+$/));
  });
});
