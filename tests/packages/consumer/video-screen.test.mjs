// @vitest-environment happy-dom
// A consumer's React component test: the screen of video-screen.mjs over the MSW handlers of the
// README's setup (src/test/setup.ts), on the manual clock: a finished video, a forced failure, a 402.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h } from 'react';
import { createVideoApiClient } from 'video-api-v2-client';
import { afterEach, expect, it } from 'vitest';
import { api } from './test/setup';
import { createVideoScreen } from './video-screen.mjs';

afterEach(() => cleanup());

function mount() {
  const client = createVideoApiClient({ baseUrl: 'http://api.test/v2', token: 'test', fetch: (r) => fetch(r) });
  const VideoScreen = createVideoScreen(client);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(h(QueryClientProvider, { client: queries }, h(VideoScreen, { topic: 'octopus hearts' })));
}

const text = (id) => screen.getByTestId(id).textContent ?? '';
async function start() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create video' }).disabled).toBe(false));
  await waitFor(() => expect(text('credits')).toMatch(/^credits: \d+$/));
  const before = Number(text('credits').split(' ')[1]);
  fireEvent.click(screen.getByRole('button', { name: 'Create video' }));
  return before;
}

it('creates, renders and shows the finished video; the credits drop', async () => {
  mount();
  const before = await start();
  await waitFor(() => expect(text('status')).toBe('rendering'));
  await waitFor(() => expect(Number(text('credits').split(' ')[1])).toBeLessThan(before));
  await api.control.advance({ steps: 10 });
  await waitFor(() => expect(text('status')).toMatch(/^completed: https?:\/\//));
});

it('shows a forced failure', async () => {
  mount();
  await start();
  await waitFor(() => expect(text('status')).toBe('rendering'));
  await api.control.force('test', '/faceless/1', 'failed');
  await waitFor(() => expect(text('status')).toMatch(/^failed: /));
});

it('shows the 402 of a render without credits', async () => {
  await api.control.updateAccount('test', { credits: 0 });
  mount();
  await start();
  await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^needs \d+ credits, has 0$/));
});
