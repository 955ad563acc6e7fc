// Paginated lists page by page: which GET operations are lists is read from the generated types (a
// 200 JSON body that is the contract's `Paginated` envelope, and a `page` query parameter), so no
// list of operations is kept here. The next page comes from the answer's `meta` (`current_page`,
// `per_page`, `total`: the fields the source names); `links` is passed through as the contract types
// it (its fields are not shown in the source).
import type { components, paths } from '../generated/schema.js';
import type { VideoApiClient } from './index.js';

/** The `meta` and `links` every paginated list answer carries. */
export type Paginated = components['schemas']['Paginated'];

type Json200<Op> = Op extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type IsList<Op> = [Json200<Op>] extends [never]
  ? false
  : Json200<Op> extends Paginated
    ? QueryOf<Op> extends { page?: number }
      ? true
      : false
    : false;

/** A path whose GET is a paginated list (`/credits/history`, `/ideas`), derived from the contract's types. */
export type ListPath = { [P in keyof paths]: IsList<paths[P]['get']> extends true ? P : never }[keyof paths];

/** One page of a list: the whole 200 body (`data`, `meta`, `links`), typed by the contract. */
export type ListPage<P extends ListPath> = Json200<paths[P]['get']>;

/** The query of a list without `page` (the pages are what the list walks). */
export type ListQuery<P extends ListPath> = Omit<QueryOf<paths[P]['get']>, 'page'>;

export interface ListInit<P extends ListPath> {
  params?: { query?: ListQuery<P> };
}

/** The page after `page`, or undefined on the last one (from `meta`: current_page × per_page ≥ total). */
export function nextPageOf(page: Paginated): number | undefined {
  const { current_page, per_page, total } = page.meta;
  return current_page * per_page < total ? current_page + 1 : undefined;
}

/** The page before `page`, or undefined on the first one. */
export function previousPageOf(page: Paginated): number | undefined {
  return page.meta.current_page > 1 ? page.meta.current_page - 1 : undefined;
}

type Get = (path: string, init: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * Options for React Query's `useInfiniteQuery` / `queryClient.fetchInfiniteQuery` over a list: the
 * page number is the page parameter (from 1), each page is the answer's body (an error answer throws
 * a VideoApiError), and the next and previous pages are read from its `meta`. The query key starts
 * with `['get', path]`, so invalidating that prefix refetches the list too.
 */
export function infiniteListOptions<P extends ListPath>(api: VideoApiClient, path: P, init: ListInit<P> = {}) {
  const get = (api.GET as Get).bind(api);
  return {
    queryKey: ['get', path, init, 'pages'] as const,
    queryFn: ({ pageParam, signal }: { pageParam: number; signal?: AbortSignal }): Promise<ListPage<P>> => {
      const query = { ...init.params?.query, page: pageParam };
      return api.unwrap(get(path, { ...init, params: { ...init.params, query }, signal })) as Promise<ListPage<P>>;
    },
    initialPageParam: 1,
    getNextPageParam: (last: ListPage<P>): number | undefined => nextPageOf(last as Paginated),
    getPreviousPageParam: (first: ListPage<P>): number | undefined => previousPageOf(first as Paginated),
  };
}
