// The contract's router (lib/contract/request.ts): one request read once into one value.
import { describe, expect, it } from 'vitest';
import { ContractModel, RequestRouter, routeRequest } from '../../lib/contract/index.js';

const contract = ContractModel.load();
const router = new RequestRouter(contract.operations(), '/v2');

describe('routeRequest', () => {
  it('names the operation with its decoded path parameters, the method in upper case, under the base path', () => {
    const request = routeRequest(router, { method: 'get', url: '/v2/faceless/a%20b', headers: {} });
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/faceless/a%20b');
    expect(request.operation?.id).toBe('getFacelessVideo');
    expect(request.params).toEqual({ faceless: 'a b' });
  });

  it('reads the query once: one value per name, the list of a repeated name', () => {
    const request = routeRequest(router, { method: 'GET', url: '/v2/faceless/options?only=a&only=b&page=2&empty=', headers: {} });
    expect(request.query).toEqual({ only: ['a', 'b'], page: '2', empty: '' });
    expect(routeRequest(router, { method: 'GET', url: '/v2/me', headers: {} }).query).toEqual({});
  });

  it('says why there is no operation: outside the base path, 404, or 405 with the methods the path allows', () => {
    const outside = routeRequest(router, { method: 'GET', url: '/me', headers: {} });
    expect([outside.path, outside.match.kind, outside.operation]).toEqual([undefined, 'not-found', undefined]);
    expect(routeRequest(router, { method: 'GET', url: '/v2/no-such-thing', headers: {} }).match.kind).toBe('not-found');
    const wrongMethod = routeRequest(router, { method: 'PUT', url: '/v2/me', headers: {} }).match;
    expect(wrongMethod.kind === 'method-not-allowed' && wrongMethod.allow).toContain('GET');
  });

  it("carries the caller's Prefer and Accept as sent, and tells a CORS preflight from a plain OPTIONS", () => {
    const headers = { prefer: 'code=404', accept: 'application/json' };
    const asked = routeRequest(router, { method: 'GET', url: '/v2/me', headers });
    expect([asked.prefer, asked.accept]).toEqual(['code=404', 'application/json']);
    const preflight = { origin: 'http://app.local', 'access-control-request-method': 'POST' };
    expect(routeRequest(router, { method: 'options', url: '/v2/me', headers: preflight }).preflight).toBe(true);
    expect(routeRequest(router, { method: 'OPTIONS', url: '/v2/me', headers: { origin: 'http://app.local' } }).preflight).toBe(false);
  });
});
