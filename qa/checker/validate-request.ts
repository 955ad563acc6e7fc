// The request half of an exchange against the contract: path and query parameters (read from text
// as the mock reads them), and the body (content type declared, required when required, JSON against
// its schema). Parameters and JSON bodies go through the operation's compiled request check
// (lib/contract/request-check.ts), the one the mock runs, so the two accept and refuse alike
// (tests/contract/request-check-agreement.test.ts). Multipart parts are not parsed: only their content type is checked.
import {
  type ContractModel,
  type ContractOperation,
  isGuessedMissingBody,
  isGuessedParameter,
  isGuessedViolation,
  headerMediaType,
  type RequestCheck,
  type RequestViolation,
} from '../../lib/contract/index.js';
import type { Schemas } from './schemas.js';
import type { Observed } from './types.js';

export interface Finding {
  kind: 'request' | 'status' | 'header' | 'content-type' | 'schema';
  expected: string;
  got: string;
  /** A request finding about a place the contract marks as a guess (an x-unspecified in the parameter or the body). */
  guess?: boolean;
  /** Where in the request a request finding is: a path or query parameter, or the body. */
  where?: 'path' | 'query' | 'body';
}

/** The parameter a violation names: `['query', 'per_page']`, or the missing one of a `required` violation. */
function parameterNamed(violation: RequestViolation): string {
  return violation.path?.[1] ?? /required property '([^']+)'/.exec(violation.message)?.[1] ?? '';
}

/** Path and query parameters (as the router read them), through the operation's compiled request check (the mock's). */
function parameterFindings(contract: ContractModel, check: RequestCheck, request: RoutedCall): Finding[] {
  const { query } = request;
  const sent = { path: request.params as Record<string, string | string[] | undefined>, query };
  const findings: Finding[] = [];
  for (const where of ['path', 'query'] as const) {
    for (const violation of check.parameters(where, sent[where])) {
      const name = parameterNamed(violation);
      const value = sent[where][name] ?? sent[where][Object.keys(sent[where]).find((k) => k.toLowerCase() === name) ?? ''];
      const missing = violation.code === 'required';
      findings.push({
        kind: 'request',
        expected: missing ? `${where} parameter ${name} (required)` : `${where} parameter ${name} as the contract types it`,
        got: missing ? 'none' : `${JSON.stringify(value)} (${violation.message})`,
        guess: isGuessedViolation(contract, request.op, violation),
        where,
      });
    }
  }
  for (const name of check.emptyQueryParameters(query))
    findings.push({
      kind: 'request',
      expected: `query parameter ${name} not empty`,
      got: '""',
      guess: isGuessedParameter(contract, request.op, 'query', name),
      where: 'query',
    });
  return findings;
}

/** The operation a request is, with its parameters and query as the contract's router read them (lib/contract/request.ts). */
export interface RoutedCall {
  op: ContractOperation;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
}

/**
 * The request's findings. Whether a body is required and in which types it is declared are the
 * compiled request check's facts (lib/contract/request-check.ts), and so is the type a body is read as
 * (declaredTypeFor: the mock's own rule).
 */
export function validateRequest(contract: ContractModel, schemas: Schemas, request: RoutedCall, ex: Observed): Finding[] {
  const { op } = request;
  const check = schemas.request(op.id);
  const findings = parameterFindings(contract, check, request);
  const types = check.bodyMediaTypes;
  if (!types?.length) return findings;
  // A body finding is about a guess when each of its places carries its own x-unspecified (a
  // missing body: when the request body itself is marked); a wrong content type or text that is
  // not JSON is never a guess. The client's validation asks the same question (isGuessedViolation).
  if (!(ex.requestBodySize ?? ex.requestBody.length)) {
    if (check.bodyRequired)
      findings.push({
        kind: 'request',
        expected: `a request body (${types.join(' or ')})`,
        got: 'none',
        guess: isGuessedMissingBody(contract, op),
      });
    return findings;
  }
  const type = headerMediaType(ex.requestHeaders['content-type']);
  const declared = check.declaredTypeFor(type || undefined);
  if (!declared) {
    findings.push({
      kind: 'request',
      expected: `request content type ${types.join(' or ')}`,
      got: type || 'none',
      guess: false,
    });
    return findings;
  }
  if (!/json/.test(declared)) return findings;
  let parsed: unknown;
  try {
    parsed = JSON.parse(ex.requestBody.toString('utf8'));
  } catch {
    findings.push({ kind: 'request', expected: 'a JSON request body', got: 'unparseable JSON', guess: false });
    return findings;
  }
  const problems = check.jsonBody(parsed, declared);
  if (problems.length)
    findings.push({
      kind: 'request',
      expected: 'a request body valid against the contract',
      got: problems.map((p) => p.message).join('; '),
      guess: problems.every((p) => isGuessedViolation(contract, op, p, declared)),
    });
  return findings;
}
