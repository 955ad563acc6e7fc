// No function over 80 lines in the product's sources (mock/, qa/, lib/, client/, mcp/, scripts/), the
// JavaScript written by hand among them (the docs page's browser scripts, .mjs tools): a function that
// long does several jobs, and the next maintainer has to read all of it to change one. Measured with
// TypeScript's own parser (JavaScript parsed as JavaScript), from
// the function's first line to its last (functions, methods, constructors, arrow functions and
// function expressions; a nested function counts in its own right and inside its parent).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ANY_SCRIPT, ROOT, repoSources } from '../support/sources.js';

const SCANNED = ['mock', 'qa', 'lib', 'client', 'mcp', 'scripts'];
const MAX_LINES = 80;

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** Every function of a source text longer than MAX_LINES, as `file:line name (N lines)`. */
function longFunctions(file: string, text: string): string[] {
  const kind = /\.[mc]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = node.name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
      if (lines > MAX_LINES) found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('functions do one job', () => {
  it(`no function in ${SCANNED.join('/, ')}/ is over ${MAX_LINES} lines`, () => {
    const files = repoSources(SCANNED, ANY_SCRIPT);
    expect(files.length).toBeGreaterThan(50);
    // The browser scripts are read too, not only the TypeScript.
    expect(files).toContain('mock/docs/try-it.js');
    const long = files.flatMap((file) => longFunctions(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(long).toEqual([]);
  });

  it('finds a function over the limit, nested or not (so the check above can fail)', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function short() {\n${body(MAX_LINES - 2)}\n}`,
      `export function long() {\n${body(MAX_LINES - 1)}\n}`,
      `export class C {\n  m() {\n    const inner = () => {\n${body(MAX_LINES)}\n    };\n  }\n}`,
    ].join('\n');
    expect(longFunctions('x.ts', text)).toEqual([
      `x.ts:${MAX_LINES + 1} long (${MAX_LINES + 1} lines)`,
      `x.ts:${2 * MAX_LINES + 3} m (${MAX_LINES + 4} lines)`,
      `x.ts:${2 * MAX_LINES + 4} inner (${MAX_LINES + 2} lines)`,
    ]);
  });
});
