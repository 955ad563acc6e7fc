// The proxy's findings keep what reproduces them (issue #52, point B): report.html's "Reproduce"
// line of a proxy violation sends the same query string and body again, a body over 4 KB is cut
// and said so, and no credential is kept: no Authorization, no secret-named query parameter or
// JSON field. The curl line is read back as a shell would (requestFromCurl).
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { Checker } from '../../qa/checker/checker.js';
import { RECORDED_BODY_CAP } from '../../qa/checker/exchange-request.js';
import type { Observed } from '../../qa/checker/types.js';
import { requestFromCurl } from '../../qa/report/curl.js';
import { runReportFromProxy } from '../../qa/report/from-proxy.js';

const contract = ContractModel.load();
const TOKEN = 'Bearer real-secret-token';
const TARGET = 'https://staging.example.test/v2';

function exchange(method: string, pathAndQuery: string, status: number, body?: unknown): Observed {
  const url = new URL(`http://x${pathAndQuery}`);
  return {
    method,
    path: url.pathname,
    query: url.searchParams,
    requestHeaders: { authorization: TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    requestBody: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
    status,
    responseHeaders: { 'content-type': 'application/json' },
    // No rate-limit headers: every answer is a violation (header), whatever the operation.
    responseBody: Buffer.from('{"data":{}}'),
    at: Date.now(),
  };
}

/** The report.html failures of a proxy session that saw these exchanges. */
function failures(...exchanges: Observed[]) {
  const checker = new Checker({ contract });
  for (const ex of exchanges) checker.check(ex);
  const info = { target: TARGET, startedAt: new Date(0).toISOString(), seconds: 1, reportDir: '/tmp/r', failed: true, because: [] };
  const report = runReportFromProxy(checker.report(), info);
  return { report, json: JSON.stringify({ report, checker: checker.report() }) };
}

describe('a proxy finding reproduces', () => {
  it('with its query string and its JSON body, secrets redacted and no Authorization kept', () => {
    const body = { type: 'b-roll', title: "it's here", api_key: 'body-secret', nested: { password: 'pw-secret' } };
    const { report, json } = failures(
      exchange('GET', '/credits/history?per_page=5&page=2&access_token=query-secret', 200),
      exchange('POST', '/faceless?x=1', 201, body),
    );
    const get = report.failures.find((f) => f.operation.startsWith('GET /credits/history'));
    const post = report.failures.find((f) => f.operation.startsWith('POST /faceless'));
    expect(requestFromCurl(get!.curl!)).toMatchObject({
      method: 'GET',
      path: '/credits/history?per_page=5&page=2&access_token=%3Credacted%3E',
    });
    expect(get!.request?.path).toBe('/credits/history?per_page=5&page=2&access_token=%3Credacted%3E');
    const sent = requestFromCurl(post!.curl!);
    expect(sent).toMatchObject({ method: 'POST', path: '/faceless?x=1', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(sent!.body!)).toEqual({ ...body, api_key: '<redacted>', nested: { password: '<redacted>' } });
    for (const secret of ['real-secret-token', 'query-secret', 'body-secret', 'pw-secret']) expect(json).not.toContain(secret);
  });

  it(`a body over ${RECORDED_BODY_CAP} bytes is cut there, and the reproduction says so`, () => {
    const big = { type: 'b-roll', title: 'x'.repeat(10_000) };
    const { report } = failures(exchange('POST', '/faceless', 201, big));
    const curl = report.failures[0].curl!;
    expect(curl).toContain(`# the body was cut: the first ${RECORDED_BODY_CAP} of ${JSON.stringify(big).length} bytes are kept`);
    const sent = requestFromCurl(curl.split('   #')[0]);
    expect(Buffer.byteLength(sent!.body!)).toBe(RECORDED_BODY_CAP);
  });
});
