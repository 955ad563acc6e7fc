// The contract's runtime rules (lib/contract/lifecycle.ts, lib/contract/paths.ts), in-process:
// the one path matcher and the one reading of each state machine that the mock and the
// validating proxy share.
import { describe, expect, it } from 'vitest';
import { ContractModel, fillPath, type Lifecycle, lifecycles, PathMatcher } from '../../lib/contract/index.js';

const contract = ContractModel.load();
const operations = contract.operations();
const matcher = new PathMatcher(operations);
const rules = lifecycles(contract.stateMachines());

/** A concrete path of a template: each parameter filled with a value that needs decoding. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'a%20b');

describe('the path matcher', () => {
  it('routes every operation of the contract to itself, with its parameters decoded', () => {
    expect.hasAssertions();
    const offenders = operations.filter((op) => {
      const m = matcher.match(op.method, concrete(op.path));
      return m.kind !== 'operation' || m.op.id !== op.id || Object.values(m.params).some((v) => v !== 'a b');
    });
    expect(offenders.map((op) => `${op.method.toUpperCase()} ${op.path}`)).toEqual([]);
  });

  it('prefers a literal segment to a parameter (/faceless/options is not a faceless id)', () => {
    expect.hasAssertions();
    const m = matcher.match('GET', '/faceless/options');
    expect(m.kind === 'operation' && m.template).toBe('/faceless/options');
  });

  it('answers not-found for a path no template covers, and ignores one trailing slash', () => {
    expect.hasAssertions();
    expect(matcher.match('GET', '/no-such-resource').kind).toBe('not-found');
    expect(matcher.match('GET', '/me/').kind).toBe('operation');
    expect(matcher.match('GET', '/faceless//render').kind).toBe('not-found');
  });

  it('answers method-not-allowed with exactly the methods the contract declares on that path', () => {
    expect.hasAssertions();
    const m = matcher.match('DELETE', '/me');
    const declared = operations.filter((op) => op.path === '/me').map((op) => op.method.toUpperCase());
    expect(m).toEqual({ kind: 'method-not-allowed', template: '/me', allow: declared });
    // A literal path lists its own methods, not those of a parameter template it also fits.
    const options = matcher.match('DELETE', '/faceless/options');
    expect(options.kind === 'method-not-allowed' && options.allow).toEqual(['GET']);
  });

  it('fills every template back into a path that routes to its operation with the same parameters, and names what is missing', () => {
    const offenders = operations.filter((op) => {
      const { path, missing } = fillPath(op.path, (name) => `${name} /?`);
      const m = matcher.match(op.method, path);
      return missing.length || m.kind !== 'operation' || m.op.id !== op.id || Object.entries(m.params).some(([k, v]) => v !== `${k} /?`);
    });
    expect(offenders.map((op) => `${op.method.toUpperCase()} ${op.path}`)).toEqual([]);
    expect(fillPath('/faceless/{faceless}/render', () => undefined)).toEqual({
      path: '/faceless/{faceless}/render',
      missing: ['faceless'],
    });
    expect(fillPath('/faceless/{faceless}', () => null)).toEqual({ path: '/faceless/{faceless}', missing: ['faceless'] });
  });
});

describe('the state machines at run time', () => {
  const machines = [...rules.values()];

  it('reads the status of every poll example at the machine status location', () => {
    expect.hasAssertions();
    const offenders: string[] = [];
    for (const rule of machines) {
      for (const pollId of rule.machine.pollOperationIds) {
        for (const [name, body] of Object.entries(contract.examples(contract.operation(pollId)))) {
          const value = rule.statusIn(body);
          if (value !== undefined && value !== null && !rule.stateOf(value) && rule.closed) offenders.push(`${rule.name} ${name}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('takes the failure branch of an automatic step when a failure is wanted, the success branch (if any) otherwise', () => {
    expect.hasAssertions();
    const branching = machines.filter((rule) => rule.machine.transitions.some((t) => t.automatic && t.outcome === 'failure'));
    expect(branching.length).toBeGreaterThan(0);
    for (const rule of branching) {
      const fork = rule.machine.transitions.find((t) => t.automatic && t.outcome === 'failure');
      expect(rule.nextAutomatic(fork!.from, 'failure')?.to, rule.name).toBe(fork!.to);
      const success = rule.machine.transitions.find((t) => t.automatic && t.from === fork!.from && t.outcome === 'success');
      expect(rule.nextAutomatic(fork!.from, 'success')?.to, rule.name).toBe(success?.to);
    }
  });

  it('refunds exactly on the transitions marked refund, from every state the service reaches them from', () => {
    expect.hasAssertions();
    const offenders: string[] = [];
    for (const rule of machines) {
      for (const state of rule.machine.states) {
        for (const target of rule.machine.states) {
          const marked = rule.machine.transitions.some(
            (t) => t.refund && t.to === target && t.from !== null && rule.reachable(state).has(t.from),
          );
          if (Boolean(rule.refunds(state, target)) !== marked) offenders.push(`${rule.name} ${state}->${target}`);
        }
      }
    }
    expect(offenders).toEqual([]);
    // A success state never refunds; an observer that saw no earlier state still expects the refund.
    const clip = rules.get('TextToVideoAssetStatus') as Lifecycle;
    expect(clip.refunds('draft', 'success')).toBeUndefined();
    expect(clip.refunds('draft', 'failed')?.refund).toBe(true);
    expect(clip.refunds(undefined, 'failed')?.refund).toBe(true);
  });

  it('reaches only the states automatic transitions lead to, and no state after a terminal one', () => {
    expect.hasAssertions();
    for (const rule of machines) {
      for (const terminal of rule.machine.terminal) expect([...rule.reachable(terminal)], rule.name).toEqual([terminal]);
    }
  });
});
