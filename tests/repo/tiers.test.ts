// Every test file is in the tier that fits what it does (tests/tiers.ts): a file of the unit tier runs
// beside others in parallel, so it must start no process and no browser; a file named for the process
// or browser tier must exist, and a browser file must open a browser. A new test goes into the unit
// tier by default: this check says when it belongs elsewhere.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, repoSources } from '../support/sources.js';
import { BROWSER_FILES, OWN_WORKER_FILES, PROCESS_FILES } from '../tiers.js';
import { needsOwnGraph } from '../support/own-graph.js';

/** What starts another process or a browser: the marks of the process and browser tiers. */
const STARTS_PROCESS =
  /from 'node:child_process'|\buseMock\(|\bstartMockProcess\b|support\/proxy-process\.js'|conformance\/local-mock\.js'|\brunSuite\(|harness\.js';[\s\S]*\bstartMock\(/;
const OPENS_BROWSER = /\blaunchChromium\(|\bchromiumExecutable\(/;

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const THIS_FILE = 'tests/repo/tiers.test.ts'; // its examples of the marks are strings
const testFiles = repoSources(['tests']).filter((f) => f.endsWith('.test.ts') && !f.startsWith('tests/packages/') && f !== THIS_FILE);
const unitFiles = testFiles.filter((f) => !PROCESS_FILES.includes(f) && !BROWSER_FILES.includes(f));

describe('the test tiers', () => {
  it('no file of the unit tier starts a process or opens a browser', () => {
    expect(unitFiles.length).toBeGreaterThan(50);
    expect(unitFiles.filter((f) => STARTS_PROCESS.test(read(f)) || OPENS_BROWSER.test(read(f)))).toEqual([]);
  });

  it('every file named for the process or browser tier exists, each in one tier; the browser files open a browser', () => {
    const named = [...PROCESS_FILES, ...BROWSER_FILES];
    expect(named.filter((f) => !existsSync(path.join(ROOT, f)))).toEqual([]);
    expect(named.filter((f, i) => named.indexOf(f) !== i)).toEqual([]);
    expect(BROWSER_FILES.filter((f) => !OPENS_BROWSER.test(read(f)))).toEqual([]);
  });

  it('every unit file that puts a DOM on globalThis runs in a worker of its own, and only those', () => {
    const dom = unitFiles.filter((f) => /\bbuiltinEnvironments\b/.test(read(f)));
    expect(dom.length).toBeGreaterThan(0);
    expect(dom.every((f) => needsOwnGraph(path.join(ROOT, f)))).toBe(true);
    expect([...OWN_WORKER_FILES].sort()).toEqual(dom.sort());
  });

  it('the marks are recognised (so the checks above can fail)', () => {
    expect(STARTS_PROCESS.test("import { spawn } from 'node:child_process';")).toBe(true);
    expect(STARTS_PROCESS.test('const mock = useMock();')).toBe(true);
    expect(STARTS_PROCESS.test("import { call } from '../support/mock-harness.js';\nconst m = await startMock();")).toBe(true);
    // startMock of mock/start-mock.ts runs in process.
    expect(STARTS_PROCESS.test("import { startMock } from '../../mock/start-mock.js';\nawait startMock({ port: 0 });")).toBe(false);
    expect(OPENS_BROWSER.test('const context = await launchChromium(dir);')).toBe(true);
  });
});
