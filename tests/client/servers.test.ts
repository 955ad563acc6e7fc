// Server presets by name: production and staging are the contract's servers; mock is `npm start`.
import { describe, expect, it } from 'vitest';
import { servers as contractServers } from '../../generated/contract.js';
import { createVideoApiClient, MOCK_BASE_URL, servers } from '../../client/index.js';

describe('client server presets', () => {
  it('production and staging come from the contract, mock is the local mock', () => {
    expect(servers.production).toBe(contractServers.find((s) => s.description === 'Production')!.url);
    expect(servers.staging).toBe(contractServers.find((s) => s.description === 'Staging')!.url);
    expect(servers.mock).toBe(MOCK_BASE_URL);
  });

  it('baseUrl takes a preset name or a URL', async () => {
    const urls: string[] = [];
    const fetch = async (r: Request) => {
      urls.push(r.url);
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    };
    for (const baseUrl of ['production', 'staging', 'mock', 'http://127.0.0.1:9/v2'])
      await createVideoApiClient({ baseUrl, fetch }).GET('/me');
    expect(urls).toEqual([`${servers.production}/me`, `${servers.staging}/me`, `${MOCK_BASE_URL}/me`, 'http://127.0.0.1:9/v2/me']);
  });
});
