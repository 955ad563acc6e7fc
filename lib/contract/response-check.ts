// An answer against the contract, the one rule the proxy's checker and the client's validate entry
// run: the status is documented for the operation (exact code, then its NXX range, then `default`),
// every header the contract marks required is there (X-RateLimit-*), the content type is one
// documented for that status, and a JSON body validates against its schema (compiled once, by
// lib/contract/validators.ts). The contract is lenient where the source is silent (x-unspecified:
// a `2XX` key where the status is not shown, no required field where the body is not shown), so
// validating against it as written never turns a guess into a failure; where the operation itself
// is a guess, the shared leniency rule (lib/contract/leniency.ts) narrows what is judged.
// Imports nothing of Node: the client loads it in browsers.
import { withArticle } from './article.js';
import type { BundleModel, ContractOperation } from './bundle-model.js';
import type { Relaxation } from './leniency.js';
import { headerMediaType, mediaMatches } from './media-type.js';
import type { Response } from './openapi.js';
import { extendPointer, fragmentPointer } from './pointer.js';
import { schemaErrorMessage } from './schema-messages.js';
import type { Validators } from './validators.js';

/** One error of a schema's validator: where in the body, which rule (the JSON Schema keyword), its text. */
export interface SchemaProblem {
  /** JSON pointer into the body (`/credits`); '' for the body itself. */
  pointer: string;
  keyword: string;
  message: string;
}

export interface AnswerFinding {
  kind: 'status' | 'header' | 'content-type' | 'schema';
  expected: string;
  got: string;
  /** A body the schema refuses: each of the validator's errors. */
  problems?: SchemaProblem[];
}

/** One answer as the check reads it. */
export interface ObservedAnswer {
  status: number;
  /** A header's value by lower-case name (the first of a repeated one). */
  header(name: string): string | undefined;
  hasBody: boolean;
  /** The body as text: read only when the documented type is JSON. */
  text(): string;
  /**
   * The body's JSON, parsed once by whoever observed the answer and kept (`parsed: false`: not
   * JSON). Without it the check parses text() itself.
   */
  json?(): ParsedBody;
}

/** A body read as JSON, or the word that it is not JSON. */
export type ParsedBody = { parsed: true; value: unknown } | { parsed: false };

/** Parses a body's text as JSON. */
export function parseJsonBody(text: string): ParsedBody {
  try {
    return { parsed: true, value: JSON.parse(text) };
  } catch {
    return { parsed: false };
  }
}

/** What the check found; where the operation is a guess, what it spared is `unverified`. */
export interface AnswerCheck {
  findings: AnswerFinding[];
  unverified: AnswerFinding[];
  /** The parsed JSON body, when there was one. */
  body?: unknown;
}

interface Documented {
  key: string;
  ref: string;
  response: Response;
}

/** The documented response key for a status, and where its schema lives. */
export function documentedResponse(model: BundleModel, entry: ContractOperation, status: number): Documented | undefined {
  const responses = entry.operation.responses as Record<string, { $ref?: string }>;
  const code = String(status);
  const key = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => responses[k]);
  if (!key) return undefined;
  const ref = responses[key].$ref ?? fragmentPointer(['paths', entry.path, entry.method, 'responses', key]);
  return { key, ref, response: model.deref(responses[key] as Response) };
}

/**
 * `relaxed`: the operation's entry in the shared leniency rule, if any. On a guessed operation only
 * the rate-limit headers and the error envelope are judged: a status the guess does not document,
 * and a success answer's content type and body, are unverified; an error status it does not
 * document is judged against the operation's declared error responses.
 */
export function checkAnswer(validators: Validators, entry: ContractOperation, answer: ObservedAnswer, relaxed?: Relaxation): AnswerCheck {
  const guess = relaxed?.kind === 'guess';
  const documented = documentedResponse(validators.model, entry, answer.status);
  if (!documented) {
    const listed = Object.keys(entry.operation.responses);
    const status: AnswerFinding = { kind: 'status', expected: `one of ${listed.join(', ')}`, got: String(answer.status) };
    if (!guess) return { findings: [status], unverified: [] };
    if (answer.status < 400) return { findings: [], unverified: [status] };
    // The error envelope stays a fact: the answer must fit one of the declared error responses.
    const tries = listed
      .filter((key) => /^[45]/.test(key))
      .map((key) => {
        const response = documentedResponse(validators.model, entry, key.startsWith('5') ? 500 : Number(key))!;
        return checkDocumented(validators, { ...response, key: `${key} (declared error responses)` }, answer);
      });
    const fits = tries.find((t) => !t.findings.length);
    return { findings: fits || !tries.length ? [] : tries[0].findings, unverified: [status], body: fits?.body };
  }
  const checked = checkDocumented(validators, documented, answer);
  if (!guess || answer.status >= 400) return { ...checked, unverified: [] };
  const unshown = (f: AnswerFinding) => f.kind === 'content-type' || f.kind === 'schema';
  return { findings: checked.findings.filter((f) => !unshown(f)), unverified: checked.findings.filter(unshown), body: checked.body };
}

function headerFindings(model: BundleModel, { response, key }: Documented, answer: ObservedAnswer): AnswerFinding[] {
  const findings: AnswerFinding[] = [];
  for (const [name, node] of Object.entries(response.headers ?? {})) {
    const header = model.deref(node as object) as { required?: boolean; schema?: { type?: string } };
    const value = answer.header(name.toLowerCase());
    if (value === undefined) {
      if (header.required) findings.push({ kind: 'header', expected: `header ${name} (required on ${key})`, got: 'absent' });
      continue;
    }
    const text = value.trim();
    if (header.schema?.type === 'integer' && !/^-?\d+$/.test(text))
      findings.push({ kind: 'header', expected: `${name} an integer`, got: JSON.stringify(text) });
  }
  return findings;
}

function checkDocumented(
  validators: Validators,
  documented: Documented,
  answer: ObservedAnswer,
): { findings: AnswerFinding[]; body?: unknown } {
  const findings = headerFindings(validators.model, documented, answer);
  const { response, ref, key } = documented;
  const content = response.content ?? {};
  const declared = Object.keys(content);
  if (!declared.length || !answer.hasBody) return { findings };
  const type = headerMediaType(answer.header('content-type'));
  const media = declared.find((d) => mediaMatches(d, type));
  if (!media) {
    findings.push({ kind: 'content-type', expected: declared.join(' or '), got: type || 'none' });
    return { findings };
  }
  if (!/json/.test(media)) return { findings };
  const read = answer.json ? answer.json() : parseJsonBody(answer.text());
  if (!read.parsed) {
    findings.push({ kind: 'schema', expected: 'a JSON body', got: `unparseable: ${answer.text().slice(0, 80)}` });
    return { findings };
  }
  const body = read.value;
  if (content[media].schema !== undefined) {
    const validate = validators.schema(extendPointer(ref, 'content', media, 'schema'));
    if (!validate(body)) {
      const problems = (validate.errors ?? []).map((e) => ({
        pointer: e.instancePath,
        keyword: e.keyword,
        message: schemaErrorMessage(e),
      }));
      const got = validators.errorsText(validate, 'body');
      findings.push({ kind: 'schema', expected: `${withArticle(key)} body valid against the contract`, got, problems });
    }
  }
  return { findings, body };
}
