// Server presets by name, all from the contract's `servers`: production, staging, and the local
// mock (`npm start`, the entry described "Local mock").
import { servers as contractServers } from '../generated/contract.js';

function serverUrl(description: string): string {
  const found = contractServers.find((s) => s.description.toLowerCase() === description);
  if (!found) throw new Error(`the contract has no server described as "${description}"`);
  return found.url;
}

export const MOCK_BASE_URL = serverUrl('local mock');

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
