// The suite cleans up after itself: folders made for a test file are removed after it, the proxy's
// report folders included.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { proxyTestSettings } from '../support/proxy-process.js';
import { removeTestTempDirs, testTempDir } from '../support/temp-dirs.js';

describe('temporary folders of a test file', () => {
  it('a folder made for the file is gone once the file ends', () => {
    const dir = testTempDir('temp-dirs-test-');
    expect(existsSync(dir)).toBe(true);
    removeTestTempDirs();
    expect(existsSync(dir)).toBe(false);
  });

  it("the proxy's report folder is one of them", () => {
    const { reportDir } = proxyTestSettings('http://127.0.0.1:9/v2', {});
    expect(existsSync(reportDir)).toBe(true);
    removeTestTempDirs();
    expect(existsSync(reportDir)).toBe(false);
  });
});
