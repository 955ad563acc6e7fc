// How `npm test` runs its steps (scripts/lib/step-runner.ts), with small node programs as steps: the
// lanes of a stage run side by side, a step of a later lane prints its output whole after the stage,
// a non-zero exit counts as a failure, and a stop signal reaches the running steps and starts no more.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runStages, type Step, stopSteps, stoppedBy } from '../../scripts/lib/step-runner.js';
import { testTempDir } from '../support/temp-dirs.js';

const dir = testTempDir('step-runner-');
const node = (name: string, code: string): Step => ({ name, command: process.execPath, args: ['-e', code] });

/** A step that writes its start file, then waits up to 5 s for `other`'s: it exits 0 only if both run at once. */
const meets = (name: string, other: string): Step =>
  node(
    name,
    `const fs = require('fs'); fs.writeFileSync(${JSON.stringify(path.join(dir, name))}, '');
     const until = Date.now() + 5000;
     const look = () => fs.existsSync(${JSON.stringify(path.join(dir, other))}) ? process.exit(0) : Date.now() > until ? process.exit(1) : setTimeout(look, 20);
     look();`,
  );

/** What the runner printed in the current test (its own lines and the output of steps beside the first lane). */
let written: string[] = [];
beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
  vi.spyOn(console, 'log').mockImplementation((...line) => void written.push(line.join(' ')));
});
afterEach(() => vi.restoreAllMocks());

describe("npm test's step runner", () => {
  it('runs the lanes of a stage side by side, and the stages one after the other', async () => {
    const results = await runStages(dir, [{ lanes: [[meets('a', 'b')], [meets('b', 'a')]] }, node('after', 'process.exit(0)')]);
    expect(results.map((r) => [r.step.name, r.code])).toEqual([
      ['a', 0],
      ['b', 0],
      ['after', 0],
    ]);
  });

  it("prints a later lane's output whole after the stage, under its step's name", async () => {
    await runStages(dir, [
      { lanes: [[node('first', 'setTimeout(() => {}, 300)')], [node('second', "console.log('one'); console.error('two')")]] },
    ]);
    const text = written.join('\n');
    expect(text).toContain('[test] step: second (ran beside first)\none\ntwo\n');
    expect(text.indexOf('[test] beside first, ended: second: exit 0')).toBeLessThan(text.indexOf('[test] step: second (ran beside first)'));
  });

  it('counts a non-zero exit with no report as one failure, and a clean exit as one pass', async () => {
    const results = await runStages(dir, [node('fails', 'process.exit(3)'), node('passes', 'process.exit(0)')]);
    expect(results.map((r) => [r.code, r.count])).toEqual([
      [3, { passed: 0, failed: 1, skipped: 0 }],
      [0, { passed: 1, failed: 0, skipped: 0 }],
    ]);
  });

  it('ends a step whose command cannot start with 127, counted as a failure, and goes on', async () => {
    const missing: Step = { name: 'missing', command: path.join(dir, 'no-such-command'), args: [] };
    const results = await runStages(dir, [
      { lanes: [[missing], [{ ...missing, name: 'missing beside' }]] },
      node('next', 'process.exit(0)'),
    ]);
    expect(results.map((r) => [r.step.name, r.code, r.count.failed])).toEqual([
      ['missing', 127, 1],
      ['missing beside', 127, 1],
      ['next', 0, 0],
    ]);
  });

  it('passes a stop signal to the running steps and starts no later one', async () => {
    const marker = path.join(dir, 'started-late');
    const run = runStages(dir, [
      node('long', 'setTimeout(() => {}, 30000)'),
      node('late', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`),
    ]);
    setTimeout(() => stopSteps('SIGTERM'), 300);
    const results = await run;
    expect({ steps: results.map((r) => r.step.name), failed: results[0].count.failed, by: stoppedBy(), late: existsSync(marker) }).toEqual({
      steps: ['long'],
      failed: 1,
      by: 'SIGTERM',
      late: false,
    });
  });
});
