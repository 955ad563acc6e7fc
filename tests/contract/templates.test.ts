import { describe, expect, it } from 'vitest';
import {
  basePathOf,
  ContractModel,
  itemCollection,
  machinePolledBy,
  machinesOf,
  machinesTriggeredBy,
  PathMatcher,
  templateCollections,
  substituteParams,
  templateParams,
  templateValues,
} from '../../lib/contract/index.js';
import { linesMatching, repoSources } from '../support/sources.js';

const SCANNED = ['lib', 'mock', 'qa', 'client', 'scripts'];
/**
 * Left on purpose: the published client imports only generated/ (never lib/), so its poll helpers
 * read the poll path's one parameter themselves. Any other file must call lib/contract.
 */
const LEFT = new Set(['client/poll.ts', 'client/react-query.ts']);

/** A regex literal that opens on a `{`: `\{(`, `\{[^}]`, `\{\w`, `\{.` or a bare `/\{/`. */
const TEMPLATE_PARSING = /\\\{(?:\(|\[\^\}\]|\\w|\.|\/)/;

const contract = ContractModel.load();
const machines = contract.stateMachines();

describe('path templates are parsed only in lib/contract', () => {
  it('no TypeScript outside lib/contract parses `{name}` path parameters with its own regex', () => {
    const offenders = linesMatching(
      repoSources(SCANNED).filter((file) => !file.startsWith('lib/contract/') && !LEFT.has(file)),
      TEMPLATE_PARSING,
    );
    expect(offenders).toEqual([]);
  });

  it('the pattern recognises the copies it replaced (so the scan above can fail)', () => {
    const copies = [
      'return /\\{([^}]+)\\}/.exec(path)?.[1];',
      'const match = /^\\{(.+)\\}$/.exec(name);',
      "op.path.replace(/\\/\\{[^}]+\\}$/, '')",
      '[...path.matchAll(/\\{([^}]+)\\}/g)]',
      "machine.pollOperationIds.every((p) => !/\\{/.test(this.contract.operation(p).path)) ? 'account' : undefined",
      'const paramName = /\\{(\\w+)\\}/.exec(operation.path)![1];',
    ];
    expect(copies.filter((line) => !TEMPLATE_PARSING.test(line))).toEqual([]);
    expect(TEMPLATE_PARSING.test('const names = templateParams(op.path);')).toBe(false);
    expect(TEMPLATE_PARSING.test("const body = JSON.stringify({ a: 1 }).replace(/\\s/g, '');")).toBe(false);
  });
});

describe('the one reading of a template', () => {
  it('names parameters, their collections and the item collection', () => {
    const template = '/text-to-scene/{storyboard}/scenes/{scene}';
    expect(templateParams(template)).toEqual(['storyboard', 'scene']);
    expect(templateCollections(template)).toEqual([
      { name: 'storyboard', collection: '/text-to-scene' },
      { name: 'scene', collection: '/text-to-scene/{storyboard}/scenes' },
    ]);
    expect(itemCollection('/presets/{id}')).toBe('/presets');
    expect(itemCollection('/faceless/{faceless}/render')).toBeUndefined();
    expect(templateParams('/me')).toEqual([]);
    expect(substituteParams('/text-to-scene/{storyboard}/scenes/{scene}', (name) => `$${name}`)).toBe(
      '/text-to-scene/$storyboard/scenes/$scene',
    );
  });

  it('reads values from a concrete path as the router does, never throwing on bad escapes', () => {
    expect(templateValues('/faceless/{faceless}', '/faceless/a%20b')).toEqual({ faceless: 'a b' });
    expect(templateValues('/faceless/{faceless}', '/faceless/%E0%A4%A')).toEqual({ faceless: '%E0%A4%A' });
    const ops = contract.operations();
    const router = new PathMatcher(ops);
    for (const op of ops) {
      const concrete = op.path.replace(/[{}]/g, '');
      const routed = router.match(op.method, concrete);
      if (routed.kind === 'operation' && routed.template === op.path) expect(templateValues(op.path, concrete)).toEqual(routed.params);
    }
  });

  it('pairs values by position: a path shorter than its template leaves the rest out', () => {
    expect(templateValues('/text-to-scene/{storyboard}/scenes/{scene}', '/text-to-scene/7')).toEqual({ storyboard: '7' });
    expect(templateValues('/faceless/{faceless}', '/faceless')).toEqual({});
    expect(templateValues('/faceless/{faceless}', '/faceless/')).toEqual({ faceless: '' });
    expect(templateValues('/me', '/me')).toEqual({});
  });

  it('reads a segment as a parameter only when the whole segment is one `{name}`', () => {
    expect(templateParams('/files/{name}.json/{id}')).toEqual(['id']);
    expect(templateParams('/a/x{y}/{}/{z}')).toEqual(['z']);
    expect(itemCollection('/files/{name}.json')).toBeUndefined();
    expect(itemCollection('/a/{x}/b/{y}')).toBe('/a/{x}/b');
    expect(itemCollection('/')).toBeUndefined();
    expect(templateCollections('/{a}/{b}')).toEqual([
      { name: 'a', collection: '' },
      { name: 'b', collection: '/{a}' },
    ]);
    // The same template read twice gives the same segments (they are kept), read-only.
    expect(templateParams('/text-to-scene/{storyboard}')).toEqual(templateParams('/text-to-scene/{storyboard}'));
  });

  it('substitutes every `{name}`, even inside a segment, with the value as given', () => {
    expect(substituteParams('/a/{x}/b/{x}.{y}', (name) => (name === 'x' ? '1/2' : ''))).toBe('/a/1/2/b/1/2.');
    expect(substituteParams('/text-to-scene/{storyboard}/scenes/{scene}', (name) => name.toUpperCase())).toBe(
      '/text-to-scene/STORYBOARD/scenes/SCENE',
    );
    expect(substituteParams('/me', () => 'never')).toBe('/me');
  });

  it('derives the base path from the servers, filled or not', () => {
    expect(basePathOf('https://api.test/v2//')).toBe('/v2');
    expect(basePathOf('https://api.test/v2/#top')).toBe('/v2');
    expect(basePathOf('HTTP://API.test:8080/v2')).toBe('/v2');
    expect(basePathOf('git+ssh://h/v2/x')).toBe('/v2/x');
    expect(basePathOf('/v2/?a=https://b/c')).toBe('/v2');
    expect(basePathOf('/mirror/https://b/v2')).toBe('/mirror/https://b/v2');
    expect(contract.basePath()).toBe('/v2');
    expect(basePathOf('https://{host}/v2/')).toBe('/v2');
    expect(basePathOf('http://127.0.0.1:4010/v2?x=1')).toBe('/v2');
    expect(basePathOf('/v2')).toBe('/v2');
    expect(basePathOf('https://api.test')).toBe('');
    expect(() => new ContractModel({ ...contract.doc, servers: [{ url: 'https://a/v2' }, { url: 'https://b/v3' }] }).basePath()).toThrow(
      /disagree/,
    );
  });
});

describe('which machine an operation polls or triggers', () => {
  it('agrees with the machines as the contract lists them', () => {
    for (const op of contract.operations()) {
      const polled = machines.filter((m) => m.pollOperationIds.includes(op.id));
      const triggered = machines.filter((m) => m.transitions.some((t) => t.operationIds?.includes(op.id)));
      expect(polled.length).toBeLessThanOrEqual(1);
      expect(machinePolledBy(machines, op.id)).toBe(polled[0]);
      expect(machinesTriggeredBy(machines, op.id)).toEqual(triggered);
      expect(machinesOf(machines, op.id)).toEqual([...new Set([...polled, ...triggered])]);
    }
    // The contract has both kinds, so the loop above compared something.
    expect(contract.operations().some((op) => machinePolledBy(machines, op.id))).toBe(true);
    expect(contract.operations().some((op) => machinesTriggeredBy(machines, op.id).length)).toBe(true);
  });
});
