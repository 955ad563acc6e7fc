// The rules table of a conformance run: every stated rule the contract carries (lib/contract's
// statedRules), each with its verdict on this target: passed, failed (with the request and the
// answer that broke it), or not reachable here and why (one token, charges not allowed, no entry to
// compare). A failure outranks a pass, and a pass outranks "not reachable": a rule checked several
// times (ownership on every seeded resource) keeps its worst finding.
import type { StatedRule } from '../../../lib/contract/index.js';
import type { JUnitCase } from '../../proxy/report.js';
import type { RuleRow } from '../../report/model.js';

export type { RuleRow };
export type Verdict = RuleRow['verdict'];

const RANK: Record<Verdict, number> = { 'not reachable': 0, passed: 1, failed: 2 };
const MAX_EVIDENCE = 5;

export class RulesTable {
  private readonly rows = new Map<string, RuleRow>();

  constructor(rules: readonly StatedRule[], why = 'no part of this run reached it') {
    for (const r of rules)
      this.rows.set(r.id, {
        id: r.id,
        family: r.family,
        operationIds: r.operationIds,
        rule: r.text,
        verdict: 'not reachable',
        why,
        evidence: [],
      });
  }

  has(id: string): boolean {
    return this.rows.has(id);
  }

  verdict(id: string): Verdict | undefined {
    return this.rows.get(id)?.verdict;
  }

  /** Rules of one family (their ids), for the checks that walk them. */
  ids(family: string): string[] {
    return [...this.rows.values()].filter((r) => r.family === family).map((r) => r.id);
  }

  private set(id: string, verdict: Verdict, why?: string): RuleRow | undefined {
    const row = this.rows.get(id);
    if (!row || RANK[verdict] < RANK[row.verdict]) return undefined;
    if (RANK[verdict] > RANK[row.verdict] || verdict === 'not reachable') row.why = why;
    row.verdict = verdict;
    return row;
  }

  pass(id: string, what?: string): void {
    this.set(id, 'passed', what);
  }

  fail(id: string, evidence: string): void {
    const row = this.set(id, 'failed', undefined);
    if (row && row.evidence.length < MAX_EVIDENCE) row.evidence.push(evidence);
  }

  /** Says why a rule was not checked, unless it already has a verdict. */
  unreachable(id: string, why: string): void {
    this.set(id, 'not reachable', why);
  }

  list(): RuleRow[] {
    return [...this.rows.values()];
  }

  failed(): RuleRow[] {
    return this.list().filter((r) => r.verdict === 'failed');
  }

  counts(): Record<Verdict, number> {
    const out: Record<Verdict, number> = { passed: 0, failed: 0, 'not reachable': 0 };
    for (const r of this.rows.values()) out[r.verdict]++;
    return out;
  }

  /** One JUnit case per rule: a failure with its evidence, a skip with why it was not reachable. */
  junitCases(): JUnitCase[] {
    return this.list().map((r) => ({
      name: `${r.family}: ${r.id}`,
      failures: r.verdict === 'failed' ? [{ type: 'RULE', text: `${r.rule}\n\n${r.evidence.join('\n\n')}` }] : [],
      skipped: r.verdict === 'not reachable' ? (r.why ?? 'not reachable') : undefined,
      time: 0,
    }));
  }

  /** Rows from another table (a shard's): each rule keeps its worst verdict. */
  absorb(rows: readonly RuleRow[]): void {
    for (const r of rows) {
      if (!this.rows.has(r.id)) this.rows.set(r.id, { ...r, evidence: [...r.evidence] });
      else if (r.verdict === 'failed') for (const e of r.evidence.length ? r.evidence : ['(no evidence kept)']) this.fail(r.id, e);
      else if (r.verdict === 'passed') this.pass(r.id, r.why);
    }
  }
}

/** The table as lines for the console: the failures and the unreachable in full, the passes counted. */
export function formatRules(table: RulesTable): string[] {
  const c = table.counts();
  const lines = [`rules table: ${c.passed} passed, ${c.failed} failed, ${c['not reachable']} not reachable on this target`];
  for (const r of table.list()) {
    if (r.verdict === 'failed')
      lines.push(`  ✗ ${r.family}: ${r.rule}`, ...r.evidence.map((e) => `      ${e.split('\n').join('\n      ')}`));
  }
  const unreachable = new Map<string, string[]>();
  for (const r of table.list().filter((x) => x.verdict === 'not reachable')) {
    const why = r.why ?? 'not reachable';
    unreachable.set(why, [...(unreachable.get(why) ?? []), r.id]);
  }
  for (const [why, ids] of unreachable)
    lines.push(`  - not reachable (${why}): ${ids.length} rule(s): ${ids.slice(0, 6).join(', ')}${ids.length > 6 ? ', ...' : ''}`);
  return lines;
}
