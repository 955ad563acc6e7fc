// Safe by default: on another address than loopback the mock will not start without
// MOCK_CONTROL_TOKEN, and with a token every control call and the console need it. /v2 is untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback, loadConfig } from '../../mock/config.js';
import { mockContract } from '../../mock/contract.js';
import { call, startMock, type RunningMock } from '../support/mock-harness.js';

describe('MOCK_HOST other than loopback', () => {
  it('refuses to start without MOCK_CONTROL_TOKEN, with a clear error', async () => {
    // Refused before listening, so nothing ever binds to 0.0.0.0.
    const failure = await startMock({ MOCK_HOST: '0.0.0.0', MOCK_QUIET: '1' }).then(
      (mock) => mock.stop().then(() => 'started'),
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/mock exited with 1/);
    expect(failure).toMatch(/mock: failed to start: MOCK_HOST=0\.0\.0\.0 .*MOCK_CONTROL_TOKEN/);
    expect(failure).toContain('X-Mock-Control-Token');
  });
});

describe('the address check (without listening anywhere)', () => {
  const contract = mockContract();
  it('only 127.0.0.0/8, ::1 and localhost count as loopback', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', 'localhost'].filter(isLoopback)).toHaveLength(4);
    expect(['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.test', '127.0.0.1.example.test'].filter(isLoopback)).toEqual([]);
  });

  it('another address is accepted once MOCK_CONTROL_TOKEN is set, and the token is kept', () => {
    expect(() => loadConfig(contract, { MOCK_HOST: '10.0.0.5' })).toThrow(/MOCK_CONTROL_TOKEN/);
    expect(loadConfig(contract, { MOCK_HOST: '10.0.0.5', MOCK_CONTROL_TOKEN: 's3cret' })).toMatchObject({
      host: '10.0.0.5',
      controlToken: 's3cret',
    });
    expect(loadConfig(contract, {})).toMatchObject({ host: '127.0.0.1', controlToken: undefined, clockMode: 'auto' });
  });
});

describe('with MOCK_CONTROL_TOKEN', () => {
  let mock: RunningMock;
  const secret = 'control-secret-for-tests';
  const origin = () => mock.base.replace(/\/v2$/, '');
  beforeAll(async () => {
    mock = await startMock({ MOCK_CONTROL_TOKEN: secret });
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('refuses control calls without the header or with a wrong one (401 in the envelope)', async () => {
    const attempts: Array<Record<string, string>> = [{}, { 'x-mock-control-token': 'wrong' }, { 'x-mock-control-token': `${secret}x` }];
    for (const headers of attempts) {
      for (const [method, path] of [
        ['GET', '/__mock/accounts'],
        ['POST', '/__mock/reset'],
        ['GET', '/__mock/'],
        ['GET', '/__mock/requests'],
      ]) {
        const reply = await call(origin(), method, path, { token: null, headers });
        expect(reply.status, `${method} ${path}`).toBe(401);
        expect(reply.body).toMatchObject({ status: 401, error: { code: 'MOCK-CONTROL-UNAUTHORIZED' } });
      }
    }
    // The query form is only for opening the console page in a browser.
    expect((await call(origin(), 'GET', '/__mock/accounts', { token: null, query: { control_token: secret } })).status).toBe(401);
  });

  it('answers with the right header; the console page also takes ?control_token=', async () => {
    const headers = { 'x-mock-control-token': secret };
    expect((await call(origin(), 'POST', '/__mock/reset', { token: null, headers })).body).toEqual({ reset: 'all' });
    expect((await call(origin(), 'GET', '/__mock/clock', { token: null, headers })).body.mode).toBe('auto');
    const page = await call(origin(), 'GET', '/__mock/', { token: null, query: { control_token: secret } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Mock console</title>');
  });

  it('leaves /v2 as it was: no control header needed there', async () => {
    expect((await call(mock.base, 'GET', '/me', { token: 'safety-a' })).status).toBe(200);
    expect((await call(mock.base, 'GET', '/me', { token: null })).status).toBe(401);
  });
});
