// The corpus harness itself (scripts/diff/corpus.ts): the JSON-patch a case applies, how a case file
// is read, and what the corpus test reports when a diff gets a case wrong. The corpus passes, so
// without these a broken harness would pass it too.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatch, type CorpusCase, caseProblems, loadCorpus, verdict } from '../../scripts/diff/corpus.js';
import type { Change } from '../../scripts/diff/types.js';
import { testTempDir } from '../support/temp-dirs.js';

const TMP = testTempDir('corpus-harness-');

const doc = () => ({ a: { list: [1, 2, 3], x: 'x' }, b: null as unknown });

describe('the patch a case applies (RFC 6902)', () => {
  it('add: sets a key, inserts into a list at an index, appends with -', () => {
    expect(applyPatch(doc(), [{ op: 'add', path: '/a/y', value: 'y' }]).a).toMatchObject({ y: 'y' });
    expect(applyPatch(doc(), [{ op: 'add', path: '/a/list/1', value: 9 }]).a.list).toEqual([1, 9, 2, 3]);
    expect(applyPatch(doc(), [{ op: 'add', path: '/a/list/-', value: 9 }]).a.list).toEqual([1, 2, 3, 9]);
  });

  it('replace: a key or a list item in place; nothing there is an error', () => {
    expect(applyPatch(doc(), [{ op: 'replace', path: '/a/x', value: 'z' }]).a.x).toBe('z');
    expect(applyPatch(doc(), [{ op: 'replace', path: '/a/list/1', value: 9 }]).a.list).toEqual([1, 9, 3]);
    expect(() => applyPatch(doc(), [{ op: 'replace', path: '/a/nope', value: 1 }])).toThrow('/a/nope: nothing there');
  });

  it('remove: a key or a list item; nothing there is an error', () => {
    expect(applyPatch(doc(), [{ op: 'remove', path: '/a/x' }]).a).not.toHaveProperty('x');
    expect(applyPatch(doc(), [{ op: 'remove', path: '/a/list/0' }]).a.list).toEqual([2, 3]);
    expect(() => applyPatch(doc(), [{ op: 'remove', path: '/a/nope' }])).toThrow('/a/nope: nothing to remove');
  });

  it('copy and move: the value at from, to path (a copy, not the same object)', () => {
    const copied = applyPatch(doc(), [{ op: 'copy', from: '/a', path: '/c' }]) as ReturnType<typeof doc> & { c: { list: number[] } };
    copied.c.list.push(4);
    expect(copied.a.list).toEqual([1, 2, 3]);
    expect(applyPatch(doc(), [{ op: 'copy', from: '/a/list/2', path: '/a/list/0' }]).a.list).toEqual([3, 1, 2, 3]);
    const moved = applyPatch(doc(), [{ op: 'move', from: '/a/x', path: '/a/list/0' }]);
    expect(moved.a).toEqual({ list: ['x', 1, 2, 3] });
  });

  it("a value written is a copy of the case's own", () => {
    const value = { deep: [1] };
    const patched = applyPatch(doc(), [{ op: 'add', path: '/c', value }]) as unknown as { c: typeof value };
    value.deep.push(2);
    expect(patched.c).toEqual({ deep: [1] });
  });

  it('the root, a path through nothing, and an unknown op are errors', () => {
    expect(() => applyPatch(doc(), [{ op: 'remove', path: '' }])).toThrow('cannot patch the document root');
    expect(() => applyPatch(doc(), [{ op: 'add', path: '/b/c', value: 1 }])).toThrow('/b/c: no b on the way');
    expect(() => applyPatch(doc(), [{ op: 'add', path: '/a/x/c', value: 1 }])).toThrow('/a/x/c: no x on the way');
    expect(() => applyPatch(doc(), [{ op: 'test', path: '/a' } as never])).toThrow('unknown patch op test');
  });
});

describe('a case file', () => {
  it('is a .yaml file named for its id, starting from releases/2.0.0 with no setup unless it says', () => {
    const dir = path.join(TMP, 'cases');
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'b-case.yaml'),
      'why: b\nchange: []\nexpect: { class: none }\nsetup: [{ op: remove, path: /x }]\nrelease: releases/9.0.0/openapi.json\n',
    );
    writeFileSync(path.join(dir, 'a-case.yaml'), 'why: a\nchange: []\nexpect: { class: docs }\n');
    writeFileSync(path.join(dir, 'notes.md'), 'not a case');
    const cases = loadCorpus(dir);
    expect(cases.map((c) => [c.id, c.release, c.setup.length])).toEqual([
      ['a-case', 'releases/2.0.0/openapi.json', 0],
      ['b-case', 'releases/9.0.0/openapi.json', 1],
    ]);
  });
});

describe('what the corpus test reports', () => {
  const change = (cls: Change['class'], message: string): Change => ({
    class: cls,
    pointer: '/paths',
    message,
    acknowledged: false,
    operations: [],
  });
  const kase = (expect: CorpusCase['expect']): CorpusCase => ({ id: 'c', why: 'w', release: 'r', setup: [], change: [], expect });
  const changes = [change('docs', 'Reworded'), change('non-breaking', 'Added optional query parameter `cursor`')];

  it('the verdict is the worst class found, or none', () => {
    expect(verdict(changes)).toBe('non-breaking');
    expect(verdict([...changes, change('breaking', 'x')])).toBe('breaking');
    expect(verdict([changes[0]])).toBe('docs');
    expect(verdict([])).toBe('none');
  });

  it('nothing, when the case is classified as stated', () => {
    expect(caseProblems(kase({ class: 'non-breaking', message: 'optional query', absent: ['required'], count: 2 }), changes)).toEqual([]);
  });

  it('another verdict', () => {
    expect(caseProblems(kase({ class: 'breaking' }), changes)).toEqual(['verdict non-breaking, expected breaking']);
  });

  it('no change of the expected class says the message (one of another class does not count)', () => {
    expect(caseProblems(kase({ class: 'non-breaking', message: 'Reworded' }), changes)).toEqual(['no non-breaking change says "Reworded"']);
  });

  it('a change says a text it must not; another count', () => {
    expect(caseProblems(kase({ class: 'non-breaking', absent: ['nothing like it', 'cursor'], count: 1 }), changes)).toEqual([
      'a change says "cursor"',
      '2 change(s), expected 1',
    ]);
  });
});
