// What `npm run diff:crosscheck` does alike for each independent tool it asks (oasdiff-crosscheck.ts,
// openapi-diff-crosscheck.ts): a tool gives its verdict per corpus case; this module sets ours beside
// it, prints the table, and checks each disagreement against the tool's section of CONTRIBUTING.md
// ("Where <tool> disagrees"): an unlisted one, or a listed one that now agrees, is a problem.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/project.js';
import type { CommandOutput } from './command.js';
import { verdict } from './corpus.js';
import { diffContracts } from './diff.js';

/** A tool's verdict on one corpus case (breaking, non-breaking, docs: a difference no rule judges,
 *  none; or a word of the tool's own), with the names the tool gives what it found. */
export interface ToolVerdict {
  theirs: string;
  rules: string;
}

/** A tool as the cross-check names it: in the table, in its messages and in CONTRIBUTING.md. */
export interface CrosscheckTool {
  name: string;
  /** The table's column for `rules`. */
  rulesColumn: string;
}

export interface Row extends ToolVerdict {
  id: string;
  ours: string;
  agree: boolean;
}

/** Our verdict beside theirs; docs agrees with none (a tool may not see what no rule judges). */
export function compareRow(id: string, { base, head }: { base: object; head: object }, theirs: ToolVerdict): Row {
  const ours = verdict(diffContracts(base, head).changes);
  const agree = theirs.theirs === ours || (theirs.theirs === 'none' && ours === 'docs');
  return { id, ...theirs, ours, agree };
}

export const sectionHeading = (tool: CrosscheckTool) => `Where ${tool.name} disagrees`;

/** Case ids listed in the tool's section of CONTRIBUTING.md (first column of its table, in backticks). */
export function listedDisagreements(tool: CrosscheckTool, text = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8')): Set<string> {
  const start = text.indexOf(`### ${sectionHeading(tool)}`);
  if (start < 0) return new Set();
  const section = text.slice(start).split(/\n#{2,3} /)[0];
  return new Set([...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));
}

function table(tool: CrosscheckTool, rows: Row[]): string {
  const lines = [`| case | ${tool.name} | ${tool.rulesColumn} | ours | agree |`, '| --- | --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${r.id} | ${r.theirs} | ${r.rules || '-'} | ${r.ours} | ${r.agree ? 'yes' : 'no'} |`);
  return lines.join('\n');
}

function disagreementProblems(tool: CrosscheckTool, rows: Row[], listed: Set<string>): string[] {
  const heading = sectionHeading(tool);
  const problems: string[] = [];
  for (const r of rows) {
    if (!r.agree && !listed.has(r.id))
      problems.push(
        `${r.id}: ${tool.name} says ${r.theirs}, we say ${r.ours}; list it in CONTRIBUTING.md ("${heading}") with the reason, or fix the rule`,
      );
    if (r.agree && listed.has(r.id)) problems.push(`${r.id}: now agrees with ${tool.name}; remove it from "${heading}" in CONTRIBUTING.md`);
  }
  return problems;
}

/** Prints the table, the count and every problem (those found before, then the disagreements');
 *  gives the exit code: 0 clean, 1 a problem. */
export function reportRows(
  tool: CrosscheckTool,
  rows: Row[],
  { contributing, out, earlier = [] }: { contributing?: string; out: CommandOutput; earlier?: string[] },
): number {
  out.log(table(tool, rows));
  const problems = [...earlier, ...disagreementProblems(tool, rows, listedDisagreements(tool, contributing))];
  const disagree = rows.filter((r) => !r.agree).length;
  out.log(
    `\ndiff:crosscheck: ${tool.name}: ${rows.length} cases, ${rows.length - disagree} agree, ${disagree} deliberate disagreement(s) listed in CONTRIBUTING.md`,
  );
  for (const p of problems) out.error(`diff:crosscheck: ${p}`);
  return problems.length ? 1 : 0;
}
