// PROXY_BLOCK_CHARGES=1's decision (qa/proxy/block.ts) in process, for every operation of the
// contract: the ones marked x-credits.charges are answered by the proxy (403 PROXY-CHARGE-BLOCKED,
// naming the operation), every other one is forwarded; the decision holds in any letter case, under
// a method-override header and for an absolute-form target; a path whose meaning depends on how the
// target decodes it is refused (400 PROXY-AMBIGUOUS-PATH).
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { Checker } from '../../qa/checker/checker.js';
import { blockDecision, rawPath } from '../../qa/proxy/block.js';

const contract = ContractModel.load();
const checker = new Checker({ contract });
const match = (method: string, path: string) => checker.matchOperation(method, path);
const decide = (method: string, requestTarget: string, headers: Record<string, string> = {}) =>
  blockDecision({ method, requestTarget, headers, basePath: '/v2', match });

const concrete = (template: string) => template.replace(/\{[^}]+\}/g, '12');
const operations = contract.operations();
const charging = operations.filter((op) => op.credits?.charges);
const render = charging.find((op) => op.id === 'renderFacelessVideo')!;

describe('which operations are answered by the proxy', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s: blocked exactly when the contract says it charges', (_id, op) => {
    const decision = decide(op.method.toUpperCase(), `/v2${concrete(op.path)}`);
    expect(decision?.why).toBe(op.credits?.charges ? `${op.id} charges credits` : undefined);
  });

  it('the answer: 403 in the envelope with a code of the proxy, naming the operation', () => {
    const { answer } = decide('POST', '/v2/faceless/12/render')!;
    expect({ ...answer, body: JSON.parse(answer.body.toString()) }).toEqual({
      status: 403,
      statusText: 'Forbidden',
      headers: { 'content-type': 'application/json', 'x-proxy-blocked': 'renderFacelessVideo' },
      body: {
        message:
          'Not forwarded: renderFacelessVideo (POST /faceless/{faceless}/render) charges credits and the validating proxy runs with PROXY_BLOCK_CHARGES=1.',
        status: 403,
        error: { code: 'PROXY-CHARGE-BLOCKED' },
      },
    });
  });
});

describe('the path as a front server routes it', () => {
  it.each([
    '/V2/FACELESS/12/RENDER',
    '/v2/Faceless/12/render',
    '/v2//faceless/12/%72ender',
    '/v2/faceless/12/x/../render',
    '/v2/faceless/12/render?dry=1#top',
    'http://staging.example.test/v2/faceless/12/render',
    'HTTPS://staging.example.test:8443/v2/faceless/12/render?x=1',
  ])('%s is the render, and blocked', (target) => {
    expect(decide('POST', target)?.why).toBe(`${render.id} charges credits`);
  });

  it.each(['/v3/faceless/12/render', '/v2faceless/12/render', '/faceless/12/render', '/v2', '/'])(
    '%s is outside the API, and left to the target',
    (target) => {
      expect(decide('POST', target)).toBeUndefined();
    },
  );

  it.each([
    ['/v2/faceless%2F12/render', 'an encoded slash'],
    ['/v2/faceless/12/render%3Fx', '?'],
  ])('%s depends on the target: refused, not guessed', (target, why) => {
    const decision = decide('POST', target)!;
    expect(decision.why).toContain(why);
    expect(decision.answer.status).toBe(400);
    expect(decision.answer.statusText).toBe('Bad Request');
    expect(decision.answer.headers).toEqual({ 'content-type': 'application/json', 'x-proxy-answer': 'PROXY-AMBIGUOUS-PATH' });
    const body = JSON.parse(decision.answer.body.toString());
    expect(body).toEqual({
      message: `Not forwarded: the path contains ${decision.why}, so whether it is an operation that charges credits depends on the target; the validating proxy runs with PROXY_BLOCK_CHARGES=1 and does not guess.`,
      status: 400,
      error: { code: 'PROXY-AMBIGUOUS-PATH' },
    });
  });
});

describe('the method, and the headers some servers read as the method', () => {
  it.each(['x-http-method-override', 'x-http-method', 'x-method-override'])('a GET that %s makes a POST is blocked', (header) => {
    expect(decide('GET', '/v2/faceless/12/render', { [header]: 'post' })?.why).toBe(`${render.id} charges credits`);
  });

  it('a list of methods in an override header: any that charges blocks', () => {
    expect(decide('GET', '/v2/faceless/12/render', { 'x-http-method-override': 'GET, POST' })?.why).toBe(`${render.id} charges credits`);
    expect(decide('GET', '/v2/faceless/12/render', { 'x-http-method-override': ' , get' })).toBeUndefined();
  });

  it('a method in lower case is the same method', () => {
    expect(decide('post', '/v2/faceless/12/render')?.why).toBe(`${render.id} charges credits`);
    expect(decide('GET', '/v2/faceless/12/render')).toBeUndefined();
  });
});

describe('the raw path of a request target', () => {
  it.each([
    ['/v2/me?x=1', '/v2/me'],
    ['/v2/me#frag', '/v2/me'],
    ['http://h.test/v2/me', '/v2/me'],
    ['svn+ssh.1-x://h.test/v2/me', '/v2/me'],
    ['http://h.test', '/'],
    ['http://h.test?x=1', '/'],
    ['', '/'],
    ['/?q', '/'],
    // A scheme and authority are stripped only at the start.
    ['/v2/x://host/render', '/v2/x://host/render'],
  ])('%j is %j', (target, path) => {
    expect(rawPath(target)).toBe(path);
  });
});
