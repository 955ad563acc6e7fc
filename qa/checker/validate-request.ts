// The request half of an exchange against the contract: path and query parameters (read from text
// as the mock reads them), and the body (content type declared, required when required, JSON against
// its schema). Parameters and JSON bodies go through the operation's compiled request check
// (lib/contract/request-check.ts), the one the mock runs, so the two accept and refuse alike
// (tests/contract/request-check-agreement.test.ts). Multipart parts are not parsed: only their content type is checked.
import {
  type ContractModel,
  isGuessedMissingBody,
  isGuessedParameter,
  isGuessedViolation,
  headerMediaType,
  mediaMatches,
  type RequestCheck,
  type RequestViolation,
} from '../../lib/contract/index.js';
import type { Match } from './match.js';
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

/** A query string as the mock reads it: one value, or the list of a repeated name. */
function queryOf(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
}

/** The parameter a violation names: `['query', 'per_page']`, or the missing one of a `required` violation. */
function parameterNamed(violation: RequestViolation): string {
  return violation.path?.[1] ?? /required property '([^']+)'/.exec(violation.message)?.[1] ?? '';
}

/** Path and query parameters, through the operation's compiled request check (the mock's). */
function parameterFindings(contract: ContractModel, check: RequestCheck, match: Match, ex: Observed): Finding[] {
  const query = queryOf(ex.query);
  const sent = { path: match.params as Record<string, string | string[] | undefined>, query };
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
        guess: isGuessedViolation(contract, match.op, violation),
        where,
      });
    }
  }
  for (const name of check.emptyQueryParameters(query))
    findings.push({
      kind: 'request',
      expected: `query parameter ${name} not empty`,
      got: '""',
      guess: isGuessedParameter(contract, match.op, 'query', name),
      where: 'query',
    });
  return findings;
}

export function validateRequest(contract: ContractModel, schemas: Schemas, match: Match, ex: Observed): Finding[] {
  const { op } = match;
  const check = schemas.request(op.id);
  const findings = parameterFindings(contract, check, match, ex);
  const body = contract.deref(op.operation.requestBody) as { required?: boolean; content?: Record<string, unknown> } | undefined;
  if (!body?.content) return findings;
  // A body finding is about a guess when each of its places carries its own x-unspecified (a
  // missing body: when the request body itself is marked); a wrong content type or text that is
  // not JSON is never a guess. The client's validation asks the same question (isGuessedViolation).
  if (!(ex.requestBodySize ?? ex.requestBody.length)) {
    if (body.required)
      findings.push({
        kind: 'request',
        expected: `a request body (${Object.keys(body.content).join(' or ')})`,
        got: 'none',
        guess: isGuessedMissingBody(contract, op),
      });
    return findings;
  }
  const type = headerMediaType(ex.requestHeaders['content-type']);
  const declared = Object.keys(body.content).find((d) => mediaMatches(d, type));
  if (!declared) {
    findings.push({
      kind: 'request',
      expected: `request content type ${Object.keys(body.content).join(' or ')}`,
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
