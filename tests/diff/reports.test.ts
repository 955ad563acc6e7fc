// What the gate writes for people: the CI step summary (scripts/diff/summary.ts) and the pointers it
// suggests acknowledging a breaking change with (gateProblems in scripts/diff/diff.ts), exactly.
import { describe, expect, it } from 'vitest';
import { gateProblems } from '../../scripts/diff/diff.js';
import { summaryMarkdown } from '../../scripts/diff/summary.js';
import type { Change } from '../../scripts/diff/types.js';

const change = (cls: Change['class'], pointer: string, acknowledged = false, component?: string): Change => ({
  class: cls,
  pointer,
  message: `A ${cls} change.`,
  acknowledged,
  operations: [],
  ...(component ? { component } : {}),
});

describe('the step summary', () => {
  it('a passing gate: the verdict, the count per class, no breaking section', () => {
    expect(
      summaryMarkdown([change('docs', '/info'), change('non-breaking', '/paths/~1me'), change('docs', '/x')], 'releases/2.0.0', []),
    ).toBe(
      [
        '## Contract diff against releases/2.0.0',
        '',
        'The gate passes: 0 breaking, 1 non-breaking, 2 docs.',
        '',
        '| class | changes |',
        '| --- | --- |',
        '| breaking | 0 |',
        '| non-breaking | 1 |',
        '| docs | 2 |',
        '',
      ].join('\n'),
    );
  });

  it('a failing gate: each breaking change, marked when acknowledged, then what the gate asks', () => {
    const changes = [change('breaking', '/paths/~1me/get', true), change('breaking', '/paths/~1a/post'), change('docs', '/info')];
    expect(summaryMarkdown(changes, 'HEAD~1', ['Add an entry.', 'Or undo it.'])).toBe(
      [
        '## Contract diff against HEAD~1',
        '',
        'The gate fails: 2 breaking, 0 non-breaking, 1 docs.',
        '',
        '| class | changes |',
        '| --- | --- |',
        '| breaking | 2 |',
        '| non-breaking | 0 |',
        '| docs | 1 |',
        '',
        '### Breaking changes',
        '',
        '- (acknowledged) A breaking change. (at `/paths/~1me/get`)',
        '- A breaking change. (at `/paths/~1a/post`)',
        '',
        '### What the gate asks',
        '',
        '- Add an entry.',
        '- Or undo it.',
        '',
      ].join('\n'),
    );
  });
});

describe('what the gate asks', () => {
  const entry = { date: '2099-01-01', changes: ['x'] };

  it('nothing when every breaking change is acknowledged and the behaviour changes have an entry', () => {
    expect(gateProblems({ changes: [change('breaking', '/paths/~1me/get', true), change('docs', '/info')], entries: [entry] })).toEqual([]);
  });

  it('a docs change needs no entry; a behaviour change does', () => {
    expect(gateProblems({ changes: [change('docs', '/info')], entries: [] })).toEqual([]);
    expect(gateProblems({ changes: [change('non-breaking', '/paths/~1me'), change('docs', '/info')], entries: [] })).toEqual([
      "1 behaviour change(s) and no change-log entry for them: add an entry at the top of info.x-changelog in openapi/openapi.yaml (- date: 'YYYY-MM-DD', changes: [one sentence per change]).",
    ]);
  });

  it('the pointer to acknowledge each breaking change with: a change in an operation: the operation; in a component: the component, or the extension it sits in; else itself; each once', () => {
    const changes = [
      change('breaking', '/paths/~1me/get/responses/200/content'),
      change('breaking', '/paths/~1me/get/parameters/0'),
      change('breaking', '/paths/~1a/get/responses/200', false, '/components/schemas/Account/properties/id'),
      change('breaking', '/components/x-state-machines/Job/transitions/0'),
      change('breaking', '/paths/~1b/post/x-credits/cost'),
      change('breaking', '/x-tag-groups/0'),
      change('breaking', '/security/0/bearerAuth/0'),
    ];
    const [problem] = gateProblems({ changes, entries: [entry] });
    expect(problem).toBe(
      "7 breaking change(s) not acknowledged. If they are intended, add to a new info.x-changelog entry in openapi/openapi.yaml: breaking: true and pointers: ['/paths/~1me/get', '/components/schemas/Account', '/components/x-state-machines', '/paths/~1b/post', '/x-tag-groups', '/security/0/bearerAuth/0'] (a pointer covers every change below it), and say in changes what clients must do. Otherwise undo them.",
    );
  });
});
