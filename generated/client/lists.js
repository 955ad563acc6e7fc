/** The page after `page`, or undefined on the last one (from `meta`: current_page × per_page ≥ total). */
export function nextPageOf(page) {
    const { current_page, per_page, total } = page.meta;
    return current_page * per_page < total ? current_page + 1 : undefined;
}
/** The page before `page`, or undefined on the first one. */
export function previousPageOf(page) {
    return page.meta.current_page > 1 ? page.meta.current_page - 1 : undefined;
}
/**
 * Options for React Query's `useInfiniteQuery` / `queryClient.fetchInfiniteQuery` over a list: the
 * page number is the page parameter (from 1), each page is the answer's body (an error answer throws
 * a VideoApiError), and the next and previous pages are read from its `meta`. The query key starts
 * with `['get', path]`, so invalidating that prefix refetches the list too.
 */
export function infiniteListOptions(api, path, init = {}) {
    const get = api.GET.bind(api);
    return {
        queryKey: ['get', path, init, 'pages'],
        queryFn: ({ pageParam, signal }) => {
            const query = { ...init.params?.query, page: pageParam };
            return api.unwrap(get(path, { ...init, params: { ...init.params, query }, signal }));
        },
        initialPageParam: 1,
        getNextPageParam: (last) => nextPageOf(last),
        getPreviousPageParam: (first) => previousPageOf(first),
    };
}
