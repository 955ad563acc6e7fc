// The answer half of an exchange against the contract: the status is documented for the operation
// (exact code, then its NXX range, then `default`), every header the contract marks required is
// there (X-RateLimit-*), the content type is one documented for that status, and a JSON body
// validates against its schema. The contract is lenient where the source is silent (x-unspecified):
// validating against it as written never turns a guess into a failure.
import type { Contract } from '../../lib/contract/index.js';
import type { Match } from './match.js';
import { pointer, type Schemas } from './schemas.js';
import type { Observed } from './types.js';
import { mediaMatches, mediaType, type Finding } from './validate-request.js';

interface Response {
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}

/** The documented response key for a status, and where its schema lives. */
export function documentedResponse(contract: Contract, match: Match, status: number): { key: string; ref: string; response: Response } | undefined {
  const responses = match.op.raw.responses as Record<string, { $ref?: string }>;
  const code = String(status);
  const key = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => responses[k]);
  if (!key) return undefined;
  const ref = responses[key].$ref ?? pointer('paths', match.op.path, match.op.method, 'responses', key);
  return { key, ref, response: contract.deref(responses[key]) as Response };
}

export function validateResponse(contract: Contract, schemas: Schemas, match: Match, ex: Observed): { findings: Finding[]; body?: unknown } {
  const findings: Finding[] = [];
  const documented = documentedResponse(contract, match, ex.status);
  if (!documented) {
    const listed = Object.keys(match.op.raw.responses).join(', ');
    return { findings: [{ kind: 'status', expected: `one of ${listed}`, got: String(ex.status) }] };
  }
  const { response, ref, key } = documented;
  for (const [name, node] of Object.entries(response.headers ?? {})) {
    const header = contract.deref(node as object) as { required?: boolean; schema?: { type?: string } };
    const value = ex.responseHeaders[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) findings.push({ kind: 'header', expected: `header ${name} (required on ${key})`, got: 'absent' });
      continue;
    }
    const text = String(Array.isArray(value) ? value[0] : value).trim();
    if (header.schema?.type === 'integer' && !/^-?\d+$/.test(text)) findings.push({ kind: 'header', expected: `${name} an integer`, got: JSON.stringify(text) });
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
    const problem = schemas.check(`${ref}/content/${media.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`, body);
    if (problem) findings.push({ kind: 'schema', expected: `a ${key} body valid against the contract`, got: problem });
  }
  return { findings, body };
}
