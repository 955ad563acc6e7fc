// The runtime rules of an `x-state-machine` (lib/contract/lifecycle.ts), proven on small synthetic
// machines whose shape the real contract's machines do not all have: wire values that are not
// state names, a fork of automatic transitions, one operation starting transitions from two
// states, and a refund on a transition out of "not in the machine yet". tests/contract/runtime.test.ts
// checks the same rules over the real contract's machines.
import { describe, expect, it } from 'vitest';
import { Lifecycle, type StateMachine } from '../../lib/contract/index.js';

const render: StateMachine = {
  name: 'RenderStatus',
  resource: 'render',
  statusLocation: '/data/render/status',
  pollOperationIds: ['getRender'],
  states: ['queued', 'checking', 'flagged', 'rendering', 'done', 'failed', 'cancelled'],
  initial: 'queued',
  terminal: ['done', 'failed', 'cancelled'],
  success: ['done'],
  failure: ['failed', 'cancelled'],
  transitions: [
    { from: null, to: 'queued', trigger: 'start', operationIds: ['startRender'] },
    { from: 'queued', to: 'checking', trigger: 'picked up', automatic: true },
    // A branch without a failure side: a condition first, then the success branch.
    { from: 'checking', to: 'flagged', trigger: 'flagged by moderation', automatic: true, condition: 'the text is flagged' },
    { from: 'checking', to: 'rendering', trigger: 'checked', automatic: true, outcome: 'success' },
    // The fork: the failure branch first, so the default outcome has to look for the success one.
    { from: 'rendering', to: 'failed', trigger: 'crash', automatic: true, outcome: 'failure', refund: true },
    { from: 'rendering', to: 'done', trigger: 'finish', automatic: true, outcome: 'success' },
    // Refused at creation, refunded: listed after the refund from a state, so order alone cannot find it.
    { from: null, to: 'failed', trigger: 'refused at once', operationIds: ['startRender'], refund: true },
    { from: 'queued', to: 'cancelled', trigger: 'cancel early', operationIds: ['cancelRender'], refund: true },
    { from: 'rendering', to: 'cancelled', trigger: 'cancel late', operationIds: ['cancelRender'] },
  ],
};

const toggle: StateMachine = {
  name: 'AutoTopUpStatus',
  resource: 'auto top-up',
  statusLocation: '/data/enabled',
  pollOperationIds: ['getAutoTopUp'],
  states: ['enabled', 'disabled'],
  stateValues: { enabled: true, disabled: false },
  initial: 'disabled',
  terminal: [],
  success: [],
  failure: [],
  transitions: [{ from: 'disabled', to: 'enabled', trigger: 'enable', operationIds: ['setAutoTopUp'] }],
};

const rules = new Lifecycle(render);
const flags = new Lifecycle(toggle);
const triggers = (list: { trigger: string }[]) => list.map((t) => t.trigger);

describe('wire values and states', () => {
  it('a wire value that stands for a state is read as that state', () => {
    expect(flags.stateOf(false)).toBe('disabled');
  });

  it('a wire value no state stands for is no state', () => {
    expect(flags.stateOf('maybe')).toBeUndefined();
  });

  it('a state is sent as its stated wire value', () => {
    expect(flags.valueOf('enabled')).toBe(true);
  });

  it('without stated wire values, a state is sent as its name', () => {
    expect(rules.valueOf('rendering')).toBe('rendering');
  });

  it('a status at the body root has no parent and an empty key', () => {
    expect(new Lifecycle({ ...toggle, statusLocation: '' }).place).toEqual({ keys: [], parent: [], key: '' });
  });
});

describe('transitions', () => {
  it('at a fork, the service takes the branch of the outcome asked for', () => {
    expect(rules.nextAutomatic('rendering', 'failure')?.to).toBe('failed');
  });

  it('at a fork, the service takes the success branch by default', () => {
    expect(rules.nextAutomatic('rendering')?.to).toBe('done');
  });

  it('where a branch has no failure side, the service takes its success branch even when failure is asked for', () => {
    expect(rules.nextAutomatic('checking', 'failure')?.to).toBe('rendering');
  });

  it('an operation starts only the transitions out of the state the resource is in', () => {
    expect(triggers(rules.triggeredBy('cancelRender', 'rendering'))).toEqual(['cancel late']);
  });

  // `make` creates a draft and also publishes one: a transition from null and one from a state.
  const drafts = new Lifecycle({
    ...toggle,
    states: ['draft', 'published'],
    stateValues: undefined,
    transitions: [
      { from: null, to: 'draft', trigger: 'create', operationIds: ['make'] },
      { from: 'draft', to: 'published', trigger: 'publish', operationIds: ['make'] },
    ],
  });

  it('a transition out of "not in the machine yet" fits a resource in any state', () => {
    expect(triggers(drafts.triggeredBy('make', 'published'))).toEqual(['create']);
  });

  it('a resource whose state is not known: every transition the operation lists fits', () => {
    expect(triggers(drafts.triggeredBy('make', undefined))).toEqual(['create', 'publish']);
  });

  it('a state no transition of the operation leaves: every transition it lists', () => {
    expect(triggers(rules.triggeredBy('cancelRender', 'done'))).toEqual(['cancel early', 'cancel late']);
  });

  it('an observer who does not know the state gets every transition the operation starts', () => {
    expect(triggers(rules.triggeredBy('cancelRender', undefined))).toEqual(['cancel early', 'cancel late']);
  });
});

describe('refunds', () => {
  it('a resource refused at creation is refunded by the transition out of "not in the machine yet"', () => {
    expect(rules.refunds(null, 'failed')?.trigger).toBe('refused at once');
  });

  it('a resource refused at creation is not refunded by a transition from a state it never reached', () => {
    expect(rules.refunds(null, 'cancelled')).toBeUndefined();
  });
});

describe('states only a call moves on', () => {
  it('a resource not in the machine yet waits for the call that starts it', () => {
    expect(rules.waitsForCall(null).map((t) => t.trigger)).toEqual(['start', 'refused at once']);
  });

  it('a state the service leaves on its own, even where a call could also leave it, waits for nothing', () => {
    expect(rules.waitsForCall('queued')).toEqual([]);
    expect(rules.waitsForCall('rendering')).toEqual([]);
  });

  it('a terminal state, and a state the machine names no way out of, wait for nothing', () => {
    expect(rules.waitsForCall('done')).toEqual([]);
    expect(rules.waitsForCall('flagged')).toEqual([]);
  });
});
