// The table of current scores per folder in docs/testing.md, which `npm run mutation` writes: after a
// run that finished, each folder of stryker.config.mjs's FOLDERS that the run measured whole gets its
// row again (score, detected, alive, and the tools that measured it); the other rows stay as they
// were, in FOLDERS' order. The table sits between two comment lines, so the guide around it is prose.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Score } from './survivors.js';

export const TABLE_START = '<!-- mutation scores: npm run mutation writes this table -->';
export const TABLE_END = '<!-- end of mutation scores -->';
const HEADER = ['| folder | score | killed and timed out | left alive | measured with |', '| --- | ---: | ---: | ---: | --- |'];

const thousands = (n: number) => n.toLocaleString('en-US');

/** One row of the table for a folder's score. */
export function scoreRow(score: Score, tools: string): string {
  const percent = score.score === undefined ? 'n/a' : `${score.score.toFixed(1)}%`;
  return `| \`${score.place}\` | ${percent} | ${thousands(score.detected)} | ${thousands(score.alive)} | ${tools} |`;
}

/** The rows of the table in `markdown` by folder (the folder cell without its backticks). */
function rowsOf(table: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of table.split('\n')) {
    const folder = /^\| `([^`]+)` \|/.exec(line)?.[1];
    if (folder) rows.set(folder, line);
  }
  return rows;
}

/**
 * `markdown` with the table's rows for `scores` written anew (only folders of `folders` with a valid
 * mutant), every other row kept, rows in `folders`' order. Throws when the table's markers are missing.
 */
export function withScores(markdown: string, scores: readonly Score[], folders: readonly string[], tools: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the score table's markers (${TABLE_START} … ${TABLE_END}) are not in the guide`);
  const rows = rowsOf(markdown.slice(start, end));
  for (const score of scores) if (folders.includes(score.place) && score.score !== undefined) rows.set(score.place, scoreRow(score, tools));
  const ordered = folders.filter((folder) => rows.has(folder)).map((folder) => rows.get(folder)!);
  const table = [TABLE_START, ...HEADER, ...ordered, ''].join('\n');
  return `${markdown.slice(0, start)}${table}${markdown.slice(end)}`;
}

/** Writes the measured folders' rows into docs/testing.md; returns whether the file changed. */
export function writeScoreTable(root: string, scores: readonly Score[], folders: readonly string[], tools: string): boolean {
  const guide = path.join(root, 'docs', 'testing.md');
  const before = readFileSync(guide, 'utf8');
  const after = withScores(before, scores, folders, tools);
  if (after !== before) writeFileSync(guide, after);
  return after !== before;
}

/** The tools that measure, from the repository's devDependencies: "StrykerJS 10.1.1, Vitest 5.1.2". */
export function toolVersions(root: string): string {
  const dev = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
  return `StrykerJS ${dev['@stryker-mutator/core']}, Vitest ${dev.vitest}`;
}
