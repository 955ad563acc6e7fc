// What the proxy's checker sees of one exchange, and what it reports. Shared by every stage.
import type http from 'node:http';
import type { CoverageReport } from './coverage.js';
import type { FindingRequest } from './exchange-request.js';

/** One request and the target's answer, as they crossed the proxy (bodies as raw bytes). */
export interface Observed {
  method: string;
  /** Path below the API's base path (/v2), without the query, e.g. /faceless/12. */
  path: string;
  query: URLSearchParams;
  requestHeaders: http.IncomingHttpHeaders | http.OutgoingHttpHeaders;
  requestBody: Buffer;
  /** Bytes of a body the proxy streamed without keeping (a multipart upload): requestBody is then empty. */
  requestBodySize?: number;
  status: number;
  responseHeaders: http.IncomingHttpHeaders;
  responseBody: Buffer;
  /** Epoch ms the answer arrived. */
  at: number;
}

export type ViolationKind =
  | 'undocumented-operation'
  | 'request'
  | 'accepted-invalid'
  | 'status'
  | 'header'
  | 'content-type'
  | 'schema'
  | 'state'
  | 'transition'
  | 'terminal'
  | 'credits'
  | 'refund';

export interface Violation {
  operationId: string | null;
  kind: ViolationKind;
  /** One line: operation, resource, what was expected, what came. */
  message: string;
  method: string;
  path: string;
  status?: number;
  /** The resource a lifecycle or credit finding is about, e.g. TextToVideoAssetStatus#12. */
  resource?: string;
  expected?: string;
  got?: string;
  /** ISO time of the exchange that first showed it. */
  at: string;
  /** How many later exchanges showed exactly the same problem (not reported again). */
  repeats?: number;
  /** The query and body of the request that first showed it (exchange-request.ts), when it had any. */
  request?: FindingRequest;
}

/** A refund the contract promises that no balance or ledger observation has confirmed (yet). */
export interface Unconfirmed {
  resource: string;
  operationId: string;
  amount?: number;
  message: string;
}

/**
 * A departure the proxy saw where the contract is a guess (x-unspecified; the shared leniency rule
 * in lib/contract/leniency.ts): listed so QA sees what was not judged, never counted as a violation.
 */
export interface Unverified {
  operationId: string;
  kind: ViolationKind;
  /** One line like a violation's message. */
  message: string;
  /** The contract's own words on what is not shown. */
  why: string;
  at: string;
  repeats?: number;
}

/**
 * A request the contract rejects (the client's mistake, not the API's): a parameter or body the
 * contract does not allow, or a route it does not have. Listed apart from violations; the API's
 * answer to it is still judged (a 2xx is a violation, or unverified where the rule is a guess).
 */
export interface RequestError {
  operationId: string | null;
  kind: 'request' | 'unknown-route';
  /** One line: operation, request, what the contract expects, what was sent, and how the API answered. */
  message: string;
  method: string;
  path: string;
  status: number;
  expected: string;
  got: string;
  at: string;
  repeats?: number;
}

/**
 * An exchange the proxy could not complete: the target refused the connection, reset it, did not
 * answer within PROXY_TIMEOUT_MS, or could not be reached at all. Never the client's fault, never a
 * pass: each fails the run (its own JUnit suite, a non-zero exit).
 */
export interface TargetError {
  operationId: string | null;
  /** undecodable: an answer whose body does not decode as its Content-Encoding says (a bad gzip). */
  kind: 'refused' | 'reset' | 'timeout' | 'unreachable' | 'undecodable';
  message: string;
  method: string;
  path: string;
  at: string;
  repeats?: number;
}

/**
 * An answer the proxy streamed through without judging its body: larger than
 * PROXY_MAX_RESPONSE_BYTES (raw or decoded), or in a content coding it does not decode. Its status
 * and headers are still judged. Not a failure; listed so QA sees what was not looked at.
 */
export interface Unjudged {
  operationId: string | null;
  method: string;
  path: string;
  status: number;
  /** Why the body was not judged. */
  reason: string;
  /** The most bytes one such answer carried through the proxy (raw, as sent). */
  bytes: number;
  at: string;
  repeats?: number;
}

/** Findings left out of a list because their group (an operation, or unknown routes) reached the cap. */
export interface Dropped {
  list: 'violations' | 'requestErrors' | 'unverified' | 'targetErrors' | 'unjudged';
  /** The operationId, or "unknown routes" for paths the contract does not have. */
  group: string;
  count: number;
}

export interface Report {
  exchanges: number;
  /** Charging calls answered by the proxy itself (PROXY_BLOCK_CHARGES=1), never forwarded. */
  blocked: number;
  /** The API's departures from the contract: what fails a run. */
  violations: Violation[];
  /** Requests the contract rejects (the client's fault); they fail a run only with PROXY_FAIL_ON_REQUEST_ERRORS=1. */
  requestErrors: RequestError[];
  unconfirmed: Unconfirmed[];
  /** One line per operation the shared leniency rule relaxes, and why (as printed at start). */
  relaxed: string[];
  /** What was not judged because the contract is a guess there (not violations). */
  unverified: Unverified[];
  /** Requests per operationId (what the JUnit file lists as test cases). */
  operations: Record<string, number>;
  /** What the traffic covered of the contract (qa/checker/coverage.ts). */
  coverage: CoverageReport;
  /** Exchanges the proxy could not complete (target down, reset, timed out): each fails the run. */
  targetErrors: TargetError[];
  /** Answers streamed through with their body unjudged (PROXY_MAX_RESPONSE_BYTES, an unknown coding). */
  unjudged: Unjudged[];
  /** At most this many distinct findings are kept per list and group; the rest are counted in `dropped`. */
  findingsCap: number;
  dropped: Dropped[];
}
