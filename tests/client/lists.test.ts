// Paginated lists page by page through video-api-v2-client/react-query's infiniteListOptions, against
// the MSW handlers on the manual clock: React Query walks the credit history to its last page by the
// answers' `meta`, keeps the caller's query, stops at the last page; the ideas list pages the same way.
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVideoApiClient } from '../../client/index.js';
import { infiniteListOptions, nextPageOf } from '../../client/react-query.js';
import { createMockHandlers } from '../../mock/msw.js';

const baseUrl = 'http://lists.test/v2';
const mock = createMockHandlers({ baseUrl, clock: 'manual' });
const server = setupServer(...mock);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await mock.control.reset();
});
afterAll(() => server.close());

const client = (token: string) => createVideoApiClient({ baseUrl, token, fetch: (r) => fetch(r) });

/** Three idea searches: three debits in the credit history and ideas for each keyword. */
async function searchThrice(token: string) {
  const api = client(token);
  for (const keyword of ['owls', 'octopus', 'otters'])
    await api.unwrap(api.POST('/ideas/discover', { body: { keyword, network: 'youtube' } }));
  return api;
}

describe('infiniteListOptions', () => {
  it('walks the credit history one entry a page to its last page, by meta', async () => {
    const api = await searchThrice('lists-history');
    const queries = new QueryClient();
    const options = infiniteListOptions(api, '/credits/history', { params: { query: { per_page: 1, order: 'ASC' } } });
    const pages = await queries.fetchInfiniteQuery({ ...options, pages: 10 });
    expect(pages.pageParams).toEqual([1, 2, 3]);
    expect(pages.pages.map((p) => [p.meta.current_page, p.meta.per_page, p.meta.total, p.data?.length])).toEqual([
      [1, 1, 3, 1],
      [2, 1, 3, 1],
      [3, 1, 3, 1],
    ]);
    expect(pages.pages.at(-1)?.links).toMatchObject({ next: null });
  });

  it('an observer fetches the next page on demand and stops at the last', async () => {
    const api = await searchThrice('lists-observer');
    const observer = new InfiniteQueryObserver(
      new QueryClient(),
      infiniteListOptions(api, '/credits/history', { params: { query: { per_page: 2 } } }),
    );
    await observer.refetch();
    const first = observer.getCurrentResult();
    expect([first.data?.pages.length, first.hasNextPage]).toEqual([1, true]);
    const second = await observer.fetchNextPage();
    expect([second.data?.pages.length, second.hasNextPage, second.data?.pages[1].data?.length]).toEqual([2, false, 1]);
  });

  it('pages the ideas list the same way (the mock answers its one-page example)', async () => {
    const api = client('lists-ideas');
    const options = infiniteListOptions(api, '/ideas', { params: { query: { keyword: 'owls', network: 'youtube' } } });
    const pages = await new QueryClient().fetchInfiniteQuery({ ...options, pages: 5 });
    expect([pages.pageParams, pages.pages[0].meta]).toEqual([[1], { current_page: 1, per_page: 12, total: 1 }]);
  });

  it('an error answer rejects with a VideoApiError', async () => {
    const api = client('');
    await expect(new QueryClient().fetchInfiniteQuery(infiniteListOptions(api, '/credits/history'))).rejects.toMatchObject({ status: 401 });
  });
});

describe('nextPageOf', () => {
  it('is the page after the current one until current_page × per_page reaches total', () => {
    const page = (current_page: number, per_page: number, total: number) => ({ meta: { current_page, per_page, total }, links: {} });
    expect([nextPageOf(page(1, 12, 13)), nextPageOf(page(2, 12, 13)), nextPageOf(page(1, 12, 12)), nextPageOf(page(1, 12, 0))]).toEqual([
      2,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
