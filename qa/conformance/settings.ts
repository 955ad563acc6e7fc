// The conformance run's settings, read once from the CONFORMANCE_* environment variables
// (the public interface listed in docs/conformance.md). Pure (the only input besides the environment
// is the contract's default rate limit, read once), so it is unit-tested directly.
import { readMinCoverage } from '../checker/coverage.js';
import { parseShard, type Shard } from './shard.js';
import { ContractModel } from '../../lib/contract/index.js';

export type Profile = 'full' | 'smoke';

export interface Settings {
  /** Remote deployment to test (ends in /v2); undefined means "start the local mock". */
  baseUrl?: string;
  /** The first token (CONFORMANCE_TOKEN, else the first of CONFORMANCE_TOKENS). */
  token: string;
  /** CONFORMANCE_TOKENS: accounts of one deployment the run is spread over (lanes.ts); else [token]. */
  tokens: string[];
  allowCharges: boolean;
  allowDestructive: boolean;
  reportDir?: string;
  maxExamples?: number;
  /** Requests per window, e.g. "30/m"; undefined means no limit. */
  rateLimit?: string;
  profile: Profile;
  /** Narrow the run to these operationIds (fault tests, debugging). Empty: all operations. */
  operationIds: string[];
  /** Narrow the run to these Schemathesis phases. Empty: the profile's phases. */
  phases: string[];
  seed?: string;
  workers?: string;
  /** Force a runner instead of probing Docker first. */
  runner?: 'docker' | 'venv';
  /**
   * Relax checks where the contract marks the source silent (default). CONFORMANCE_RELAX=0 checks
   * every guess as if the source stated it: a diagnostic that shows what the relaxations hide.
   */
  relaxGuesses: boolean;
  /** CONFORMANCE_POLL_TIMEOUT (seconds): how long a polled status may stay unchanged before the flow stops. */
  pollTimeoutSeconds: number;
  /** CONFORMANCE_POLL_INTERVAL (seconds): the wait between two polls, in place of the contract's cadence (a stand-in that moves fast). */
  pollIntervalSeconds?: number;
  /** CONFORMANCE_MIN_COVERAGE: percent of documented responses the run must have seen. */
  minCoverage?: number;
  /** CONFORMANCE_SHARD (or --shard): this machine's part of a run split over several (shard.ts). */
  shard?: Shard;
  /** CONFORMANCE_BROKE_TOKEN: an account without credits, for the 402 rule (the local mock's `mock-broke` by default). */
  brokeToken?: string;
}

/** The default of CONFORMANCE_POLL_TIMEOUT (a tool setting, stated in docs/conformance.md). */
export const DEFAULT_POLL_TIMEOUT_SECONDS = 300;

/** The source's limit, from the contract (info.x-rate-limit: 30 requests per minute per API token). */
export const REMOTE_DEFAULT_RATE_LIMIT = `${ContractModel.load().rateLimit().requestsPerMinute}/m`;
/** Any bearer token is a paid, verified account with credits on the local mock. */
export const LOCAL_MOCK_TOKEN = 'conformance-local';

const RATE = /^\d+\/(s|m|h|d)$/;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function flag(value: string | undefined): boolean {
  return value === '1' || value === 'true' || value === 'yes';
}

/** The local mock's account without credits (mock/README.md, mock tokens). */
const LOCAL_MOCK_BROKE_TOKEN = 'mock-broke';

/** A positive number of seconds from the environment; undefined when the variable is unset or empty. */
function positiveSeconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`${name} must be a positive number of seconds, got "${raw}"`);
  return seconds;
}

/**
 * Milliseconds between two polls of one status: CONFORMANCE_POLL_INTERVAL when it is set; else 100 ms
 * against the local mock (it moves in milliseconds); else the contract's cadence (its minimum, the
 * interval the source asks clients to keep); undefined when the contract states none.
 */
export function pollIntervalMs(setting: number | undefined, localMock: boolean, cadence: { min: number } | undefined): number | undefined {
  if (setting !== undefined) return setting * 1000;
  if (localMock) return 100;
  return cadence === undefined ? undefined : cadence.min * 1000;
}

/**
 * What the run says when CONFORMANCE_POLL_INTERVAL polls a remote target faster than the contract's
 * cadence asks clients to (a setting meant for stand-ins); undefined otherwise.
 */
export function fastPollNotice(setting: number | undefined, remote: boolean, cadence: { min: number } | undefined): string | undefined {
  if (!remote || setting === undefined || cadence === undefined || setting >= cadence.min) return undefined;
  return `CONFORMANCE_POLL_INTERVAL=${setting} polls faster than the contract asks clients to (at least ${cadence.min} s between two polls of one status): meant for a stand-in; a real deployment may count it against its limits`;
}

export function readSettings(env: NodeJS.ProcessEnv): Settings {
  const baseUrl = env.CONFORMANCE_BASE_URL?.trim() || undefined;
  if (baseUrl && !/^https?:\/\//.test(baseUrl)) {
    throw new Error(`CONFORMANCE_BASE_URL must be an http(s) URL ending in /v2, got "${baseUrl}"`);
  }
  const many = list(env.CONFORMANCE_TOKENS);
  if (new Set(many).size !== many.length) throw new Error('CONFORMANCE_TOKENS names a token twice: each token must be a different account');
  const token = env.CONFORMANCE_TOKEN?.trim() || many[0] || (baseUrl ? '' : LOCAL_MOCK_TOKEN);
  if (!token) {
    throw new Error(
      'CONFORMANCE_TOKEN (or CONFORMANCE_TOKENS) is required when CONFORMANCE_BASE_URL is set (a bearer API token for that deployment)',
    );
  }
  const tokens = many.length ? many : [token];

  let maxExamples: number | undefined;
  if (env.CONFORMANCE_MAX_EXAMPLES) {
    maxExamples = Number(env.CONFORMANCE_MAX_EXAMPLES);
    if (!Number.isInteger(maxExamples) || maxExamples < 1) {
      throw new Error(`CONFORMANCE_MAX_EXAMPLES must be a positive integer, got "${env.CONFORMANCE_MAX_EXAMPLES}"`);
    }
  }

  let rateLimit: string | undefined = baseUrl ? REMOTE_DEFAULT_RATE_LIMIT : undefined;
  const rawRate = env.CONFORMANCE_RATE_LIMIT?.trim();
  if (rawRate) {
    if (rawRate === 'none' || rawRate === '0') rateLimit = undefined;
    else if (RATE.test(rawRate)) rateLimit = rawRate;
    else throw new Error(`CONFORMANCE_RATE_LIMIT must look like 30/m (or "none"), got "${rawRate}"`);
  }

  const profile = (env.CONFORMANCE_PROFILE?.trim() || 'full') as Profile;
  if (profile !== 'full' && profile !== 'smoke') {
    throw new Error(`CONFORMANCE_PROFILE must be "full" or "smoke", got "${profile}"`);
  }

  const runner = env.CONFORMANCE_RUNNER?.trim() || undefined;
  if (runner && runner !== 'docker' && runner !== 'venv') {
    throw new Error(`CONFORMANCE_RUNNER must be "docker" or "venv", got "${runner}"`);
  }

  return {
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    token: tokens[0],
    tokens,
    allowCharges: flag(env.CONFORMANCE_ALLOW_CHARGES),
    allowDestructive: flag(env.CONFORMANCE_ALLOW_DESTRUCTIVE),
    reportDir: env.CONFORMANCE_REPORT_DIR?.trim() || undefined,
    maxExamples,
    rateLimit,
    profile,
    operationIds: list(env.CONFORMANCE_OPERATIONS),
    phases: list(env.CONFORMANCE_PHASES),
    seed: env.CONFORMANCE_SEED?.trim() || undefined,
    workers: env.CONFORMANCE_WORKERS?.trim() || undefined,
    runner: runner as Settings['runner'],
    relaxGuesses: env.CONFORMANCE_RELAX?.trim() !== '0',
    pollTimeoutSeconds: positiveSeconds(env, 'CONFORMANCE_POLL_TIMEOUT') ?? DEFAULT_POLL_TIMEOUT_SECONDS,
    pollIntervalSeconds: positiveSeconds(env, 'CONFORMANCE_POLL_INTERVAL'),
    minCoverage: readMinCoverage(env.CONFORMANCE_MIN_COVERAGE, 'CONFORMANCE_MIN_COVERAGE'),
    shard: parseShard(env.CONFORMANCE_SHARD),
    brokeToken: env.CONFORMANCE_BROKE_TOKEN?.trim() || (baseUrl ? undefined : LOCAL_MOCK_BROKE_TOKEN),
  };
}
