// MOCK_SCENARIO and MOCK_CLOCK at start, against the real `npm start` process: the committed
// example scenario is loaded before the first request; a broken one stops the start with the reason.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startMock, type RunningMock } from '../support/mock-harness.js';
import { testTempDir } from '../support/temp-dirs.js';

describe('MOCK_SCENARIO=mock/scenarios/edge-cases.yaml', () => {
  let mock: RunningMock;
  const control = (p: string) => call(mock.base.replace(/\/v2$/, ''), 'GET', `/__mock${p}`, { token: null });
  beforeAll(async () => {
    mock = await startMock({ MOCK_SCENARIO: 'mock/scenarios/edge-cases.yaml' });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('has its accounts, resources and clock before the first API call', async () => {
    expect((await control('/clock')).body.mode).toBe('manual');
    const failed = (await control('/accounts/demo-failed-render')).body;
    expect(failed.resources.map((r: { state: string }) => r.state)).toEqual(['failed', 'rendering']);
    const video = await call(mock.base, 'GET', failed.resources[0].path, { token: 'demo-failed-render' });
    expect(video.body.data.video).toMatchObject({ status: 'failed', failure: expect.any(Object) });
    expect((await call(mock.base, 'GET', '/me', { token: 'demo-low-credits' })).body.data.credits.remaining).toBe(3);
    expect((await call(mock.base, 'POST', '/faceless', { token: 'demo-trial', body: { type: 'b-roll' } })).body.error.code).toBe(
      'PAID-SUBSCRIPTION-REQUIRED',
    );
    expect((await call(mock.base, 'POST', '/faceless', { token: 'demo-unverified', body: { type: 'b-roll' } })).body.error.code).toBe(
      'EMAIL-NOT-VERIFIED',
    );
  });
});

describe('a broken scenario or clock setting', () => {
  it('refuses to start and says why', async () => {
    const dir = testTempDir('mock-scenario-');
    const file = path.join(dir, 'bad.yaml');
    writeFileSync(file, 'accounts:\n  - token: x\n    resources:\n      - family: faceless\n        state: exploded\n');
    const reason = (env: Record<string, string>) =>
      startMock({ MOCK_QUIET: '1', ...env }).then(
        (m) => m.stop().then(() => 'started'),
        (e: Error) => e.message,
      );
    expect(await reason({ MOCK_SCENARIO: file })).toMatch(
      /failed to start: MOCK_SCENARIO=.*bad\.yaml: exploded is not a state of \w+\. Valid states: /,
    );
    expect(await reason({ MOCK_CLOCK: 'sometimes' })).toMatch(/MOCK_CLOCK must be "auto" or "manual"/);
  });
});
