// The schema rules of the contract diff (scripts/diff/schema-rules.ts) on changes the corpus cannot
// make the library report as such (tests/fixtures/diff-corpus/ holds the ones it can): a change is
// handed to the rules as api-smart-diff hands it (its keys, action, values and its own class), and
// the verdict and the sentence are what `npm run diff` prints after the operation's label.
import { describe, expect, it } from 'vitest';
import { type Diff, schemaChange, show, target } from '../../scripts/diff/schema-rules.js';
import type { Location } from '../../scripts/diff/locate.js';
import type { RuleContext } from '../../scripts/diff/types.js';

const BODY = ['paths', '/clips', 'post', 'requestBody', 'content', 'application/json', 'schema'];
const ANSWER = ['paths', '/clips', 'get', 'responses', '200', 'content', 'application/json', 'schema'];

/** A change at `inSchema` inside the request body of POST /clips, or the 200 answer of GET /clips. */
function at(direction: 'request' | 'response', inSchema: string[]): { loc: Location; keys: string[] } {
  const root = direction === 'request' ? BODY : ANSWER;
  const rest = root.slice(3).concat(inSchema);
  const label = direction === 'request' ? 'POST /clips' : 'GET /clips';
  const subject = direction === 'request' ? 'request body (application/json)' : 'response 200';
  return { loc: { label, rest, inSchema, direction, subject }, keys: [...root, ...inSchema] };
}

const NONE: RuleContext = { merged: {}, changed: new Set(), added: new Set(), removed: new Set() };

function judge(direction: 'request' | 'response', inSchema: string[], change: Omit<Diff, 'keys' | 'fallback'> & Partial<Diff>) {
  const { loc, keys } = at(direction, inSchema);
  return schemaChange(loc, { keys, fallback: 'non-breaking', ...change }, NONE);
}

describe('a value in a message', () => {
  it('is shown whole up to 60 characters and cut to 57 and an ellipsis beyond', () => {
    const sixty = 'x'.repeat(58);
    expect(show(sixty)).toBe(`\`"${sixty}"\``);
    expect(show(`${sixty}y`)).toBe(`\`"${'x'.repeat(56)}...\``);
  });

  it('says `undefined` for a value that is not there', () => {
    expect(show(undefined)).toBe('`undefined`');
  });
});

describe('where a change is, in words', () => {
  it('a field inside a parameter schema is named with the parameter', () => {
    const loc: Location = {
      label: 'GET /clips',
      rest: ['parameters', '0', 'schema', 'properties', 'tone', 'maxLength'],
      inSchema: ['properties', 'tone', 'maxLength'],
      direction: 'request',
      subject: 'query parameter `filter`',
    };
    expect(target(loc, ['properties', 'tone'])).toBe('field `tone` of query parameter `filter`');
  });

  it('a field inside a response header schema is named with the header', () => {
    const loc: Location = {
      label: 'GET /clips',
      rest: ['responses', '200', 'headers', 'X-Page', 'schema', 'properties', 'next'],
      inSchema: ['properties', 'next'],
      direction: 'response',
      subject: 'response 200 header `X-Page`',
    };
    expect(target(loc, ['properties', 'next'])).toBe('field `next` of response 200 header `X-Page`');
  });
});

describe('a property node replaced (a schema became `true` or `false`)', () => {
  it('is breaking in a request and says the field is replaced', () => {
    expect(judge('request', ['properties', 'tone'], { action: 'replace', before: { type: 'string' }, after: false })).toEqual({
      class: 'breaking',
      message: 'Request field `tone` is replaced',
    });
  });
});

describe('an alternative of a combinator replaced in place', () => {
  it('is breaking both ways and says it changes', () => {
    for (const direction of ['request', 'response'] as const)
      expect(
        judge(direction, ['properties', 'status', 'anyOf', '1'], {
          action: 'replace',
          before: { type: 'null' },
          after: { type: 'integer' },
        }),
      ).toEqual({
        class: 'breaking',
        message: `${direction === 'request' ? 'Request field `status`' : 'Response field `status` (200)'} changes an anyOf alternative`,
      });
  });

  it('an allOf alternative removed lets more through: safe in a request, breaking in a response', () => {
    const removed = { action: 'remove', before: { required: ['id'] } };
    expect(judge('request', ['allOf', '1'], removed)).toEqual({
      class: 'non-breaking',
      message: 'The request body loses an allOf alternative',
    });
    expect(judge('response', ['allOf', '1'], removed)).toEqual({
      class: 'breaking',
      message: 'The response 200 body loses an allOf alternative',
    });
  });
});

describe('a whole `properties` or `items` keyword', () => {
  it('added to a request narrows what is accepted: breaking', () => {
    expect(judge('request', ['properties'], { action: 'add', after: { tone: { type: 'string' } } })).toEqual({
      class: 'breaking',
      message: 'The request body gains its properties',
    });
  });

  it('added to a response only says more: non-breaking', () => {
    expect(judge('response', ['properties', 'tags', 'items'], { action: 'add', after: { type: 'string' } })).toEqual({
      class: 'non-breaking',
      message: 'Response field `tags[]` (200) gains its items',
    });
  });

  it('removed or replaced, breaking both ways', () => {
    expect(judge('response', ['properties'], { action: 'remove', before: {} })).toEqual({
      class: 'breaking',
      message: 'The response 200 body loses its properties',
    });
    expect(judge('request', ['properties', 'tags', 'items'], { action: 'replace', before: {}, after: true })).toEqual({
      class: 'breaking',
      message: 'Request field `tags[]` changes its items',
    });
  });
});

describe('a limit whose values are not both numbers', () => {
  it('an exclusiveMaximum from `true` (OpenAPI 3.0) to a number is said as a change, breaking', () => {
    expect(judge('request', ['properties', 'n', 'exclusiveMaximum'], { action: 'replace', before: true, after: 10 })).toEqual({
      class: 'breaking',
      message: 'The exclusiveMaximum of request field `n` changes from `true` to `10`',
    });
  });

  it('a maximum from a number to something else is said as a change, breaking', () => {
    expect(judge('response', ['properties', 'n', 'maximum'], { action: 'replace', before: 10, after: '10' })).toEqual({
      class: 'breaking',
      message: 'The maximum of response field `n` (200) changes from `10` to `"10"`',
    });
  });
});

describe('a required entry replaced in place', () => {
  it('is breaking and says the required fields change', () => {
    expect(judge('request', ['required', '0'], { action: 'replace', before: 'title', after: 'duration' })).toEqual({
      class: 'breaking',
      message: 'The required fields of the request body change',
    });
  });
});

describe('nullable and additionalProperties taken back', () => {
  it('a response field that may no longer be null: non-breaking', () => {
    expect(judge('response', ['properties', 'n', 'nullable'], { action: 'remove', before: true })).toEqual({
      class: 'non-breaking',
      message: 'Response field `n` (200) may no longer be null',
    });
  });

  it('a request body that allows other properties again: non-breaking', () => {
    expect(judge('request', ['additionalProperties'], { action: 'remove', before: false })).toEqual({
      class: 'non-breaking',
      message: 'The request body allows other properties',
    });
  });

  it('additionalProperties given as a schema is left to the library, named as a keyword', () => {
    expect(judge('request', ['additionalProperties'], { action: 'add', after: { type: 'string' }, fallback: 'breaking' })).toEqual({
      class: 'breaking',
      message: 'The request body: additionalProperties added',
    });
  });
});

describe('a whole enum reported as one change', () => {
  it('removed from a response lets any value through: breaking', () => {
    expect(judge('response', ['properties', 'tone', 'enum'], { action: 'remove', before: ['calm', 'bold'] })).toEqual({
      class: 'breaking',
      message: 'Response field `tone` (200) is no longer limited to `["calm","bold"]`',
    });
  });
});

describe('a deprecation taken back', () => {
  it('is non-breaking and says the field is no longer deprecated', () => {
    expect(judge('response', ['properties', 'name', 'deprecated'], { action: 'remove', before: true })).toEqual({
      class: 'non-breaking',
      message: 'Response field `name` (200) is no longer deprecated',
    });
  });
});

describe('a keyword the rules do not know', () => {
  it('takes the library class, and says removed or changes', () => {
    expect(judge('request', ['properties', 'a', 'readOnly'], { action: 'remove', before: true, fallback: 'non-breaking' })).toEqual({
      class: 'non-breaking',
      message: 'Request field `a`: readOnly removed',
    });
    expect(
      judge('response', ['properties', 'a', 'contentEncoding'], {
        action: 'replace',
        before: 'base64',
        after: 'base32',
        fallback: 'breaking',
      }),
    ).toEqual({
      class: 'breaking',
      message: 'Response field `a` (200): contentEncoding changes',
    });
  });
});

describe('an enum value that is not text', () => {
  it('is shown as JSON', () => {
    const { loc, keys } = at('request', ['properties', 'size', 'enum', '1']);
    const merged = {
      paths: {
        '/clips': {
          post: { requestBody: { content: { 'application/json': { schema: { properties: { size: { enum: [{ w: 1 }, { w: 2 }] } } } } } } },
        },
      },
    };
    const ctx: RuleContext = { ...NONE, merged };
    expect(schemaChange(loc, { keys, action: 'add', after: { w: 2 }, fallback: 'non-breaking' }, ctx)).toEqual({
      class: 'non-breaking',
      message: 'Added request enum value `{"w":2}` of request field `size`',
    });
  });
});
