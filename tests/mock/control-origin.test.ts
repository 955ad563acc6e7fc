// Who may drive /__mock from a browser (mock/control/origin.ts), decided before the control plane
// sees the request: loopback origins on any port and those listed in MOCK_CONTROL_ORIGINS; writes
// only with a Content-Type a browser must preflight; a raw path with a dot segment is never routed.
import { describe, expect, it } from 'vitest';
import { controlOriginAllowed, controlWriteTypeAllowed, hasDotSegment, parseControlOrigins } from '../../mock/control/origin.js';

describe('the origins that may drive /__mock', () => {
  it.each(['http://localhost:5173', 'http://127.0.0.1:4010', 'https://localhost', 'http://[::1]:3000'])(
    'a loopback origin on any port or scheme of the web: %s',
    (origin) => {
      expect(controlOriginAllowed(origin, [])).toBe(true);
    },
  );

  it.each([
    'http://localhost.evil.example',
    'http://127.0.0.2:4010',
    'http://evil.example',
    'file://localhost',
    'ws://localhost:4010',
    'null',
    '',
  ])('any other origin, a look-alike or another scheme: %j', (origin) => {
    expect(controlOriginAllowed(origin, [])).toBe(false);
  });

  it('an origin MOCK_CONTROL_ORIGINS lists exactly, and no other', () => {
    const extra = parseControlOrigins(' https://app.example.test/ ,https://docs.example.test,, ');
    expect(extra).toEqual(['https://app.example.test', 'https://docs.example.test']);
    expect(controlOriginAllowed('https://app.example.test', extra)).toBe(true);
    expect(controlOriginAllowed('https://app.example.test:8443', extra)).toBe(false);
    expect(controlOriginAllowed('http://app.example.test', extra)).toBe(false);
  });

  it('no MOCK_CONTROL_ORIGINS, or an empty one, lists nothing', () => {
    expect(parseControlOrigins(undefined)).toEqual([]);
    expect(parseControlOrigins('')).toEqual([]);
    expect(parseControlOrigins(' , ')).toEqual([]);
  });
});

describe('the content types a control write may carry', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json ; charset=utf-8',
    'Application/JSON',
    'application/yaml',
    'application/x-yaml',
    'text/yaml',
    'text/x-yaml; charset=utf-8',
  ])('a type a browser preflights: %s', (type) => {
    expect(controlWriteTypeAllowed(type)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'text/yaml-ish',
    'image/yaml',
    'xtext/yaml',
  ])('a type a page may send without asking (or none): %j', (type) => {
    expect(controlWriteTypeAllowed(type)).toBe(false);
  });
});

describe('a raw path with a dot segment', () => {
  it.each([
    '/v2/../__mock/reset',
    '/v2/./me',
    '/v2/%2e%2e/__mock/reset',
    '/v2/%2E/me',
    '/v2/.%2e/__mock',
    '/v2\\..\\__mock',
    '/v2%2f..%2f__mock',
    '/v2%5C..',
    '/..',
  ])('is found: %s', (raw) => {
    expect(hasDotSegment(raw)).toBe(true);
  });

  it.each([
    '/v2/me',
    '/v2/files/clip.mp4',
    '/v2/...',
    '/v2/..a/b',
    '/v2/a.',
    '/v2/me?next=../__mock',
    '/v2/me?next=/../__mock',
    '/v2/me?x=%2e%2e',
  ])('is not found where no segment is exactly a dot or two (the query aside): %s', (raw) => {
    expect(hasDotSegment(raw)).toBe(false);
  });
});
