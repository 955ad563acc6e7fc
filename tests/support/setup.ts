// Runs before every test file: a test that finishes without one assertion fails, so no green test
// can be empty (an `if` that skipped every expect, a loop over nothing). Folders made with
// testTempDir are removed after the file.
import { afterAll, beforeEach, expect } from 'vitest';
import { removeTestTempDirs } from './temp-dirs.js';

beforeEach(() => {
  expect.hasAssertions();
});

afterAll(removeTestTempDirs);
