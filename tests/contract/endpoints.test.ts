// Every endpoint the source names is in the contract. What the source names is test data the
// repository owns (tests/fixtures/source-endpoints.json, taken from the source's tables and prose),
// independent of the contract.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, loadContract, operationsOf, shape } from '../support/contract.js';

interface SourceEndpoints {
  typedSurfaces: string[];
  endpoints: string[];
  pathsWithoutMethods: { paths: string[] };
  notShownOperations: { voiceClones: string[]; presets: string[] };
}

const source: SourceEndpoints = JSON.parse(readFileSync(path.join(ROOT, 'tests', 'fixtures', 'source-endpoints.json'), 'utf8'));
const contract = loadContract();
const contractShapes = new Set(operationsOf(contract).map((o) => `${o.method.toUpperCase()} ${shape(o.path)}`));
const contractPathShapes = new Set(Object.keys(contract.paths).map(shape));

describe('the contract covers every endpoint of the source', () => {
  const endpoints = source.endpoints.map((e) => {
    const [method, route] = e.split(' ');
    return `${method} ${shape(route)}`;
  });

  it('the fixture is plausible', () => {
    expect(source.typedSurfaces).toEqual(['/b-roll', '/ai-visuals', '/url-to-video']);
    expect(endpoints.length).toBeGreaterThan(50);
    expect(new Set(source.endpoints).size).toBe(source.endpoints.length);
  });

  it('has every endpoint the source names', () => {
    expect(endpoints.filter((endpoint) => !contractShapes.has(endpoint)).map((e) => `${e} is missing from the contract`)).toEqual([]);
  });

  it('has every path the source names without its methods', () => {
    const paths = source.pathsWithoutMethods.paths;
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((route) => !contractPathShapes.has(shape(route))).map((r) => `path ${r} is missing from the contract`)).toEqual([]);
  });

  it('has listing, updating and deleting of voice clones, and listing and deleting of presets', () => {
    expect(source.notShownOperations).toMatchObject({ voiceClones: ['list', 'update', 'delete'], presets: ['list', 'delete'] });
    const ops = operationsOf(contract);
    const has = (method: string, pattern: RegExp) => ops.some((o) => o.method === method && pattern.test(o.path));
    expect(has('get', /^\/voice-clones$/)).toBe(true);
    expect(has('patch', /^\/voice-clones\/\{[^}]+\}$/)).toBe(true);
    expect(has('delete', /^\/voice-clones\/\{[^}]+\}$/)).toBe(true);
    expect(has('get', /^\/presets$/)).toBe(true);
    expect(has('delete', /^\/presets\/\{[^}]+\}$/)).toBe(true);
  });
});
