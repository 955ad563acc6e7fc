// The lifecycle flows as Arazzo (openapi/flows/*.arazzo.yaml), read by qa/conformance/arazzo.ts
// into the flows the flows phase walks: every operation exists, the vendor extensions are checked,
// and the flows keep the properties that matter (which charge, which machine each polls to which
// terminal kind, which expect a refund, which need the mock).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ContractModel } from '../../lib/contract/index.js';
import { flowFiles, loadFlows } from '../../qa/conformance/arazzo.js';
import { charges } from '../../qa/conformance/flows.js';
import { testTempDir } from '../support/temp-dirs.js';

const contract = ContractModel.load();
const flows = loadFlows(contract);

// What the TypeScript table said before the flows moved to Arazzo (compared step by step then:
// operations, parameters, saved values, polls, skips and the request bodies sent were identical).
const EXPECTED: [string, { charges: boolean; polls: string[]; refund: boolean; mockOnly: boolean }][] = [
  ['faceless draft, script by PATCH', { charges: false, polls: [], refund: false, mockOnly: false }],
  ['b-roll draft configured', { charges: false, polls: [], refund: false, mockOnly: false }],
  ['ai-visuals draft configured', { charges: false, polls: [], refund: false, mockOnly: false }],
  ['url-to-video draft with scraped images', { charges: false, polls: [], refund: false, mockOnly: false }],
  ['storyboard with scenes', { charges: false, polls: [], refund: false, mockOnly: false }],
  ['character up to preview', { charges: false, polls: [], refund: false, mockOnly: false }],
  ['auto top-up on and off', { charges: false, polls: [], refund: false, mockOnly: false }],
  ['faceless render to completion', { charges: true, polls: ['FacelessVideoStatus success'], refund: false, mockOnly: false }],
  ['text-to-video clip to success', { charges: true, polls: ['TextToVideoAssetStatus success'], refund: false, mockOnly: false }],
  ['text-to-video clip to failure, refunded', { charges: true, polls: ['TextToVideoAssetStatus failure'], refund: true, mockOnly: true }],
  ['launch clip to completion', { charges: true, polls: ['LaunchClipStatus success'], refund: false, mockOnly: false }],
  ['launch clip to failure, refunded', { charges: true, polls: ['LaunchClipStatus failure'], refund: true, mockOnly: true }],
  ['storyboard render to completion', { charges: true, polls: ['StoryboardVideoStatus success'], refund: false, mockOnly: false }],
  ['b-roll render to completion', { charges: true, polls: ['FacelessVideoStatus success'], refund: false, mockOnly: false }],
  ['ai-visuals render to completion', { charges: true, polls: ['FacelessVideoStatus success'], refund: false, mockOnly: false }],
  ['url-to-video render to completion', { charges: true, polls: ['FacelessVideoStatus success'], refund: false, mockOnly: false }],
  ['voice clone until completed', { charges: true, polls: ['VoiceCloneStatus success'], refund: false, mockOnly: false }],
  ['character trained until ready', { charges: true, polls: ['CharacterStatus success'], refund: false, mockOnly: false }],
];

/** A copy of one flow file with `change` applied, in a scratch directory (relative paths kept working by an absolute source URL). */
function mutated(file: string, change: (doc: any) => void): string {
  const doc = YAML.parse(readFileSync(path.join(path.dirname(flowFiles()[0]), file), 'utf8'));
  change(doc);
  const out = path.join(testTempDir('arazzo-'), file);
  writeFileSync(out, YAML.stringify(doc));
  return out;
}

describe('the Arazzo flows', () => {
  it('name only operations of the contract, with every path parameter from an earlier step', () => {
    const ops = flows.flatMap((f) => f.steps.map((s) => s.op));
    expect(ops.filter((op) => !contract.hasOperation(op))).toEqual([]);
    const unnamed = flows.flatMap((f) =>
      f.steps.flatMap((s) =>
        [...contract.operation(s.op).path.matchAll(/\{([^}]+)\}/g)].filter((m) => !s.params?.[m[1]]).map(() => `${f.name} ${s.op}`),
      ),
    );
    expect(unnamed).toEqual([]);
  });

  it('keep what the flow table had: which charge, which machine each polls to which end, refunds, mock-only', () => {
    const actual = flows.map((f) => [
      f.name,
      {
        charges: charges(contract, f),
        polls: f.steps
          .filter((s) => s.poll)
          .map((s) => `${contract.stateMachines().find((m) => m.pollOperationIds.includes(s.op))?.name} ${s.poll}`),
        refund: f.refund === true,
        mockOnly: f.mockOnly === true,
      },
    ]);
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(EXPECTED));
  });

  it('cover every state machine the contract has', () => {
    const touched = new Set(flows.flatMap((f) => f.steps.map((s) => s.op)));
    expect(
      contract
        .stateMachines()
        .filter((m) => !m.pollOperationIds.some((id) => touched.has(id)))
        .map((m) => m.name),
    ).toEqual([]);
  });

  it('poll at the contract cadence: every retry waits within the machine polling interval', () => {
    const offenders: string[] = [];
    for (const file of flowFiles()) {
      for (const wf of YAML.parse(readFileSync(file, 'utf8')).workflows)
        for (const step of wf.steps)
          for (const action of step.onFailure ?? []) {
            if (action.type !== 'retry') continue;
            const machine = contract.stateMachines().find((m) => m.pollOperationIds.includes(step.operationId));
            const cadence = machine?.pollIntervalSeconds ?? contract.limits().pollIntervalSeconds;
            if (!cadence || action.retryAfter < cadence.min || action.retryAfter > cadence.max)
              offenders.push(`${wf.workflowId} ${step.stepId}`);
          }
    }
    expect(offenders).toEqual([]);
  });

  it('fail loudly on an operationId the contract lacks', () => {
    const file = mutated('account.arazzo.yaml', (doc) => {
      doc.workflows[0].steps[0].operationId = 'getAutoTopupRenamed';
    });
    expect(() => loadFlows(contract, [file])).toThrow(/operationId getAutoTopupRenamed is not in the contract/);
  });

  it('check the vendor extensions: unknown, misplaced and malformed ones are errors', () => {
    const file = mutated('clips.arazzo.yaml', (doc) => {
      doc.workflows[0]['x-mock-onyl'] = true;
      doc.workflows[1]['x-expect-refund'] = 'yes';
      doc.workflows[2].steps[0]['x-mock-only'] = true;
    });
    const error = (() => {
      try {
        loadFlows(contract, [file]);
      } catch (e) {
        return String(e);
      }
      return '';
    })();
    expect(error).toMatch(/x-mock-onyl is not a known extension/);
    expect(error).toMatch(/x-expect-refund .*must be equal to constant/);
    expect(error).toMatch(/x-mock-only is a workflow extension/);
  });

  it('refuse a mock:fail payload outside a mock-only workflow, and a poll on a state the machine does not end in', () => {
    const file = mutated('clips.arazzo.yaml', (doc) => {
      delete doc.workflows[1]['x-mock-only'];
      doc.workflows[0].steps[3].successCriteria[1].condition = "$response.body#/data/asset/status == 'queued'";
    });
    expect(() => loadFlows(contract, [file])).toThrow(/carries mock:fail but the workflow is not x-mock-only/);
    expect(() => loadFlows(contract, [file])).toThrow(/queued is neither a success nor a failure state/);
  });

  it('refuse a payload that drifts from every request example of its operation', () => {
    const file = mutated('drafts.arazzo.yaml', (doc) => {
      doc.workflows[1].steps[0].requestBody.payload = { titel: 'typo' };
    });
    expect(() => loadFlows(contract, [file])).toThrow(/does not spell out any request example of createBRollVideo/);
  });
});
