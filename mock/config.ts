// Settings from the environment (the product's public interface: PRODUCT.md), with defaults
// derived from the contract where the contract has the fact.
import { parseAllowedHosts } from './control/host.js';
import { parseControlOrigins } from './control/origin.js';
import type { MockContract } from './contract.js';
import { parseClockMode, type ClockMode } from './control/clock.js';
import { type JsonLimits, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './request-body.js';

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
  quiet: boolean;
  /** How the clock jobs read starts (MOCK_CLOCK): running with the wall clock, or stopped. */
  clockMode: ClockMode;
  /** MOCK_CONTROL_TOKEN: when set, /__mock needs it in X-Mock-Control-Token. */
  controlToken?: string;
  /** Extra origins (beyond loopback) whose pages may use /__mock: MOCK_CONTROL_ORIGINS. */
  controlOrigins: string[];
  /**
   * Host names (beyond loopback) under which /__mock, the console and the docs answer:
   * MOCK_ALLOWED_HOSTS, plus MOCK_HOST itself when it names one address or name.
   */
  allowedHosts: string[];
  /** Largest request body accepted (MOCK_MAX_BODY_BYTES); larger ones are 413. */
  maxBodyBytes: number;
  /** MOCK_SCENARIO: a scenario file loaded at start. */
  scenarioPath?: string;
  /** MOCK_MAX_ACCOUNTS: accounts (and rate-limit windows) kept; the least recently used goes first. */
  maxAccounts: number;
  /** MOCK_MAX_RESOURCES: stored resources per account; the oldest one without a running job goes first. */
  maxResources: number;
  /** MOCK_MAX_STATE_BYTES: the byte budget of stored state, kept by the same evictions as the counts. */
  maxStateBytes: number;
  /** MOCK_MAX_JOURNAL_BYTES: the request journal's byte budget (default an eighth of maxStateBytes); the oldest entries go first. */
  maxJournalBytes: number;
  /** MOCK_HEADERS_TIMEOUT_MS: how long a client may take to send its headers before a 408 (default 10 s). */
  headersTimeoutMs: number;
  /** MOCK_MAX_JSON_DEPTH, MOCK_MAX_JSON_KEYS: the structure a JSON body may have, checked before it is parsed. */
  jsonLimits: JsonLimits;
}

/** 127.0.0.0/8, ::1 and localhost: addresses nothing outside this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The default of MOCK_MAX_STATE_BYTES. */
export const DEFAULT_MAX_STATE_BYTES = 128 * 1024 * 1024;

/** MOCK_ALLOWED_HOSTS, and MOCK_HOST when it is one name or address (not 0.0.0.0 or ::, which name none). */
function allowedHosts(host: string, listed: string | undefined): string[] {
  const names = parseAllowedHosts(listed);
  const own = host.includes(':') ? `[${host.toLowerCase()}]` : host.toLowerCase();
  if (host !== '0.0.0.0' && host !== '::' && !names.includes(own)) names.push(own);
  return names;
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

function positive(name: string, value: string | undefined): number | undefined {
  const parsed = integer(name, value);
  if (parsed === 0) throw new Error(`${name} must be at least 1, got "${value}"`);
  return parsed;
}

export function loadConfig(contract: MockContract, env: NodeJS.ProcessEnv = process.env): MockConfig {
  // Default pace: one step lasts a second longer than the slowest documented minimum polling
  // interval, so a client polling that often sees every state at least once.
  const minPoll = Math.max(...contract.stateMachines().map((m) => m.pollIntervalSeconds?.min ?? 0));
  // The source's default limit: the contract's info.x-rate-limit.
  const advertised = contract.rateLimit().requestsPerMinute;
  const rateLimit = integer('MOCK_RATE_LIMIT', env.MOCK_RATE_LIMIT);
  // Where the mock listens by default: the contract's "Local mock" server (host, port, /v2).
  const local = new URL(contract.server('Local mock').url);
  const host = env.MOCK_HOST || local.hostname;
  if (!isLoopback(host) && !env.MOCK_CONTROL_TOKEN) {
    // Anyone who can reach the port could reset, rewrite or read the mock's state and journal.
    throw new Error(
      `MOCK_HOST=${host} makes the mock reachable from other machines, and with it the control API (/__mock). ` +
        'Set MOCK_CONTROL_TOKEN to a secret value; control calls must then send it in the X-Mock-Control-Token header.',
    );
  }
  const maxStateBytes = positive('MOCK_MAX_STATE_BYTES', env.MOCK_MAX_STATE_BYTES) ?? DEFAULT_MAX_STATE_BYTES;
  return {
    host,
    port: integer('MOCK_PORT', env.MOCK_PORT) ?? Number(local.port),
    basePath: contract.basePath(),
    stepMs: integer('MOCK_STEP_MS', env.MOCK_STEP_MS) ?? (minPoll + 1) * 1000,
    rateLimit: rateLimit || undefined,
    advertisedLimit: rateLimit || advertised,
    includeAllowlist: [],
    quiet: env.MOCK_QUIET === '1',
    clockMode: parseClockMode(env.MOCK_CLOCK),
    controlToken: env.MOCK_CONTROL_TOKEN || undefined,
    controlOrigins: parseControlOrigins(env.MOCK_CONTROL_ORIGINS),
    allowedHosts: allowedHosts(host, env.MOCK_ALLOWED_HOSTS),
    // The source states no upload limit: 32 MiB is the mock's choice, room for three 10 MB audio samples.
    maxBodyBytes: integer('MOCK_MAX_BODY_BYTES', env.MOCK_MAX_BODY_BYTES) ?? 32 * 1024 * 1024,
    scenarioPath: env.MOCK_SCENARIO || undefined,
    // Memory stays bounded however many tokens and creates a long run brings (the mock's choice).
    maxAccounts: positive('MOCK_MAX_ACCOUNTS', env.MOCK_MAX_ACCOUNTS) ?? 10_000,
    maxResources: positive('MOCK_MAX_RESOURCES', env.MOCK_MAX_RESOURCES) ?? 100,
    // 128 MiB: a 60 s mixed soak (500 tokens) holds under 1 MB and a full-speed 600 s one an
    // estimated few tens of MB; what passes it is a client storing huge texts, which then evicts.
    maxStateBytes,
    maxJournalBytes: positive('MOCK_MAX_JOURNAL_BYTES', env.MOCK_MAX_JOURNAL_BYTES) ?? Math.max(1, Math.floor(maxStateBytes / 8)),
    headersTimeoutMs: positive('MOCK_HEADERS_TIMEOUT_MS', env.MOCK_HEADERS_TIMEOUT_MS) ?? 10_000,
    jsonLimits: {
      maxDepth: positive('MOCK_MAX_JSON_DEPTH', env.MOCK_MAX_JSON_DEPTH) ?? MAX_JSON_DEPTH,
      maxKeys: positive('MOCK_MAX_JSON_KEYS', env.MOCK_MAX_JSON_KEYS) ?? MAX_JSON_KEYS,
    },
  };
}
