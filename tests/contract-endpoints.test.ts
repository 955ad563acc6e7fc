// Every endpoint the source names is in the contract. The list is read from the source text
// itself (its tables and every "METHOD /path" it mentions), independently of the contract.
import { describe, expect, it } from 'vitest';
import { loadContract, loadSource, operationsOf, shape } from './support/contract.js';

const source = loadSource();
const contract = loadContract();
const contractShapes = new Set(operationsOf(contract).map((o) => `${o.method.toUpperCase()} ${shape(o.path)}`));
const contractPathShapes = new Set(Object.keys(contract.paths).map(shape));

const TYPED_PREFIXES = [...source.matchAll(/\/([a-z-]+) \(type [a-z-]+\)/g)].map((m) => `/${m[1]}`);

/** "METHOD /path" pairs from the source: table rows and prose, with {prefix} expanded. */
function endpointsInSource(): Set<string> {
  const found = new Set<string>();
  const add = (method: string, route: string) => {
    const routes = route.includes('{prefix}') ? TYPED_PREFIXES.map((p) => route.replace('{prefix}', p)) : [route];
    for (const r of routes) found.add(`${method} ${shape(r.replace(/[.,;:)]+$/, ''))}`);
  };
  for (const m of source.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \|/gm)) add(m[1], m[2]);
  for (const m of source.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/[\w\-/{}]+)/g)) add(m[1], m[2]);
  // The source names GET /faceless/{video_id} only to say it returns 404; it is the same route
  // template as GET /faceless/{faceless}, so it is covered by that operation.
  return found;
}

/** Paths of the "(various)" rows and of resources whose methods the source does not show. */
function unmethodedPathsInSource(): string[] {
  const row = source.match(/^\| \(various\) \| ([^|]+) \|/m);
  const storyboard = row ? row[1].split(',').map((s) => s.trim()) : [];
  return storyboard
    .filter((p) => p.startsWith('/'))
    .map((p) => (p.startsWith('/text-to-scene') ? p : `/text-to-scene/{storyboard}${p}`))
    .concat(storyboard.some((s) => s.includes('moodboard')) ? ['/text-to-scene/{storyboard}/moodboard'] : []);
}

describe('the contract covers every endpoint of the source', () => {
  const endpoints = [...endpointsInSource()];

  it('finds a plausible number of endpoints in the source', () => {
    expect(TYPED_PREFIXES).toEqual(['/b-roll', '/ai-visuals', '/url-to-video']);
    expect(endpoints.length).toBeGreaterThan(50);
  });

  it.each(endpoints)('%s', (endpoint) => {
    expect(contractShapes.has(endpoint), `${endpoint} is missing from the contract`).toBe(true);
  });

  it.each(unmethodedPathsInSource())('path %s (methods not shown by the source) exists', (route) => {
    expect(contractPathShapes.has(shape(route))).toBe(true);
  });

  it('has listing, updating and deleting of voice clones, and listing and deleting of presets', () => {
    const ops = operationsOf(contract);
    const has = (method: string, pattern: RegExp) => ops.some((o) => o.method === method && pattern.test(o.path));
    expect(has('get', /^\/voice-clones$/)).toBe(true);
    expect(has('patch', /^\/voice-clones\/\{[^}]+\}$/)).toBe(true);
    expect(has('delete', /^\/voice-clones\/\{[^}]+\}$/)).toBe(true);
    expect(has('get', /^\/presets$/)).toBe(true);
    expect(has('delete', /^\/presets\/\{[^}]+\}$/)).toBe(true);
  });
});
