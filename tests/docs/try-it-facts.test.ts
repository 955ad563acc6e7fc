// What the "Try it" panels prefill and how their polling ends, from the contract (mock/docs/facts.ts):
// every required query or header parameter and every required body field or form part carries the
// contract's example, multipart bodies become parts (files and text), and a polled machine's states
// that only a call moves on are named with that call. Nothing here names an expected value the
// contract does not hold.
import { describe, expect, it } from 'vitest';
import { type ContractModel, Lifecycle, machinePolledBy, type Schema } from '../../lib/contract/index.js';
import { mockContract } from '../../mock/contract.js';
import { tryItFacts } from '../../mock/docs/facts.js';

const contract = mockContract();
const facts = tryItFacts(contract, '/v2', 'docs-try-it');

/** The required names of a request body's schema, `allOf` members included. */
function requiredOf(model: ContractModel, node: Schema | undefined): string[] {
  const schema = model.deref<Schema>(node);
  return [...(schema?.required ?? []), ...(schema?.allOf ?? []).flatMap((m) => requiredOf(model, m))];
}

describe('the Try it facts', () => {
  it('prefill every required query and header parameter', () => {
    const empty = facts.operations.flatMap((op) =>
      op.params.filter((p) => p.in !== 'path' && p.required && !p.value).map((p) => `${op.id} ${p.name}`),
    );
    expect(empty).toEqual([]);
    const estimate = facts.operations.find((op) => op.id === 'estimateTextToVideo')!;
    expect(estimate.params.find((p) => p.name === 'model')?.value).not.toBe('');
  });

  it('prefill every required field of a JSON body', () => {
    const missing = contract.operations().flatMap((entry) => {
      const op = facts.operations.find((o) => o.id === entry.id)!;
      const json = contract.deref(entry.operation.requestBody)?.content['application/json'];
      if (!json || op.body === '') return [];
      const body = JSON.parse(op.body);
      return requiredOf(contract, json.schema)
        .filter((name) => body[name] === undefined)
        .map((name) => `${op.id} ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it('give a multipart body its parts, files as files, and prefill every required text part', () => {
    const multipart = contract.operations().filter((op) => contract.deref(op.operation.requestBody)?.content['multipart/form-data']);
    expect(multipart.length).toBeGreaterThan(0);
    for (const entry of multipart) {
      const op = facts.operations.find((o) => o.id === entry.id)!;
      expect(op.nonJsonBody, entry.id).toBeUndefined();
      expect(
        op.multipart?.some((p) => p.file),
        entry.id,
      ).toBe(true);
      expect(
        op.multipart!.filter((p) => p.required && !p.file && !p.value).map((p) => p.name),
        entry.id,
      ).toEqual([]);
    }
    const clone = facts.operations.find((o) => o.id === 'createVoiceClone')!.multipart!;
    expect(clone.find((p) => p.name === 'samples[]')).toMatchObject({ file: true, multiple: true, required: true, accept: 'audio/*' });
  });

  it('name the call that moves on a polled resource in a state polling alone never leaves', () => {
    const machines = contract.stateMachines();
    for (const op of facts.operations.filter((o) => o.poll)) {
      const lifecycle = new Lifecycle(machinePolledBy(machines, op.id)!);
      for (const { state, message } of op.poll!.waiting) {
        const ids = lifecycle.waitsForCall(state).flatMap((t) => t.operationIds ?? []);
        expect(
          ids.some((id) => message.includes(`(${id})`)),
          `${op.id} ${state}: ${message}`,
        ).toBe(true);
      }
      expect(op.poll!.limitSeconds).toBeGreaterThan(0);
    }
    const draft = facts.operations.find((o) => o.id === 'getAiVisualsVideo')!.poll!;
    expect(draft.waiting.find((w) => w.state === null)?.message).toMatch(
      /has not started.*Send POST \/ai-visuals\/\{faceless\}\/render \(renderAiVisualsVideo\) first/,
    );
  });
});
