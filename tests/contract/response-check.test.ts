// The answer check (lib/contract/response-check.ts) called directly, on a small OpenAPI 3.1
// document: what it reports for a header that is not the integer the contract says, a content type
// the status does not document, a documented type that is not JSON, and a JSON body that does not parse.
import { describe, expect, it } from 'vitest';
import { checkAnswer, type ObservedAnswer, Validators } from '../../lib/contract/index.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 'answer check', version: '1' },
  paths: {
    '/report': {
      get: {
        operationId: 'getReport',
        responses: {
          '200': {
            description: 'the report',
            headers: { 'X-RateLimit-Remaining': { schema: { type: 'integer' } } },
            content: {
              'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
              'text/csv': { schema: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

const validators = Validators.of(doc);
const entry = validators.model.operation('getReport');

/** A 200 answer with these headers (lower-case names) and, when given, this body text. */
const answer = (headers: Record<string, string>, body?: string): ObservedAnswer => ({
  status: 200,
  header: (name) => headers[name],
  hasBody: body !== undefined,
  text: () => body ?? '',
});

describe('checkAnswer', () => {
  it('reports a header the contract types as an integer that is not one', () => {
    expect(checkAnswer(validators, entry, answer({ 'x-ratelimit-remaining': ' 1.5 ' }))).toStrictEqual({
      findings: [{ kind: 'header', expected: 'X-RateLimit-Remaining an integer', got: '"1.5"' }],
      unverified: [],
    });
  });

  it('reports a content type the status does not document, with every documented one', () => {
    expect(checkAnswer(validators, entry, answer({ 'content-type': 'text/html; charset=utf-8' }, '<p>'))).toStrictEqual({
      findings: [{ kind: 'content-type', expected: 'application/json or text/csv', got: 'text/html' }],
      unverified: [],
    });
  });

  it("says 'none' when a body comes without a content type", () => {
    expect(checkAnswer(validators, entry, answer({}, '{}')).findings).toStrictEqual([
      { kind: 'content-type', expected: 'application/json or text/csv', got: 'none' },
    ]);
  });

  it('leaves a body of a documented type that is not JSON unread', () => {
    expect(checkAnswer(validators, entry, answer({ 'content-type': 'text/csv' }, 'id\n1'))).toStrictEqual({ findings: [], unverified: [] });
  });

  it("reports a JSON body that does not parse, with the text's first 80 characters", () => {
    const text = `{"id": ${'9'.repeat(100)}`;
    expect(checkAnswer(validators, entry, answer({ 'content-type': 'application/json' }, text))).toStrictEqual({
      findings: [{ kind: 'schema', expected: 'a JSON body', got: `unparseable: ${text.slice(0, 80)}` }],
      unverified: [],
    });
  });
});
