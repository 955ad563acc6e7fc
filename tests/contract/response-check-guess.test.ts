// The answer check (lib/contract/response-check.ts) on an operation the source does not show (a
// guess): which status keys an answer's status falls under, what stays a fact there (the error
// envelope of a declared error response, a status under 400 not documented is only unverified,
// headers), and what is spared (a success's content type and body). Each test builds its own
// subject, so that each mutant of the check is reached by the test that decides it.
import { describe, expect, it } from 'vitest';
import { checkAnswer, type ObservedAnswer, type Relaxation, Validators } from '../../lib/contract/index.js';

const envelope = (code: string) => ({
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code'], properties: { code: { const: code } } } },
});
const json = (schema: object) => ({ 'application/json': { schema } });

/** One operation with these responses, its validators and its entry. */
function subject(responses: Record<string, object>) {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'guess', version: '1' },
    paths: { '/thing': { get: { operationId: 'getThing', responses } } },
  };
  const validators = Validators.of(doc);
  return { validators, entry: validators.model.operation('getThing') };
}

const guess: Relaxation = {
  operationId: 'getThing',
  label: 'GET /thing',
  kind: 'guess',
  requestUnknown: true,
  reason: 'not shown',
  charges: false,
};

/** An answer with a status, lower-case headers and, when given, a body. */
const answer = (status: number, headers: Record<string, string> = {}, body?: unknown): ObservedAnswer => ({
  status,
  header: (name) => headers[name],
  hasBody: body !== undefined,
  text: () => (typeof body === 'string' ? body : JSON.stringify(body)),
});
const jsonAnswer = (status: number, body: unknown) => answer(status, { 'content-type': 'application/json' }, body);

describe('which documented key an answer falls under', () => {
  it('takes the NXX range when the exact status is not documented', () => {
    const { validators, entry } = subject({ '2XX': { description: 'ok', content: json({ type: 'object', required: ['id'] }) } });
    const check = checkAnswer(validators, entry, jsonAnswer(201, {}));
    expect(check.findings.map((f) => f.expected)).toStrictEqual(['a 2XX body valid against the contract']);
  });

  it('takes a lower-case nxx range too', () => {
    const { validators, entry } = subject({ '2xx': { description: 'ok', content: json({ type: 'object', required: ['id'] }) } });
    expect(checkAnswer(validators, entry, jsonAnswer(204, {})).findings[0].expected).toBe('a 2xx body valid against the contract');
  });

  it('takes `default` when neither the status nor its range is documented', () => {
    const { validators, entry } = subject({ default: { description: 'any', content: json({ type: 'object', required: ['id'] }) } });
    expect(checkAnswer(validators, entry, jsonAnswer(418, {})).findings[0].expected).toBe('a default body valid against the contract');
  });

  it("names the body 'body' in the validator's text", () => {
    const { validators, entry } = subject({ '200': { description: 'ok', content: json({ type: 'object', required: ['id'] }) } });
    expect(checkAnswer(validators, entry, jsonAnswer(200, {})).findings[0].got).toMatch(/^body must have required property 'id'/);
  });

  it('accepts any JSON body where the documented JSON type has no schema', () => {
    const { validators, entry } = subject({ '200': { description: 'ok', content: { 'application/json': {} } } });
    expect(checkAnswer(validators, entry, jsonAnswer(200, [1]))).toStrictEqual({ findings: [], unverified: [], body: [1] });
  });
});

describe('headers', () => {
  it('leaves a header alone whose schema is not an integer', () => {
    const { validators, entry } = subject({ '200': { description: 'ok', headers: { 'X-Trace': { schema: { type: 'string' } } } } });
    expect(checkAnswer(validators, entry, answer(200, { 'x-trace': 'abc' })).findings).toStrictEqual([]);
  });

  it('leaves a header alone that has content instead of a schema', () => {
    const header = { content: { 'text/plain': { schema: { type: 'string' } } } };
    const { validators, entry } = subject({ '200': { description: 'ok', headers: { 'X-Note': header } } });
    expect(checkAnswer(validators, entry, answer(200, { 'x-note': 'hi' })).findings).toStrictEqual([]);
  });
});

describe('a guessed operation', () => {
  const errors = {
    '404': { description: 'gone', content: json(envelope('GONE')) },
    '5XX': { description: 'down', content: json(envelope('DOWN')) },
  };

  it('spares an undocumented status under 400, whatever its body', () => {
    const { validators, entry } = subject({ '200': { description: 'ok' }, ...errors });
    const check = checkAnswer(validators, entry, jsonAnswer(302, { moved: true }), guess);
    expect(check).toStrictEqual({ findings: [], unverified: [{ kind: 'status', expected: 'one of 200, 404, 5XX', got: '302' }] });
  });

  it('judges an undocumented 400 against the declared error responses', () => {
    const { validators, entry } = subject({ '200': { description: 'ok' }, ...errors });
    const check = checkAnswer(validators, entry, jsonAnswer(400, { error: { code: 'OTHER' } }), guess);
    expect(check.findings.map((f) => f.expected)).toStrictEqual(['a 404 (declared error responses) body valid against the contract']);
    expect(check.unverified).toStrictEqual([{ kind: 'status', expected: 'one of 200, 404, 5XX', got: '400' }]);
  });

  it('accepts an undocumented error that fits a declared 4XX error response, and returns its body', () => {
    const { validators, entry } = subject({ '200': { description: 'ok' }, ...errors });
    const body = { error: { code: 'GONE' } };
    expect(checkAnswer(validators, entry, jsonAnswer(409, body), guess)).toMatchObject({ findings: [], body });
  });

  it('accepts an undocumented error that fits only the declared 5XX response', () => {
    const { validators, entry } = subject({ '200': { description: 'ok' }, ...errors });
    const body = { error: { code: 'DOWN' } };
    expect(checkAnswer(validators, entry, jsonAnswer(409, body), guess)).toMatchObject({ findings: [], body });
  });

  it('does not count a success key that contains a 4 as a declared error response', () => {
    const { validators, entry } = subject({ '204': { description: 'none' }, '404': errors['404'] });
    const check = checkAnswer(validators, entry, jsonAnswer(409, { error: { code: 'OTHER' } }), guess);
    expect(check.findings).toHaveLength(1);
  });

  it('accepts an undocumented error when the operation declares no error response', () => {
    const { validators, entry } = subject({ '200': { description: 'ok' } });
    expect(checkAnswer(validators, entry, jsonAnswer(409, { any: 1 }), guess).findings).toStrictEqual([]);
  });

  it("spares a documented success's content type and body but keeps its header findings", () => {
    const headers = { 'X-RateLimit-Remaining': { schema: { type: 'integer' } } };
    const { validators, entry } = subject({ '200': { description: 'ok', headers, content: json({ type: 'object', required: ['id'] }) } });
    const wrongType = checkAnswer(
      validators,
      entry,
      answer(200, { 'content-type': 'text/html', 'x-ratelimit-remaining': 'x' }, '<p>'),
      guess,
    );
    expect(wrongType.findings.map((f) => f.kind)).toStrictEqual(['header']);
    expect(wrongType.unverified.map((f) => f.kind)).toStrictEqual(['content-type']);
    const wrongBody = checkAnswer(validators, entry, jsonAnswer(200, {}), guess);
    expect(wrongBody.findings).toStrictEqual([]);
    expect(wrongBody.unverified.map((f) => f.kind)).toStrictEqual(['schema']);
  });

  it('judges a documented 400 in full', () => {
    const { validators, entry } = subject({ '400': { description: 'bad', content: json(envelope('BAD')) } });
    const check = checkAnswer(validators, entry, answer(400, { 'content-type': 'text/html' }, '<p>'), guess);
    expect(check.findings.map((f) => f.kind)).toStrictEqual(['content-type']);
    expect(check.unverified).toStrictEqual([]);
  });
});
