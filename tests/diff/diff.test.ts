// The contract diff and its gate, proved both ways: a copy of the bundle with one injected change per
// class goes through the diff and the gate in process, which must classify it as expected; the gate
// must fail on each breaking change and pass on each non-breaking one. 'the gate' runs the real
// `npm run diff` command (--base the bundle, --head the copy). Targets are picked from the contract
// through the model, never named here.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_JSON, ContractModel, escapeToken, toPointer } from '../../lib/contract/index.js';
import { diffContracts, gateProblems } from '../../scripts/diff/diff.js';
import { releases } from '../../scripts/diff/releases.js';
import type { Change } from '../../scripts/diff/types.js';
import { testTempDir } from '../support/temp-dirs.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TMP = testTempDir('contract-diff-test-');

const original = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'));
const BASE_FILE = path.join(TMP, 'base.json');
writeFileSync(BASE_FILE, JSON.stringify(original));

type Doc = any;

let n = 0;
function runDiff(head: Doc, extra: string[] = []): Promise<{ code: number; changes: Change[]; stderr: string }> {
  const file = path.join(TMP, `head-${n++}.json`);
  writeFileSync(file, JSON.stringify(head));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'diff', 'main.ts'), '--base', BASE_FILE, '--head', file, '--json', ...extra],
      { cwd: ROOT, maxBuffer: 1 << 26 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, changes: stdout.trim() ? JSON.parse(stdout).changes : [], stderr });
      },
    );
  });
}

const model = () => ContractModel.of(structuredClone(original));
const ptr = (...keys: string[]) => toPointer(keys);
const ENTRY = { date: '2099-01-01', changes: ['An injected change.'] };

/** A component schema's name behind a `$ref` (or undefined). */
const refName = (node: Doc): string | undefined => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined);

interface Case {
  name: string;
  class: Change['class'];
  message: RegExp;
  /** Edits the copy; returns the pointer (or a prefix of it) where the change must be reported. */
  inject(doc: Doc): string;
}

const charging = (doc: Doc) =>
  ContractModel.of(doc)
    .operations()
    .find((o) => o.operation['x-credits']?.charges && o.operation['x-credits'].cost !== undefined)!;
const refundMachine = (doc: Doc) =>
  ContractModel.of(doc)
    .stateMachines()
    .find((m) => m.transitions.some((t) => t.refund))!;
const polledMachine = (doc: Doc) =>
  ContractModel.of(doc)
    .stateMachines()
    .find((m) => m.pollOperationIds.length && doc.components.schemas[m.name].enum)!;

const CASES: Case[] = [
  {
    name: 'an operation removed',
    class: 'breaking',
    message: /Removed/i,
    inject(doc) {
      const op = model().operations()[0];
      delete doc.paths[op.path][op.method];
      return op.pointer;
    },
  },
  {
    name: 'an optional request field becomes required',
    class: 'breaking',
    message: /required/i,
    inject(doc) {
      for (const op of model().operations()) {
        const name = refName(op.operation.requestBody && (op.operation.requestBody as Doc).content?.['application/json']?.schema);
        const schema = name && doc.components.schemas[name];
        const optional = schema?.properties && Object.keys(schema.properties).find((p) => !(schema.required ?? []).includes(p));
        if (!optional) continue;
        schema.required = [...(schema.required ?? []), optional];
        return `${op.pointer}/requestBody`;
      }
      throw new Error('no request body with an optional field');
    },
  },
  {
    name: 'a required response field removed',
    class: 'breaking',
    message: /Removed response field `/,
    inject(doc) {
      const [name, schema] = Object.entries<Doc>(doc.components.schemas).find(
        ([n, s]) => n === 'CreditCharge' || (s.required?.length && s.properties && !s.enum),
      )!;
      const field = schema.required[0];
      delete schema.properties[field];
      schema.required = schema.required.slice(1);
      const user = model()
        .operations()
        .find((o) => JSON.stringify(o.operation.responses).includes(`/${name}"`) || JSON.stringify(doc).length < 0);
      return user ? `${user.pointer}/responses` : '/paths';
    },
  },
  {
    name: 'a response status code removed',
    class: 'breaking',
    message: /Removed/i,
    inject(doc) {
      const op = model()
        .operations()
        .find((o) => Object.keys(o.operation.responses ?? {}).includes('404'))!;
      delete doc.paths[op.path][op.method].responses['404'];
      return `${op.pointer}/responses/404`;
    },
  },
  {
    name: 'a value added to a response enum (breaks exhaustive switches)',
    class: 'breaking',
    message: /enum|exhaustive/i,
    inject(doc) {
      const m = polledMachine(doc);
      doc.components.schemas[m.name].enum.push('injected_state');
      const op = model().operation(m.pollOperationIds[0]);
      return `${op.pointer}/responses`;
    },
  },
  {
    name: 'a new optional request field',
    class: 'non-breaking',
    message: /Added|property/i,
    inject(doc) {
      for (const op of model().operations()) {
        const name = refName((op.operation.requestBody as Doc)?.content?.['application/json']?.schema);
        const schema = name && doc.components.schemas[name];
        if (!schema?.properties) continue;
        schema.properties.injected_option = { type: 'string', description: 'An injected optional field.' };
        return `${op.pointer}/requestBody`;
      }
      throw new Error('no request body with properties');
    },
  },
  {
    name: 'a new operation',
    class: 'non-breaking',
    message: /Added/i,
    inject(doc) {
      const op = model()
        .operations()
        .find((o) => o.method === 'get')!;
      doc.paths['/injected'] = { get: { ...structuredClone(doc.paths[op.path].get), operationId: 'getInjected', parameters: [] } };
      return ptr('paths', '/injected');
    },
  },
  {
    name: 'a description reworded',
    class: 'docs',
    message: /description/i,
    inject(doc) {
      const op = model().operations()[0];
      doc.paths[op.path][op.method].description = `${op.operation.description ?? ''} Reworded.`;
      return `${op.pointer}/description`;
    },
  },
  {
    name: 'x-credits: a free operation starts charging',
    class: 'breaking',
    message: /starts charging/,
    inject(doc) {
      const op = model()
        .operations()
        .find((o) => !o.operation['x-credits']?.charges)!;
      doc.paths[op.path][op.method]['x-credits'].charges = true;
      return `${op.pointer}/x-credits/charges`;
    },
  },
  {
    name: 'x-credits: a higher flat cost',
    class: 'breaking',
    message: /costs more/,
    inject(doc) {
      const op = charging(doc);
      doc.paths[op.path][op.method]['x-credits'].cost += 1;
      return `${op.pointer}/x-credits/cost`;
    },
  },
  {
    name: 'x-credits: a lower flat cost',
    class: 'non-breaking',
    message: /cost changes/,
    inject(doc) {
      const op = charging(doc);
      doc.paths[op.path][op.method]['x-credits'].cost -= 1;
      return `${op.pointer}/x-credits/cost`;
    },
  },
  {
    name: 'x-credits: a refund rule removed',
    class: 'breaking',
    message: /refund rule/,
    inject(doc) {
      const op = model()
        .operations()
        .find((o) => o.operation['x-credits']?.refund)!;
      delete doc.paths[op.path][op.method]['x-credits'].refund;
      return `${op.pointer}/x-credits/refund`;
    },
  },
  {
    name: 'x-state-machine: a transition removed',
    class: 'breaking',
    message: /transition .* is removed/,
    inject(doc) {
      const m = refundMachine(doc);
      const sm = doc.components.schemas[m.name]['x-state-machine'];
      sm.transitions = sm.transitions.filter((t: Doc) => !t.refund);
      return ptr('components', 'schemas', m.name, 'x-state-machine', 'transitions');
    },
  },
  {
    name: 'x-state-machine: a new terminal state',
    class: 'breaking',
    message: /becomes a terminal/,
    inject(doc) {
      const m = ContractModel.of(doc)
        .stateMachines()
        .find((x) => x.states.some((s) => !x.terminal.includes(s)))!;
      const sm = doc.components.schemas[m.name]['x-state-machine'];
      sm.terminal.push(m.states.find((s) => !m.terminal.includes(s)));
      return ptr('components', 'schemas', m.name, 'x-state-machine', 'terminal');
    },
  },
  {
    name: 'x-state-machine: a state added to a polled status',
    class: 'breaking',
    message: /pollers/,
    inject(doc) {
      const m = polledMachine(doc);
      doc.components.schemas[m.name]['x-state-machine'].states.push('injected_state');
      doc.components.schemas[m.name].enum.push('injected_state');
      return ptr('components', 'schemas', m.name, 'x-state-machine', 'states');
    },
  },
  {
    name: 'x-state-machine: a transition added',
    class: 'non-breaking',
    message: /gains the transition/,
    inject(doc) {
      const m = refundMachine(doc);
      const sm = doc.components.schemas[m.name]['x-state-machine'];
      sm.transitions.push({ ...structuredClone(sm.transitions[0]), trigger: 'an injected trigger' });
      return ptr('components', 'schemas', m.name, 'x-state-machine', 'transitions');
    },
  },
  {
    name: 'x-unspecified: a guess becomes a stated rule (now checked strictly)',
    class: 'non-breaking',
    message: /now checked strictly/,
    inject(doc) {
      // The limits the source leaves open become stated (the marker goes; the limits would follow).
      delete doc.info['x-limits']['x-unspecified'];
      return '/info/x-limits/x-unspecified';
    },
  },
  {
    name: 'x-unspecified: a stated rule becomes a guess (a request body no longer required)',
    class: 'non-breaking',
    message: /becomes a guess/,
    inject(doc) {
      // As when a guessed `required: true` on a request body gives way to a marker.
      const op = model()
        .operations()
        .find((o) => (o.operation.requestBody as Doc)?.required === true)!;
      const body = doc.paths[op.path][op.method].requestBody;
      body.required = false;
      body['x-unspecified'] = 'Whether the body is required is not shown.';
      return `${op.pointer}/requestBody/x-unspecified`;
    },
  },
  {
    name: 'x-limits: a tighter maximum',
    class: 'breaking',
    message: /tighter/,
    inject(doc) {
      const [key, value] = Object.entries<Doc>(doc.info['x-limits']).find(([, v]) => typeof v?.max === 'number')!;
      value.max -= 1;
      return ptr('info', 'x-limits', key, 'max');
    },
  },
  {
    name: 'x-limits: a looser maximum',
    class: 'non-breaking',
    message: /looser/,
    inject(doc) {
      const [key, value] = Object.entries<Doc>(doc.info['x-limits']).find(([, v]) => typeof v?.max === 'number')!;
      value.max += 1;
      return ptr('info', 'x-limits', key, 'max');
    },
  },
  {
    name: 'x-rate-limit: fewer requests per minute',
    class: 'breaking',
    message: /rate limit/,
    inject(doc) {
      doc.info['x-rate-limit'].requestsPerMinute -= 1;
      return '/info/x-rate-limit/requestsPerMinute';
    },
  },
];

/** The diff and the gate in process, as `npm run diff -- --gate` runs them (the command itself is
 *  run in 'the gate' below and in tests/diff/corpus.test.ts). */
function gateInProcess(head: Doc): { code: number; changes: Change[]; stderr: string } {
  const result = diffContracts(original, head);
  const problems = gateProblems(result);
  return { code: problems.length ? 1 : 0, changes: result.changes, stderr: problems.join('\n') };
}

describe('the diff classifies each injected change', () => {
  it.each(CASES)('$name: $class', (c) => {
    const head = structuredClone(original);
    const at = c.inject(head);
    head.info['x-changelog'].unshift(ENTRY);
    const { code, changes, stderr } = gateInProcess(head);
    // At the place, or inside a component the operation reaches there (`via`: the `$ref` in the operation).
    const under = (p: string | undefined) =>
      p !== undefined && (p === at || p.startsWith(`${at}/`) || p.startsWith(`${escapeToken('')}${at}`));
    const found = changes.filter((x) => under(x.pointer) || under(x.via));
    expect(found.length, `no change reported at ${at}: ${JSON.stringify(changes.slice(0, 5))}`).toBeGreaterThan(0);
    const expected = found.filter((x) => x.class === c.class && c.message.test(x.message));
    expect(
      expected.length,
      `expected a ${c.class} change matching ${c.message} at ${at}, got ${JSON.stringify(found.slice(0, 5))}`,
    ).toBeGreaterThan(0);
    // The gate: a plain change-log entry covers a non-breaking change, never a breaking one.
    expect(code, stderr).toBe(c.class === 'breaking' ? 1 : 0);
    if (c.class === 'breaking') expect(stderr).toMatch(/breaking: true and pointers: \[/);
  });

  it.each(CASES.filter((c) => c.class === 'breaking'))('$name: passes the gate once acknowledged as the gate says', (c) => {
    const head = structuredClone(original);
    c.inject(head);
    const problems = gateProblems(diffContracts(original, head));
    // The author follows the message: breaking: true with the pointers it names.
    const named = problems.join('\n').match(/pointers: \[([^\]]*)\]/)?.[1] ?? '';
    const pointers = [...named.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(pointers.length).toBeGreaterThan(0);
    head.info['x-changelog'].unshift({ ...ENTRY, breaking: true, pointers });
    expect(gateProblems(diffContracts(original, head))).toEqual([]);
  });
});

describe('the gate', () => {
  it('reports no changes between a contract and itself (the last release against its own bundle)', async () => {
    const latest = releases().at(-1);
    if (!latest) throw new Error('no release in releases/');
    const released = JSON.parse(readFileSync(path.join(ROOT, 'releases', latest, 'openapi.json'), 'utf8'));
    const { code, changes } = await runDiff(released, ['--gate', '--base', path.join(ROOT, 'releases', latest)]);
    expect(changes).toEqual([]);
    expect(code).toBe(0);
  });

  it('refuses a behaviour change with no change-log entry and says what to add', async () => {
    const head = structuredClone(original);
    CASES.find((c) => c.class === 'non-breaking')!.inject(head);
    const { code, stderr } = await runDiff(head, ['--gate']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/no change-log entry for them: add an entry at the top of info.x-changelog in openapi\/openapi.yaml/);
  });

  it('without --gate (npm run diff) exits 0 on a non-breaking change and 1 on an unacknowledged breaking one', async () => {
    const nonBreaking = structuredClone(original);
    CASES.find((c) => c.class === 'non-breaking')!.inject(nonBreaking);
    const breaking = structuredClone(original);
    CASES.find((c) => c.class === 'breaking')!.inject(breaking);
    expect((await runDiff(nonBreaking)).code).toBe(0);
    expect((await runDiff(breaking)).code).toBe(1);
  });

  it("says a required name replaced by another in its own words only, with no line from the diff library's classifier", async () => {
    const head = structuredClone(original);
    // A name the schema's properties do not list (the library's classifier throws on it).
    head.components.schemas.TextToVideoCreateRequest.required[0] = 'duration';
    const { changes, stderr } = await runDiff(head);
    expect([changes.some((c) => c.class === 'breaking' && / becomes required/.test(c.message)), stderr.split('\n')[0]]).toEqual([
      true,
      expect.stringMatching(/^diff: 1 breaking change/),
    ]);
  });

  it('lets a documentation-only change through without an entry', async () => {
    const head = structuredClone(original);
    CASES.find((c) => c.class === 'docs')!.inject(head);
    const { code, changes } = await runDiff(head, ['--gate']);
    expect(changes.map((c) => c.class)).not.toContain('breaking');
    expect(code).toBe(0);
  });
});
