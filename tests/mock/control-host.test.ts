// The names /__mock, the console and the docs page answer to (mock/control/host.ts): loopback names
// and those MOCK_ALLOWED_HOSTS lists, read from the Host header; a name that only looks like one
// (DNS rebinding's way in) is refused.
import { describe, expect, it } from 'vitest';
import { FRAME_HEADERS, hostAllowed, hostnameOf, isLoopbackName, parseAllowedHosts } from '../../mock/control/host.js';

describe('loopback names', () => {
  it.each(['localhost', 'app.localhost', 'a.b.localhost', '127.0.0.1', '127.255.255.255', '127.0.0.0', '[::1]'])('%s', (name) => {
    expect(isLoopbackName(name)).toBe(true);
  });

  it.each([
    'localhost.evil.example',
    'evillocalhost',
    '128.0.0.1',
    '127.0.0.256',
    '127.0.0',
    '127.0.0.1.5',
    '127.00.0.1',
    '127.0.0.1a',
    '127.0.0.',
    '1127.0.0.1',
    '[::2]',
    '0.0.0.0',
  ])('not: %s', (name) => {
    expect(isLoopbackName(name)).toBe(false);
  });
});

describe('the name in a Host header', () => {
  it.each([
    ['LocalHost:4010', 'localhost'],
    [' 127.0.0.1 ', '127.0.0.1'],
    ['[::1]:4010', '[::1]'],
    ['mock.team.internal:65535', 'mock.team.internal'],
    ['under_score.test', 'under_score.test'],
  ])('%j is %s', (header, name) => {
    expect(hostnameOf(header)).toBe(name);
  });

  it.each([undefined, '', 'user@localhost', 'localhost:4010:1', 'localhost:123456', 'localhost/path', 'local host', '[zz::1]'])(
    'none in %j',
    (header) => {
      expect(hostnameOf(header)).toBeUndefined();
    },
  );
});

describe('which requests may reach the control plane', () => {
  it('a loopback Host on any port, or a listed name; no Host or another name is refused', () => {
    const allowed = parseAllowedHosts('Mock.Team.Internal:4010, docs.team.internal');
    expect(allowed).toEqual(['mock.team.internal', 'docs.team.internal']);
    expect(hostAllowed('localhost:4010', [])).toBe(true);
    expect(hostAllowed('mock.team.internal:8080', allowed)).toBe(true);
    expect(hostAllowed('MOCK.team.internal', allowed)).toBe(true);
    expect(hostAllowed('mock.team.internal', [])).toBe(false);
    expect(hostAllowed('attacker.example', allowed)).toBe(false);
    expect(hostAllowed(undefined, allowed)).toBe(false);
    expect(hostAllowed('localhost@attacker.example', allowed)).toBe(false);
  });

  it('an empty or absent MOCK_ALLOWED_HOSTS lists nothing; a value that is no plain name is kept as written', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts(' , ,')).toEqual([]);
    expect(parseAllowedHosts('https://x.test')).toEqual(['https://x.test']);
  });

  it('the console and the docs page refuse to be framed by another site', () => {
    expect(FRAME_HEADERS).toEqual({ 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'SAMEORIGIN' });
  });
});
