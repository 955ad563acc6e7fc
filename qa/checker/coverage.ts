// What a run covered, measured against the contract: operations called, documented responses
// seen, state-machine transitions and terminal states observed, error codes answered, charging
// calls made and refunds seen. Conformance (Schemathesis plus the flows) and the validating proxy
// feed the same recorder, so their coverage.json files read alike. A place the contract marks as
// a guess (x-unspecified) is listed apart under `lenient` and never counted as covered.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ContractModel, Lifecycle, relaxations } from '../../lib/contract/index.js';

export interface Ratio {
  covered: number;
  total: number;
}

export interface CoverageReport {
  operations: Ratio;
  responses: Ratio;
  transitions: Ratio & { byMachine: Record<string, Ratio> };
  terminalStates: Ratio;
  errorCodes: Ratio;
  charging: { called: number; total: number; refundsSeen: number };
  uncovered: {
    operations: string[];
    responses: string[];
    transitions: string[];
    terminalStates: string[];
    errorCodes: string[];
  };
  /** Operations checked only leniently (the source is silent there); a guessed operation is never counted. */
  lenient: string[];
}

/** The documented response key an observed status falls under: exact code, then `4XX`, then `default`. */
export function responseKey(documented: readonly string[], status: number): string | undefined {
  const exact = String(status);
  if (documented.includes(exact)) return exact;
  const range = `${exact[0]}XX`;
  if (documented.includes(range)) return range;
  return documented.includes('default') ? 'default' : undefined;
}

export class CoverageRecorder {
  readonly #operations = new Set<string>();
  readonly #responses = new Set<string>();
  readonly #transitions = new Set<string>();
  readonly #terminal = new Set<string>();
  readonly #codes = new Set<string>();
  #refunds = 0;
  readonly #machines: Lifecycle[];
  readonly #guessed: Set<string>;
  readonly #lenientList: string[];

  constructor(readonly contract: ContractModel) {
    this.#machines = contract.stateMachines().map((m) => new Lifecycle(m));
    const relaxed = relaxations(contract);
    // An operation whose path or method is a guess is never counted; one whose inputs are partly
    // not shown still has its answers checked strictly, so it counts, and is listed as lenient.
    this.#guessed = new Set(relaxed.filter((r) => r.kind === 'guess').map((r) => r.operationId));
    this.#lenientList = relaxed.map(
      (r) => `${r.operationId} (${r.kind === 'guess' ? 'path or method is a guess: not counted' : 'inputs partly not shown'})`,
    );
  }

  /** One answered call: the operation, its status and, for an error, the body's `error.code`. */
  exchange(operationId: string, status: number, body?: unknown): void {
    if (!this.contract.hasOperation(operationId)) return;
    const op = this.contract.operation(operationId);
    this.#operations.add(operationId);
    const key = responseKey(Object.keys(op.operation.responses), status);
    if (key) this.#responses.add(`${operationId} ${key}`);
    const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
    if (typeof code === 'string') this.#codes.add(code);
  }

  /**
   * A state change observed on a resource (`from` null: it entered the machine; undefined: the
   * observer saw no earlier state). A change that skipped automatic steps between two polls
   * (draft, then failed) covers each transition of that automatic path.
   */
  transition(machine: string, from: string | null | undefined, to: string): void {
    const rules = this.#machines.find((m) => m.name === machine);
    if (!rules) return;
    if (rules.isTerminal(to)) this.#terminal.add(`${machine} ${to}`);
    if (from === undefined) return;
    const direct = rules.machine.transitions.some((t) => t.from === from && t.to === to);
    const path = direct || from === null ? [[from, to] as const] : automaticPath(rules, from, to);
    for (const [a, b] of path) this.#transitions.add(`${machine} ${a ?? '(new)'}->${b}`);
  }

  refund(): void {
    this.#refunds += 1;
  }

  /** The figures so far; `refundsSeen` overrides the recorder's own count (the proxy's credit tracker confirms refunds). */
  report(refundsSeen = this.#refunds): CoverageReport {
    const ops = this.contract.operations().filter((op) => !this.#guessed.has(op.id));
    const responses = ops.flatMap((op) => Object.keys(op.operation.responses).map((code) => `${op.id} ${code}`));
    const byMachine: Record<string, Ratio> = {};
    const transitions: string[] = [];
    for (const m of this.#machines) {
      const list = m.machine.transitions.filter((t) => t.to !== null).map((t) => `${m.name} ${t.from ?? '(new)'}->${t.to}`);
      byMachine[m.name] = { covered: list.filter((t) => this.#transitions.has(t)).length, total: list.length };
      transitions.push(...list);
    }
    const terminal = this.#machines.flatMap((m) => m.machine.terminal.map((s) => `${m.name} ${s}`));
    const codes = [...new Set(this.contract.errorCatalogue().map((e) => e.code))];
    const charging = ops.filter((op) => op.credits?.charges);
    const ratio = (all: string[], seen: Set<string>): Ratio => ({ covered: all.filter((x) => seen.has(x)).length, total: all.length });
    return {
      operations: ratio(
        ops.map((op) => op.id),
        this.#operations,
      ),
      responses: ratio(responses, this.#responses),
      transitions: { ...ratio(transitions, this.#transitions), byMachine },
      terminalStates: ratio(terminal, this.#terminal),
      errorCodes: ratio(codes, this.#codes),
      charging: { called: charging.filter((op) => this.#operations.has(op.id)).length, total: charging.length, refundsSeen },
      uncovered: {
        operations: ops.map((op) => op.id).filter((id) => !this.#operations.has(id)),
        responses: responses.filter((r) => !this.#responses.has(r)),
        transitions: transitions.filter((t) => !this.#transitions.has(t)),
        terminalStates: terminal.filter((t) => !this.#terminal.has(t)),
        errorCodes: codes.filter((c) => !this.#codes.has(c)),
      },
      lenient: [...this.#lenientList],
    };
  }
}

/** The automatic transitions leading from `from` to `to`, shortest first found; empty when none does. */
function automaticPath(rules: Lifecycle, from: string, to: string): Array<readonly [string, string]> {
  const previous = new Map<string, string>();
  const queue = [from];
  while (queue.length) {
    const at = queue.shift() as string;
    if (at === to) break;
    for (const t of rules.machine.transitions) {
      if (t.automatic && t.from === at && t.to && !previous.has(t.to) && t.to !== from) {
        previous.set(t.to, at);
        queue.push(t.to);
      }
    }
  }
  if (!previous.has(to)) return [];
  const path: Array<readonly [string, string]> = [];
  for (let b = to; b !== from; b = previous.get(b) as string) path.unshift([previous.get(b) as string, b]);
  return path;
}

const percent = (r: Ratio) => (r.total ? (100 * r.covered) / r.total : 100);

/** The one console line a run ends with. */
export function coverageLine(report: CoverageReport): string {
  const part = (name: string, r: Ratio) => `${name} ${r.covered}/${r.total} (${percent(r).toFixed(0)}%)`;
  return [
    part('operations', report.operations),
    part('responses', report.responses),
    part('transitions', report.transitions),
    part('terminal states', report.terminalStates),
    part('error codes', report.errorCodes),
    `charging ${report.charging.called}/${report.charging.total}, refunds seen ${report.charging.refundsSeen}`,
    `${report.lenient.length} operations checked leniently (guessed ones not counted)`,
  ].join('; ');
}

/** A readable page: the figures, then every uncovered item, then what was only checked leniently. */
export function coverageMarkdown(report: CoverageReport, title = 'Coverage'): string {
  const list = (items: string[]) => (items.length ? items.map((i) => `- ${i}`).join('\n') : '- (none)');
  const row = (name: string, r: Ratio) => `| ${name} | ${r.covered} | ${r.total} | ${percent(r).toFixed(1)}% |`;
  return [
    `# ${title}`,
    '',
    '| what | covered | total | percent |',
    '| --- | ---: | ---: | ---: |',
    row('operations', report.operations),
    row('documented responses', report.responses),
    row('state-machine transitions', report.transitions),
    row('terminal states', report.terminalStates),
    row('error codes', report.errorCodes),
    '',
    `Charging operations called: ${report.charging.called} of ${report.charging.total}; refunds seen: ${report.charging.refundsSeen}.`,
    '',
    '## Transitions per machine',
    '',
    ...Object.entries(report.transitions.byMachine).map(([name, r]) => `- ${name}: ${r.covered}/${r.total}`),
    '',
    '## Not covered',
    '',
    '### Operations',
    list(report.uncovered.operations),
    '',
    '### Responses',
    list(report.uncovered.responses),
    '',
    '### Transitions',
    list(report.uncovered.transitions),
    '',
    '### Terminal states',
    list(report.uncovered.terminalStates),
    '',
    '### Error codes',
    list(report.uncovered.errorCodes),
    '',
    '## Checked leniently (the source is silent; an operation whose path or method is a guess is never counted)',
    list(report.lenient),
    '',
  ].join('\n');
}

/** `CONFORMANCE_MIN_COVERAGE` / `PROXY_MIN_COVERAGE`: percent of documented responses. Returns the failure text, if any. */
export function belowThreshold(report: CoverageReport, minPercent: number | undefined): string | undefined {
  if (minPercent === undefined) return undefined;
  const got = percent(report.responses);
  if (got >= minPercent) return undefined;
  const missing = report.uncovered.responses;
  return `coverage of documented responses ${got.toFixed(1)}% is below the minimum ${minPercent}%; not seen (${missing.length}): ${missing.join(', ')}`;
}

/** Writes coverage.json and coverage.md (the readable page) into a report directory. */
export function writeCoverage(dir: string, report: CoverageReport, title: string): { json: string; page: string } {
  mkdirSync(dir, { recursive: true });
  const json = path.join(dir, 'coverage.json');
  const page = path.join(dir, 'coverage.md');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(page, coverageMarkdown(report, title));
  return { json, page };
}

/** A minimum coverage setting (percent of documented responses), or undefined when unset. */
export function readMinCoverage(value: string | undefined, name: string): number | undefined {
  if (!value?.trim()) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new Error(`${name} must be a percent between 0 and 100, got "${value}"`);
  return n;
}

/**
 * Several runs' coverage as one (the shards of a split run): an item is covered when any run covered
 * it, so what stays uncovered is what every run left uncovered. Refunds seen add up; charging calls
 * are counted again from the merged operations.
 */
export function mergeCoverage(reports: readonly CoverageReport[], contract: ContractModel): CoverageReport {
  if (!reports.length) throw new Error('no coverage to merge');
  const common = (pick: (r: CoverageReport) => string[]) =>
    reports.map(pick).reduce((acc, list) => acc.filter((item) => list.includes(item)));
  const uncovered = {
    operations: common((r) => r.uncovered.operations),
    responses: common((r) => r.uncovered.responses),
    transitions: common((r) => r.uncovered.transitions),
    terminalStates: common((r) => r.uncovered.terminalStates),
    errorCodes: common((r) => r.uncovered.errorCodes),
  };
  const first = reports[0];
  const ratio = (total: number, missing: string[]): Ratio => ({ covered: total - missing.length, total });
  const byMachine = Object.fromEntries(
    Object.entries(first.transitions.byMachine).map(([name, r]) => [
      name,
      ratio(
        r.total,
        uncovered.transitions.filter((t) => t.startsWith(`${name} `)),
      ),
    ]),
  );
  // As the recorder counts them: charging operations whose path is not itself a guess.
  const guessed = new Set(
    relaxations(contract.doc)
      .filter((r) => r.kind === 'guess')
      .map((r) => r.operationId),
  );
  const charging = contract.operations().filter((op) => op.credits?.charges && !guessed.has(op.id));
  return {
    operations: ratio(first.operations.total, uncovered.operations),
    responses: ratio(first.responses.total, uncovered.responses),
    transitions: { ...ratio(first.transitions.total, uncovered.transitions), byMachine },
    terminalStates: ratio(first.terminalStates.total, uncovered.terminalStates),
    errorCodes: ratio(first.errorCodes.total, uncovered.errorCodes),
    charging: {
      called: charging.filter((op) => !uncovered.operations.includes(op.id)).length,
      total: first.charging.total,
      refundsSeen: reports.reduce((n, r) => n + r.charging.refundsSeen, 0),
    },
    uncovered,
    lenient: [...new Set(reports.flatMap((r) => r.lenient))],
  };
}
