// `npm run proxy` settings, from PROXY_* environment variables. Pure, so it is tested directly.
import path from 'node:path';
import { readMinCoverage } from '../checker/coverage.js';

/** The proxy's own default port (a tool setting, not an API fact; the mock's port is the contract's local-mock server entry). */
export const DEFAULT_PROXY_PORT = 4020;

export interface ProxySettings {
  /** The deployment the proxy forwards to; its path ends in /v2. */
  target: URL;
  port: number;
  reportDir: string;
  blockCharges: boolean;
  /** PROXY_FAIL_ON_REQUEST_ERRORS=1: requests the contract rejects (the client's fault) fail the run too. */
  failOnRequestErrors: boolean;
  /** PROXY_MIN_COVERAGE: percent of documented responses the traffic must have shown. */
  minCoverage?: number;
  /** Override of the refund grace (ms); undefined: the contract's slowest polling interval. */
  refundGraceMs?: number;
  /** PROXY_MAX_BODY_BYTES: the largest request body forwarded; larger ones are answered 413 here. */
  maxBodyBytes: number;
  /** PROXY_MAX_RESPONSE_BYTES: the largest answer body judged (raw and decoded); larger ones stream through unjudged. */
  maxResponseBytes: number;
  /** PROXY_TIMEOUT_MS: how long one exchange with the target may take before it is a target error. */
  timeoutMs: number;
  /** PROXY_CONFIRM_REFUNDS (default on; 0 turns it off): on stop, read the balance and ledger for refunds the traffic never showed. */
  confirmRefunds: boolean;
  /** PROXY_RECORD: where to write, on stop, a mock scenario of what the proxy saw (record.ts). */
  record?: string;
}

/** A request body limit real uploads fit (three audio samples, say); the source states none, so this is the proxy's choice. */
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 60_000;
/** API answers are JSON of kilobytes; 8 MiB judges any of them and bounds what one exchange holds. */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (!raw?.trim()) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

const flag = (v: string | undefined) => v === '1' || v === 'true' || v === 'yes';

export function readProxySettings(env: NodeJS.ProcessEnv, basePath: string): ProxySettings {
  const raw = env.PROXY_TARGET?.trim();
  if (!raw)
    throw new Error(
      `PROXY_TARGET is required: the base URL of the deployment to forward to, ending in ${basePath} (e.g. https://staging.example.com${basePath})`,
    );
  let target: URL;
  try {
    target = new URL(raw.replace(/\/+$/, ''));
  } catch {
    throw new Error(`PROXY_TARGET must be an http(s) URL ending in ${basePath}, got "${raw}"`);
  }
  if (!/^https?:$/.test(target.protocol) || !target.pathname.endsWith(basePath)) {
    throw new Error(`PROXY_TARGET must be an http(s) URL ending in ${basePath}, got "${raw}"`);
  }
  const port = env.PROXY_PORT?.trim() ? Number(env.PROXY_PORT) : DEFAULT_PROXY_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PROXY_PORT must be a port number, got "${env.PROXY_PORT}"`);
  let refundGraceMs: number | undefined;
  if (env.PROXY_REFUND_GRACE_MS?.trim()) {
    refundGraceMs = Number(env.PROXY_REFUND_GRACE_MS);
    if (!Number.isInteger(refundGraceMs) || refundGraceMs < 0)
      throw new Error(`PROXY_REFUND_GRACE_MS must be a non-negative integer, got "${env.PROXY_REFUND_GRACE_MS}"`);
  }
  return {
    target,
    port,
    reportDir: path.resolve(env.PROXY_REPORT_DIR?.trim() || 'reports/proxy'),
    blockCharges: flag(env.PROXY_BLOCK_CHARGES),
    failOnRequestErrors: flag(env.PROXY_FAIL_ON_REQUEST_ERRORS),
    minCoverage: readMinCoverage(env.PROXY_MIN_COVERAGE, 'PROXY_MIN_COVERAGE'),
    refundGraceMs,
    maxBodyBytes: positiveInteger('PROXY_MAX_BODY_BYTES', env.PROXY_MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES),
    maxResponseBytes: positiveInteger('PROXY_MAX_RESPONSE_BYTES', env.PROXY_MAX_RESPONSE_BYTES, DEFAULT_MAX_RESPONSE_BYTES),
    timeoutMs: positiveInteger('PROXY_TIMEOUT_MS', env.PROXY_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
    confirmRefunds: env.PROXY_CONFIRM_REFUNDS?.trim() !== '0',
    record: env.PROXY_RECORD?.trim() ? path.resolve(env.PROXY_RECORD.trim()) : undefined,
  };
}
