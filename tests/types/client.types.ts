// Type tests, checked by tsc (`npm run typecheck`, and tests/client/types.test.ts). Never executed.
// Each `@ts-expect-error` line must fail to compile: if it ever compiles, tsc reports the unused
// directive and the check fails. The rest must compile.
import { expectTypeOf } from 'vitest';
import { createVideoApiQueries, infiniteListOptions, isFinished, type ListPath } from '../../client/react-query.js';
import { createVideoApiClient, type ErrorCode, isVideoApiError, type ServerName, type VideoApiError } from '../../client/index.js';

const client = createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev' });

export async function wrongCallsDoNotCompile() {
  // @ts-expect-error a path the contract does not have
  await client.GET('/faceless/videos');
  // @ts-expect-error a method the path does not have (render is POST only)
  await client.GET('/faceless/{faceless}/render', { params: { path: { faceless: 1 } } });
  // @ts-expect-error a missing path parameter
  await client.GET('/faceless/{faceless}', { params: { path: {} } });
  // @ts-expect-error the wrong path parameter name (faceless videos are addressed by {faceless} = id)
  await client.GET('/faceless/{faceless}', { params: { path: { video_id: 1 } } });
  // @ts-expect-error a body of the wrong shape: type is an enum
  await client.POST('/faceless', { body: { type: 'cartoon' } });
  // @ts-expect-error a required body field missing (launch clips need product_name, domain, idea)
  await client.POST('/launch-clips', { body: { product_name: 'Brew', domain: 'brew.example' } });
  // @ts-expect-error a body field of the wrong type
  await client.POST('/launch-clips', { body: { product_name: 1, domain: 'brew.example', idea: 'x' } });
  // @ts-expect-error a query parameter of the wrong type
  await client.GET('/credits/history', { params: { query: { per_page: 'ten' } } });
  // @ts-expect-error voice clone samples are files, not strings
  await client.POST('/voice-clones', { body: { terms: 'true', name: 'n', gender: 'f', 'samples[]': ['a.mp3'] } });
  // @ts-expect-error terms is a text part: a string, not a boolean
  await client.POST('/voice-clones', { body: { terms: true, name: 'n', gender: 'f', 'samples[]': [new Blob(['x'])] } });
  // @ts-expect-error units are a number of 100-credit units, not text
  await client.PUT('/account/auto-topup', { body: { enabled: true, type: 'dynamic-credits', units: '5' } });
  // @ts-expect-error an auto top-up type outside extra-credits and dynamic-credits
  await client.PUT('/account/auto-topup', { body: { enabled: true, type: 'monthly', units: 5 } });
  // @ts-expect-error enabling with extra-credits needs its plan_id
  await client.PUT('/account/auto-topup', { body: { enabled: true, type: 'extra-credits' } });
  // @ts-expect-error a faceless video is polled by its id; a video_id-only reference is refused
  await client.poll.facelessVideo({ video_id: 2 });
  // @ts-expect-error pollers exist only for the contract's long-running resources
  await client.poll.preset(1);
}

export async function rightCallsCompileWithTypedResults() {
  const { data } = await client.GET('/faceless/{faceless}', { params: { path: { faceless: 1 } } });
  if (data?.data) expectTypeOf(data.data.video.status).toEqualTypeOf<'rendering' | 'completed' | 'failed' | null>();
  const video = await client.poll.facelessVideo(1);
  expectTypeOf(video.id).not.toBeAny();
  const clip = await client.poll.launchClip('c1');
  expectTypeOf(clip.status).toMatchTypeOf<string | undefined>();
  await client.POST('/voice-clones', { body: { terms: 'true', name: 'n', gender: 'f', 'samples[]': [new Blob(['x'])] } });
  await client.PATCH('/faceless/{faceless}', { params: { path: { faceless: 1 } }, body: { voice_id: 3 } });
  await client.DELETE('/presets/{id}', { params: { path: { id: 1 } } });
  await client.PUT('/account/auto-topup', { body: { enabled: false } });
  await client.PUT('/account/auto-topup', { body: { enabled: true, type: 'extra-credits', plan_id: 12 } });
  await client.PUT('/account/auto-topup', { body: { enabled: true, type: 'dynamic-credits', units: 5 } });
  expectTypeOf<ServerName>().toEqualTypeOf<'production' | 'staging' | 'mock'>();
  const error = {} as VideoApiError;
  expectTypeOf<ErrorCode>().toMatchTypeOf<typeof error.code>();
}

// Error codes are the catalogue's union: a misspelled code does not compile.
export function branchOnCode(e: unknown): boolean {
  // @ts-expect-error INSUFFICIENT_CREDITS (underscore) is not a code of the contract's error catalogue
  if (isVideoApiError(e, 'INSUFFICIENT_CREDITS')) return true;
  return isVideoApiError(e, 'INSUFFICIENT-CREDITS') || isVideoApiError(e, 'HTTP-429');
}

// The React Query entry: typed hooks over every operation, and a job hook typed by its path.

export function useScreen() {
  const queries = createVideoApiQueries(createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev' }));
  const me = queries.useQuery('get', '/me');
  expectTypeOf(me.data?.data?.credits.remaining).toEqualTypeOf<number | undefined>();
  // @ts-expect-error not a path of the contract
  queries.useQuery('get', '/videos');
  const job = queries.useJob('/faceless/{faceless}', 1);
  expectTypeOf(job.resource?.video.status).not.toBeAny();
  // @ts-expect-error not a path that polls a job
  queries.useJob('/me', 1);
  return queries.useMutation('post', '/faceless/{faceless}/render');
}

// A job's states are the union of its machine's states (from the contract), its failure is typed by
// the machine's failureLocation, and each outcome narrows the rest.
export function useJobStates() {
  const queries = createVideoApiQueries(createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev' }));
  const job = queries.useJob('/faceless/{faceless}', 1);
  expectTypeOf(job.state).toEqualTypeOf<'rendering' | 'completed' | 'failed' | undefined>();
  // @ts-expect-error not a state of the faceless video machine
  if (job.state === 'done') return '';
  if (job.succeeded) {
    expectTypeOf(job.state).toEqualTypeOf<'completed'>();
    expectTypeOf(job.resource.video.status).toEqualTypeOf<'completed'>();
  }
  if (job.failed) expectTypeOf(job.failure).toEqualTypeOf<{ code: string; message: string } | undefined>();
  if (isFinished(job)) expectTypeOf(job.state).toEqualTypeOf<'completed' | 'failed'>();
  else expectTypeOf(job.state).toEqualTypeOf<'rendering' | undefined>();
  const clip = queries.useJob('/text-to-video/{id}', 'c1');
  expectTypeOf(clip.state).toEqualTypeOf<'draft' | 'processing' | 'success' | 'failed' | undefined>();
  // An open machine (the source says other states exist): its named states, and any other string.
  const voice = queries.useJob('/voice-clones/{id}', 1);
  expectTypeOf<'completed'>().toMatchTypeOf<typeof voice.state>();
  expectTypeOf<'training'>().toMatchTypeOf<typeof voice.state>();
  return job.state;
}

// A poller resolves at a success state only: the status it returns is that state.
export async function pollerNarrowsToSuccess() {
  const video = await client.poll.facelessVideo(1);
  expectTypeOf(video.video.status).toEqualTypeOf<'completed'>();
  const clip = await client.poll.textToVideo('c1');
  expectTypeOf(clip.asset.status).toEqualTypeOf<'success'>();
  const launch = await client.poll.launchClip('c1');
  expectTypeOf(launch.status).toEqualTypeOf<'completed'>();
}

// The paginated lists are derived from the contract's types: exactly the GETs answering a Paginated body.
export function useLists() {
  expectTypeOf<ListPath>().toEqualTypeOf<'/credits/history' | '/ideas'>();
  const queries = createVideoApiQueries(createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev' }));
  const history = queries.useInfiniteList('/credits/history', { params: { query: { per_page: 5, order: 'ASC' } } });
  const first = history.data?.pages[0];
  expectTypeOf(first?.meta.total).toEqualTypeOf<number | undefined>();
  expectTypeOf(first?.data?.[0].credit_spend).toEqualTypeOf<string | undefined>();
  // @ts-expect-error GET /me is not a paginated list
  queries.useInfiniteList('/me');
  // @ts-expect-error the page is the list's own to walk
  infiniteListOptions(createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev' }), '/ideas', { params: { query: { page: 2 } } });
  // @ts-expect-error a query parameter of another list
  queries.useInfiniteList('/ideas', { params: { query: { order: 'ASC' } } });
  return history;
}
