// The answer half of an exchange against the contract: the status is documented for the operation
// (exact code, then its NXX range, then `default`), every header the contract marks required is
// there (X-RateLimit-*), the content type is one documented for that status, and a JSON body
// validates against its schema. The contract is lenient where the source is silent (x-unspecified:
// a `2XX` key where the status is not shown, no required field where the body is not shown), so
// validating against it as written never turns a guess into a failure; where the operation itself
// is a guess, the shared leniency rule (lib/contract/leniency.ts) narrows what is judged.
import { type Contract, extendPointer, fragmentPointer, type Relaxation } from '../../lib/contract/index.js';
import type { Match } from './match.js';
import type { Schemas } from './schemas.js';
import type { Observed } from './types.js';
import { mediaMatches, mediaType, type Finding } from './validate-request.js';

interface Response {
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}

/** The documented response key for a status, and where its schema lives. */
export function documentedResponse(
  contract: Contract,
  match: Match,
  status: number,
): { key: string; ref: string; response: Response } | undefined {
  const responses = match.op.raw.responses as Record<string, { $ref?: string }>;
  const code = String(status);
  const key = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => responses[k]);
  if (!key) return undefined;
  const ref = responses[key].$ref ?? fragmentPointer(['paths', match.op.path, match.op.method, 'responses', key]);
  return { key, ref, response: contract.deref(responses[key]) as Response };
}

/** Where the contract is a guess, what the exchange showed that the proxy does not judge. */
export interface Checked {
  findings: Finding[];
  unverified: Finding[];
  body?: unknown;
}

/**
 * `relaxed`: the operation's entry in the shared leniency rule (lib/contract/leniency.ts), if any.
 * On a guessed operation only the rate-limit headers and the error envelope are judged: a status
 * the guess does not document, and a success answer's content type and body, are unverified; an
 * error status it does not document is judged against the operation's declared error responses.
 */
export function validateResponse(contract: Contract, schemas: Schemas, match: Match, ex: Observed, relaxed?: Relaxation): Checked {
  const guess = relaxed?.kind === 'guess';
  const documented = documentedResponse(contract, match, ex.status);
  if (!documented) {
    const listed = Object.keys(match.op.raw.responses);
    const status: Finding = { kind: 'status', expected: `one of ${listed.join(', ')}`, got: String(ex.status) };
    if (!guess) return { findings: [status], unverified: [] };
    if (ex.status < 400) return { findings: [], unverified: [status] };
    // The error envelope stays a fact: the answer must fit one of the declared error responses.
    const tries = listed
      .filter((key) => /^[45]/.test(key))
      .map((key) => {
        const response = documentedResponse(contract, match, key.startsWith('5') ? 500 : Number(key))!;
        return checkAnswer(contract, schemas, { ...response, key: `${key} (declared error responses)` }, ex);
      });
    const fits = tries.find((t) => !t.findings.length);
    return { findings: fits || !tries.length ? [] : tries[0].findings, unverified: [status], body: fits?.body };
  }
  const checked = checkAnswer(contract, schemas, documented, ex);
  if (!guess || ex.status >= 400) return { ...checked, unverified: [] };
  const unshown = (f: Finding) => f.kind === 'content-type' || f.kind === 'schema';
  return { findings: checked.findings.filter((f) => !unshown(f)), unverified: checked.findings.filter(unshown), body: checked.body };
}

function checkAnswer(
  contract: Contract,
  schemas: Schemas,
  documented: { key: string; ref: string; response: Response },
  ex: Observed,
): { findings: Finding[]; body?: unknown } {
  const findings: Finding[] = [];
  const { response, ref, key } = documented;
  for (const [name, node] of Object.entries(response.headers ?? {})) {
    const header = contract.deref(node as object) as { required?: boolean; schema?: { type?: string } };
    const value = ex.responseHeaders[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) findings.push({ kind: 'header', expected: `header ${name} (required on ${key})`, got: 'absent' });
      continue;
    }
    const text = String(Array.isArray(value) ? value[0] : value).trim();
    if (header.schema?.type === 'integer' && !/^-?\d+$/.test(text))
      findings.push({ kind: 'header', expected: `${name} an integer`, got: JSON.stringify(text) });
  }

  const content = response.content ?? {};
  const declared = Object.keys(content);
  if (!declared.length || !ex.responseBody.length) return { findings };
  const type = mediaType(ex.responseHeaders['content-type']);
  const media = declared.find((d) => mediaMatches(d, type));
  if (!media) {
    findings.push({ kind: 'content-type', expected: declared.join(' or '), got: type || 'none' });
    return { findings };
  }
  if (!/json/.test(media)) return { findings };
  let body: unknown;
  try {
    body = JSON.parse(ex.responseBody.toString('utf8'));
  } catch {
    findings.push({ kind: 'schema', expected: 'a JSON body', got: `unparseable: ${ex.responseBody.toString('utf8').slice(0, 80)}` });
    return { findings };
  }
  if ((content[media] as { schema?: unknown }).schema !== undefined) {
    const problem = schemas.check(extendPointer(ref, 'content', media, 'schema'), body);
    if (problem) findings.push({ kind: 'schema', expected: `a ${key} body valid against the contract`, got: problem });
  }
  return { findings, body };
}
