// Settings from the environment (the product's public interface: PRODUCT.md), with defaults
// derived from the contract where the contract has the fact.
import type { Contract } from './contract.js';

export interface MockConfig {
  host: string;
  port: number;
  /** Base path every contract path is served under (the production server's path, /v2). */
  basePath: string;
  stepMs: number;
  /** Requests per minute per token before 429; undefined = not enforced. */
  rateLimit?: number;
  /** What X-RateLimit-Limit reports when MOCK_RATE_LIMIT is off: the source's default. */
  advertisedLimit: number;
  /** `include` values GET /faceless/{id} accepts. The source does not show the allowlist: none. */
  includeAllowlist: string[];
  /** Hosts whose pages the scrape endpoints refuse as social media (the source names none). */
  socialHosts: string[];
  quiet: boolean;
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export function loadConfig(contract: Contract, env: NodeJS.ProcessEnv = process.env): MockConfig {
  // Default pace: one step lasts a second longer than the slowest documented minimum polling
  // interval, so a client polling that often sees every state at least once.
  const minPoll = Math.max(...contract.machines.map((m) => m.pollIntervalSeconds?.min ?? 0));
  // The source's default limit: the contract's info.x-rate-limit, else the header's example.
  const advertised =
    contract.doc.info?.['x-rate-limit']?.requestsPerMinute ?? contract.doc.components.headers.XRateLimitLimit?.schema?.examples?.[0];
  if (typeof advertised !== 'number') throw new Error('the contract states no default rate limit (info.x-rate-limit)');
  const rateLimit = integer('MOCK_RATE_LIMIT', env.MOCK_RATE_LIMIT);
  return {
    host: env.MOCK_HOST || '127.0.0.1',
    port: integer('MOCK_PORT', env.MOCK_PORT) ?? 4010,
    basePath: new URL(contract.doc.servers[0].url).pathname.replace(/\/$/, ''),
    stepMs: integer('MOCK_STEP_MS', env.MOCK_STEP_MS) ?? (minPoll + 1) * 1000,
    rateLimit: rateLimit || undefined,
    advertisedLimit: rateLimit || advertised,
    includeAllowlist: [],
    socialHosts: ['facebook.com', 'instagram.com', 'tiktok.com', 'twitter.com', 'x.com', 'youtube.com', 'linkedin.com'],
    quiet: env.MOCK_QUIET === '1',
  };
}
