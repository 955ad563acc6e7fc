// Runs before every test file: a test that finishes without one assertion fails, so no green test
// can be empty (an `if` that skipped every expect, a loop over nothing).
import { beforeEach, expect } from 'vitest';

beforeEach(() => {
  expect.hasAssertions();
});
