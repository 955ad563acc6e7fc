// The options of the programmatic ways in (startMock, createMockHandlers), and how each maps onto
// the MOCK_* variable of the same meaning, so one settings reader (mock/config.ts) serves all.
// Types from the control API's own document, so the package's public types stand alone.
import type { components } from '../generated/mock-control.js';

type Scenario = components['schemas']['Scenario'];
type ClockMode = components['schemas']['ClockMode'];

export interface MockOptions {
  /** `manual`: time stands still until `control.advance()` moves it (default `auto`). */
  clock?: ClockMode;
  /** How long each asynchronous step takes, in ms (MOCK_STEP_MS). */
  stepMs?: number;
  /** Requests per minute per token before 429 (MOCK_RATE_LIMIT; default off). */
  rateLimit?: number;
  /** Accounts and resources to start from (the shape POST /__mock/scenario takes). */
  scenario?: Scenario;
  /** The value control calls must carry in X-Mock-Control-Token (MOCK_CONTROL_TOKEN). */
  controlToken?: string;
  /** Largest request body accepted, in bytes (MOCK_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
  /** Accounts kept at most, least recently used dropped first (MOCK_MAX_ACCOUNTS). */
  maxAccounts?: number;
  /** Stored resources per account at most, oldest idle dropped first (MOCK_MAX_RESOURCES). */
  maxResources?: number;
  /** Byte budget of stored state, kept by the same evictions (MOCK_MAX_STATE_BYTES). */
  maxStateBytes?: number;
  /** Receives one line per request (default: none). */
  log?: (line: string) => void;
}

/** The MOCK_* variables that say the same as `options` (unset options are left out). */
export function envOf(options: MockOptions & { port?: number; host?: string }): Record<string, string> {
  const env: Record<string, string | undefined> = {
    MOCK_PORT: options.port?.toString(),
    MOCK_HOST: options.host,
    MOCK_CLOCK: options.clock,
    MOCK_STEP_MS: options.stepMs?.toString(),
    MOCK_RATE_LIMIT: options.rateLimit?.toString(),
    MOCK_CONTROL_TOKEN: options.controlToken,
    MOCK_MAX_BODY_BYTES: options.maxBodyBytes?.toString(),
    MOCK_MAX_ACCOUNTS: options.maxAccounts?.toString(),
    MOCK_MAX_RESOURCES: options.maxResources?.toString(),
    MOCK_MAX_STATE_BYTES: options.maxStateBytes?.toString(),
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** A scenario object as the core loads it (JSON is YAML). */
export function scenarioOf(options: MockOptions): { text: string; source: string } | undefined {
  return options.scenario === undefined ? undefined : { text: JSON.stringify(options.scenario), source: 'the scenario option' };
}
