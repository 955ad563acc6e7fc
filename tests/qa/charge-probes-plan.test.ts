// The walk the charge probes plan on a contract machine before a charging call: user actions of the
// call's surface and the automatic transitions the service takes on success, never a failure a
// real deployment cannot be made to take.
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { planTo } from '../../qa/conformance/rules/charge-probes.js';

const contract = ContractModel.load();
const machine = (name: string) => contract.stateMachines().find((m) => m.name === name)!;
const faceless = machine('FacelessVideoStatus');
const anyAction = () => true;

describe('planTo', () => {
  it('reaches completed from a draft by the render and one wait', () => {
    expect(planTo(faceless, null, new Set(['completed']), (id) => id === 'renderBRollVideo')).toEqual([
      { act: 'renderBRollVideo', to: 'rendering' },
      { wait: 'completed' },
    ]);
  });

  it('plans nothing for a state the resource is already in', () => {
    expect(planTo(faceless, 'completed', new Set(['completed', 'failed']), anyAction)).toEqual([]);
  });

  it('never plans through a failure: failed is out of reach from a draft', () => {
    expect(planTo(faceless, null, new Set(['failed']), anyAction)).toBeUndefined();
  });

  it('uses only the actions it is given', () => {
    expect(planTo(faceless, null, new Set(['rendering']), () => false)).toBeUndefined();
  });

  it('waits through every automatic step of a longer machine', () => {
    const launch = machine('LaunchClipStatus');
    expect(planTo(launch, 'planning', new Set(['completed']), anyAction)).toEqual([
      { wait: 'briefed' },
      { wait: 'rendering' },
      { wait: 'completed' },
    ]);
  });
});
