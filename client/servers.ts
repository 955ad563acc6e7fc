// Server presets by name. Production and staging come from the contract's `servers`; the local
// mock is the product's own `npm start` address.
import { servers as contractServers } from '../generated/contract.js';

export const MOCK_BASE_URL = 'http://127.0.0.1:4010/v2';

function serverUrl(description: string): string {
  const found = contractServers.find((s) => s.description.toLowerCase() === description);
  if (!found) throw new Error(`the contract has no server described as "${description}"`);
  return found.url;
}

export const servers = {
  production: serverUrl('production'),
  staging: serverUrl('staging'),
  mock: MOCK_BASE_URL,
} as const;

export type ServerName = keyof typeof servers;

/** A preset name or a URL; URLs pass through unchanged. */
export function resolveBaseUrl(baseUrl: ServerName | (string & {})): string {
  return Object.hasOwn(servers, baseUrl) ? servers[baseUrl as ServerName] : baseUrl;
}
