// What a frontend team's test looks like: the package's createMockControl and
// createVideoApiClient against the real mock, driving a "render failed" screen from start to
// finish with the manual clock: the test, not the wall clock, decides when the render ends
// (how fast such a test runs is the benchmarks' business, not an assertion here).
import { describe, expect, it } from 'vitest';
import { createMockControl, createVideoApiClient, type MockControl, type VideoApiClient } from '../../client/index.js';
import { useMock } from '../support/mock-harness.js';

const mock = useMock({ MOCK_CLOCK: 'manual', MOCK_STEP_MS: '5000' });

describe('a failed-render screen, frontend style', () => {
  it('create draft, script, voice, render; the render fails; polling sees failed with video.failure', async () => {
    const token = 'frontend-team-token';
    const control: MockControl = createMockControl({ baseUrl: mock.base });
    const api: VideoApiClient = createVideoApiClient({ baseUrl: mock.base, token, warn: () => {} });
    await control.reset();
    await control.setClock('manual');

    const draft = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll' } }))).data!;
    await api.unwrap(
      api.PUT('/faceless/{faceless}/scripts', { params: { path: { faceless: draft.id } }, body: { topic: 'Owls at night', duration: 60 } }),
    );
    await api.unwrap(api.PATCH('/faceless/{faceless}', { params: { path: { faceless: draft.id } }, body: { voice_id: 17 } }));
    const rendering = (await api.unwrap(api.POST('/faceless/{faceless}/render', { params: { path: { faceless: draft.id } } }))).data!;
    expect(rendering.video?.status).toBe('rendering');

    // The screen under test: the clock is stopped, so the render waits until the test says.
    const poll = async () => (await api.unwrap(api.GET('/faceless/{faceless}', { params: { path: { faceless: draft.id } } }))).data!;
    expect((await poll()).video?.status).toBe('rendering');
    await control.force(token, `/faceless/${draft.id}`, 'failed');
    const failed = await poll();

    expect(failed.video?.status).toBe('failed');
    expect(failed.video?.failure).toMatchObject({ code: expect.any(String), message: expect.any(String) });

    // What the app sent, as the journal saw it.
    const journal = await control.requests({ token, limit: 10 });
    expect(journal.map((entry) => entry.operationId).slice(0, 6)).toEqual([
      'getFacelessVideo',
      'getFacelessVideo',
      'renderFacelessVideo',
      'updateFacelessVideo',
      'generateFacelessScript',
      'createFacelessVideo',
    ]);
    expect((await control.account(token)).resources).toEqual([expect.objectContaining({ id: draft.id, state: 'failed' })]);
  });

  it('mock:fail with the manual clock: the render fails exactly when the test advances time', async () => {
    const token = 'frontend-mock-fail';
    const control = createMockControl({ baseUrl: mock.base });
    const api = createVideoApiClient({ baseUrl: mock.base, token, warn: () => {} });
    const draft = (await api.unwrap(api.POST('/faceless', { body: { type: 'b-roll' } }))).data!;
    await api.unwrap(
      api.PATCH('/faceless/{faceless}', { params: { path: { faceless: draft.id } }, body: { script: 'Owls mock:fail', voice_id: 17 } }),
    );
    await api.unwrap(api.POST('/faceless/{faceless}/render', { params: { path: { faceless: draft.id } } }));
    const status = async () =>
      (await api.unwrap(api.GET('/faceless/{faceless}', { params: { path: { faceless: draft.id } } }))).data!.video;
    expect((await status())?.status).toBe('rendering');
    await control.advance({ steps: 1 });
    const video = await status();
    expect(video?.status).toBe('failed');
    expect(video?.failure).toBeTruthy();
  });

  it('the helper throws MockControlError with the envelope on a refused call', async () => {
    const control = createMockControl({ baseUrl: mock.base });
    await expect(control.force('nobody', '/faceless/1', 'failed')).rejects.toMatchObject({ name: 'MockControlError', status: 404 });
  });
});
