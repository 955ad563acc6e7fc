// `replay --shrink` leaves parts of a still-failing request out one at a time and keeps each that
// the failure does not need; a case about accepted invalid input is never shrunk.
import { describe, expect, it } from 'vitest';
import { oneSmaller, shrink } from '../../qa/conformance/replay-shrink.js';
import type { ReportFailure } from '../../qa/report/model.js';

const failure = (kind: string, path: string, body?: unknown): ReportFailure => ({
  id: 'c1',
  source: 'schemathesis',
  kind,
  operation: `POST ${path}`,
  title: 'made for the test',
  contract: '',
  got: '',
  request: {
    method: 'POST',
    path,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  },
});

/** A target that fails (with one reason) exactly while the body keeps `topic`. */
const needsTopic = async (c: ReportFailure) =>
  JSON.parse(c.request?.body ?? '{}').topic === undefined ? { verdict: 'passes' } : { verdict: 'fails', why: 'answered 500' };

describe('replay --shrink', () => {
  it('one part smaller: each query parameter and each top-level body field left out in turn', () => {
    const smaller = oneSmaller(failure('ST107', '/faceless?a=1&b=2', { type: 'b-roll', topic: 'x' }).request!);
    expect(smaller.map((s) => s.dropped)).toEqual(['query a', 'query b', 'body field type', 'body field topic']);
    expect(smaller[1].request.path).toBe('/faceless?a=1');
    expect(smaller[2].request.body).toBe('{"topic":"x"}');
  });

  it('keeps only what the failure needs: the field it fails on stays, the query and the other fields go', async () => {
    const shrunk = await shrink(
      failure('5XX', '/faceless?debug=1', { type: 'b-roll', topic: 'x', extra: [1, 2] }),
      'answered 500',
      needsTopic,
    );
    expect(shrunk.request.path).toBe('/faceless');
    expect(JSON.parse(shrunk.request.body!)).toEqual({ topic: 'x' });
    expect(shrunk.dropped).toEqual(['query debug', 'body field type', 'body field extra']);
  });

  it('keeps a part whose absence fails for another reason', async () => {
    const otherReason = async (c: ReportFailure) => ({
      verdict: 'fails',
      why: c.request?.path.includes('?') ? 'answered 500' : 'answered 502',
    });
    const shrunk = await shrink(failure('5XX', '/faceless?debug=1'), 'answered 500', otherReason);
    expect(shrunk.request.path).toBe('/faceless?debug=1');
    expect(shrunk.dropped).toEqual([]);
  });

  it('never shrinks an accepted invalid input: leaving a part out could make it valid', async () => {
    let sent = 0;
    const shrunk = await shrink(
      failure('ST201', '/faceless', { type: 7, topic: 'x' }),
      'answered 200 to input the contract refuses',
      async () => {
        sent++;
        return { verdict: 'fails', why: 'answered 200 to input the contract refuses' };
      },
    );
    expect(sent).toBe(0);
    expect(shrunk.dropped).toEqual([]);
  });
});
