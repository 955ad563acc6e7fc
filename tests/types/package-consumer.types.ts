// What a consumer sees through package.json exports["."] (the compiled generated/client/*.d.ts),
// imported by package name exactly as a frontend app would.
import { createVideoApiClient, type VideoApiClient } from 'video-api-v2-contract';

const client: VideoApiClient = createVideoApiClient({ baseUrl: 'mock', token: 'mock-dev' });

export async function consumer() {
  await client.POST('/faceless/{faceless}/render', { params: { path: { faceless: 1 } } });
  // @ts-expect-error a path the contract does not have
  await client.POST('/faceless/{faceless}/rendr', { params: { path: { faceless: 1 } } });
  // @ts-expect-error a body of the wrong shape
  await client.POST('/ideas/discover', { body: { keyword: 42 } });
}
