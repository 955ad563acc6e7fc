// The extension layer of the contract diff (scripts/diff/extensions.ts), in process on the released
// contract with one edit: every change it reports, each with its class, the pointer a change-log
// entry must cover and the sentence `npm run diff` prints. The corpus (x-* cases) checks verdicts;
// these check the whole list, so a change said twice, at the wrong place or not at all shows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { extensionChanges } from '../../scripts/diff/extensions.js';

type Doc = Record<string, any>;
const RELEASE: Doc = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'releases/2.0.0/openapi.json'), 'utf8'));

/** The changes between the release (after `setup`, on both sides) and the same with `edit`. */
function changes(edit: (doc: Doc) => void, setup: (doc: Doc) => void = () => {}) {
  const base = structuredClone(RELEASE);
  setup(base);
  const head = structuredClone(base);
  edit(head);
  return extensionChanges(new ContractModel(base), new ContractModel(head)).map((c) => [c.class, c.pointer, c.message]);
}

const credits = (doc: Doc, path: string, method: string) => doc.paths[path][method]['x-credits'];
const machine = (doc: Doc, name: string) => doc.components.schemas[name]['x-state-machine'];
const LC = '/components/schemas/LaunchClipStatus/x-state-machine';
const FV = '/components/schemas/FacelessVideoStatus/x-state-machine';

describe('x-credits', () => {
  it('an operation that stops charging: non-breaking, at its charges', () => {
    expect(changes((d) => (credits(d, '/launch-clips', 'post').charges = false))).toEqual([
      ['non-breaking', '/paths/~1launch-clips/post/x-credits/charges', 'POST /launch-clips no longer charges credits.'],
    ]);
  });

  it('a cost stated where there was none, or no longer stated: non-breaking, "none" on the missing side', () => {
    expect(changes((d) => (credits(d, '/me', 'get').cost = 0))).toEqual([
      ['non-breaking', '/paths/~1me/get/x-credits/cost', "GET /me's stated cost changes: none -> 0 credits."],
    ]);
    expect(changes((d) => delete credits(d, '/launch-clips', 'post').cost)).toEqual([
      ['non-breaking', '/paths/~1launch-clips/post/x-credits/cost', "POST /launch-clips's stated cost changes: 5 -> none credits."],
    ]);
  });

  it('a cost key stated or dropped: non-breaking, at its costKey', () => {
    expect(changes((d) => delete credits(d, '/faceless/{faceless}/scripts', 'put').costKey)).toEqual([
      [
        'non-breaking',
        '/paths/~1faceless~1{faceless}~1scripts/put/x-credits/costKey',
        "PUT /faceless/{faceless}/scripts's cost key changes: CONTENT_PROMPT_REQUESTED -> none.",
      ],
    ]);
    expect(changes((d) => (credits(d, '/me', 'get').costKey = 'PROFILE'))).toEqual([
      ['non-breaking', '/paths/~1me/get/x-credits/costKey', "GET /me's cost key changes: none -> PROFILE."],
    ]);
  });

  it('a refund rule lost and a billing note reworded, each at its own key', () => {
    expect(changes((d) => delete credits(d, '/launch-clips', 'post').refund)).toEqual([
      [
        'breaking',
        '/paths/~1launch-clips/post/x-credits/refund',
        'POST /launch-clips loses its refund rule ("A failed launch clip refunds its 5 credits automatically.").',
      ],
    ]);
    expect(changes((d) => (credits(d, '/text-to-video', 'post').note = 'Charged as estimated.'))).toEqual([
      ['docs', '/paths/~1text-to-video/post/x-credits/note', "POST /text-to-video's billing note changes."],
    ]);
  });

  it('a refund rule reworded: non-breaking, at its refund', () => {
    expect(changes((d) => (credits(d, '/launch-clips', 'post').refund = 'Refunded.'))).toEqual([
      ['non-breaking', '/paths/~1launch-clips/post/x-credits/refund', 'POST /launch-clips\'s refund rule changes to "Refunded.".'],
    ]);
  });

  it('an operation without x-credits on one side (the house rules want it everywhere) gets no credit verdict', () => {
    const dropped = (d: Doc) => delete d.paths['/me'].get['x-credits'];
    expect(changes((d) => (d.paths['/me'].get['x-credits'] = { charges: true }), dropped)).toEqual([]);
  });
});

describe('x-state-machine', () => {
  it('a state removed: breaking, at its states', () => {
    expect(changes((d) => machine(d, 'LaunchClipStatus').states.splice(1, 1))).toEqual([
      ['breaking', `${LC}/states`, 'The Launch clip state "briefed" is removed.'],
    ]);
  });

  it('a state added where operations poll: breaking, naming every poller', () => {
    expect(changes((d) => machine(d, 'FacelessVideoStatus').states.push('queued'))).toEqual([
      [
        'breaking',
        `${FV}/states`,
        'The Faceless video status gains the state "queued", which pollers (getFacelessVideo, getBRollVideo, getAiVisualsVideo, getUrlToVideo) must handle.',
      ],
    ]);
  });

  it('a state no longer terminal, and failure states changed: breaking, each at its key', () => {
    expect(
      changes((d) => {
        machine(d, 'LaunchClipStatus').terminal = ['completed'];
        machine(d, 'LaunchClipStatus').failure = [];
      }),
    ).toEqual([
      ['breaking', `${LC}/terminal`, '"failed" is no longer a terminal Launch clip state: pollers that stop there stop too early.'],
      ['breaking', `${LC}/failure`, 'The Launch clip failure states change to [].'],
    ]);
  });

  it('the status place moved and a poller gone, each at its key', () => {
    expect(
      changes((d) => {
        machine(d, 'LaunchClipStatus').statusLocation = '/data/state';
        machine(d, 'LaunchClipStatus').pollOperationIds = ['createLaunchClip'];
      }),
    ).toEqual([
      ['breaking', `${LC}/statusLocation`, 'The Launch clip status moves from /data/status to /data/state.'],
      ['non-breaking', `${LC}/pollOperationIds`, 'getLaunchClip no longer reports the Launch clip status.'],
    ]);
  });

  it('an initial state dropped or newly stated: "not shown" on the missing side', () => {
    expect(changes((d) => (machine(d, 'LaunchClipStatus').initial = null))).toEqual([
      ['non-breaking', `${LC}/initial`, 'A new Launch clip now starts in "not shown" (was "planning").'],
    ]);
    expect(changes((d) => (machine(d, 'VoiceCloneStatus').initial = 'completed'))).toEqual([
      [
        'non-breaking',
        '/components/schemas/VoiceCloneStatus/x-state-machine/initial',
        'A new Voice clone now starts in "completed" (was "not shown").',
      ],
    ]);
  });

  it('a transition removed, or changed without its refund: named from "(new)" or to "(not shown)"', () => {
    expect(changes((d) => machine(d, 'LaunchClipStatus').transitions.shift())).toEqual([
      ['breaking', `${LC}/transitions`, 'The Launch clip transition (new) -> planning: POST /launch-clips is removed.'],
    ]);
    expect(changes((d) => (machine(d, 'FacelessVideoStatus').transitions[3].condition = 'always'))).toEqual([
      ['non-breaking', `${FV}/transitions`, 'The Faceless video transition failed -> (not shown): POST retry changes.'],
    ]);
  });

  it('a transition that stops refunding: breaking, at its transitions', () => {
    expect(changes((d) => delete machine(d, 'LaunchClipStatus').transitions[4].refund)).toEqual([
      ['breaking', `${LC}/transitions`, 'The Launch clip transition rendering -> failed: render ends no longer refunds the charge.'],
    ]);
  });

  it('a poll interval dropped, at its pollIntervalSeconds', () => {
    expect(changes((d) => delete machine(d, 'LaunchClipStatus').pollIntervalSeconds)).toEqual([
      ['non-breaking', `${LC}/pollIntervalSeconds`, 'The limit pollIntervalSeconds is no longer stated.'],
    ]);
  });

  it('a machine added on another schema: non-breaking, at the new machine', () => {
    const copy = (d: Doc) => ({ ...structuredClone(machine(d, 'VoiceCloneStatus')), resource: 'Chain' });
    expect(changes((d) => (d.components.schemas.ChainStatus['x-state-machine'] = copy(d)))).toEqual([
      ['non-breaking', '/components/schemas/ChainStatus/x-state-machine', 'A Chain state machine is added.'],
    ]);
  });
});

describe('x-unspecified', () => {
  it('a marker inside a list (a transition) reworded: docs at the marker, besides the transition that changes', () => {
    expect(changes((d) => (machine(d, 'FacelessVideoStatus').transitions[3]['x-unspecified'] = 'Not shown.'))).toEqual([
      ['non-breaking', `${FV}/transitions`, 'The Faceless video transition failed -> (not shown): POST retry changes.'],
      ['docs', `${FV}/transitions/3/x-unspecified`, 'The note on what the source leaves open here changes.'],
    ]);
  });
});

describe('x-limits and x-rate-limit', () => {
  const limits = (d: Doc) => d.info['x-limits'];

  it('a number whose name tells no direction is treated as tighter, either way', () => {
    expect(changes((d) => (limits(d).launchClip.width = 720))).toEqual([
      ['breaking', '/info/x-limits/launchClip/width', 'The limit width changes from 1080 to 720 (direction unknown, treated as tighter).'],
    ]);
  });

  it('a name that starts with max keeps its own name and a lower value is tighter', () => {
    expect(changes((d) => (limits(d).autoTopup.maxUnits = 100000))).toEqual([
      ['breaking', '/info/x-limits/autoTopup/maxUnits', 'The limit maxUnits changes from 199999 to 100000, which is tighter.'],
    ]);
  });

  it('a list: each value removed and each added, once', () => {
    expect(changes((d) => (limits(d).scriptDurationSeconds = [60, 180, 300, 600, 900, 1200]))).toEqual([
      ['breaking', '/info/x-limits/scriptDurationSeconds', 'scriptDurationSeconds no longer allows 30.'],
      ['non-breaking', '/info/x-limits/scriptDurationSeconds', 'scriptDurationSeconds now also allows 1200.'],
    ]);
  });

  it('the marker on the limits reworded is the marker note only, not a limit', () => {
    expect(changes((d) => (limits(d)['x-unspecified'] = 'Upload size is not shown.'))).toEqual([
      ['docs', '/info/x-limits/x-unspecified', 'The note on what the source leaves open here changes.'],
    ]);
  });

  it('the rate limit scope and description, each at its key', () => {
    expect(
      changes((d) => {
        d.info['x-rate-limit'].scope = 'account';
        d.info['x-rate-limit'].description = 'Per account.';
      }),
    ).toEqual([
      ['breaking', '/info/x-rate-limit/scope', 'The rate limit is now counted per account (was per API token).'],
      ['docs', '/info/x-rate-limit/description', 'The rate limit description changes.'],
    ]);
  });
});

describe('other extensions', () => {
  it('one changed: non-breaking, named', () => {
    expect(changes((d) => (d['x-tool-server'].description = 'Tools.'))).toEqual([
      ['non-breaking', '/x-tool-server', 'x-tool-server changes.'],
    ]);
  });

  it('a marker inside one reworded is the marker note only, not a change of the extension', () => {
    expect(changes((d) => (d.info['x-deprecation-policy']['x-unspecified'] = 'Not shown.'))).toEqual([
      ['docs', '/info/x-deprecation-policy/x-unspecified', 'The note on what the source leaves open here changes.'],
    ]);
  });

  it("the servers' extensions are not compared by position here (servers.ts pairs the servers)", () => {
    expect(changes((d) => d.servers.shift())).toEqual([]);
  });

  it('one that only shapes the docs (x-tagGroups) changed: docs', () => {
    expect(changes((d) => d['x-tagGroups'].reverse())).toEqual([['docs', '/x-tagGroups', 'x-tagGroups changes.']]);
  });

  it('one added or removed: non-breaking, named with the verb', () => {
    const policy = (d: Doc) => delete d.info['x-deprecation-policy'];
    expect(changes(policy)).toEqual([['non-breaking', '/info/x-deprecation-policy', 'x-deprecation-policy is removed.']]);
    expect(changes((d) => (d.info['x-deprecation-policy'] = RELEASE.info['x-deprecation-policy']), policy)).toEqual([
      ['non-breaking', '/info/x-deprecation-policy', 'x-deprecation-policy is added.'],
    ]);
  });
});
