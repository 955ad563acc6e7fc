// A mock core built anew before each test of a suite, used in the suite's body as if built there.
// A mock built while vitest collects the file, or in beforeAll, starts before any test does: what
// it reads from the contract while it starts (its checks, its examples) is then reached by no test,
// and mutation testing (npm run mutation) never runs this suite against a fault planted there.
import { beforeEach } from 'vitest';
import type { MockCore } from '../../mock/core.js';

export function mockEachTest(build: () => Promise<MockCore>): MockCore {
  let current: MockCore | undefined;
  beforeEach(async () => {
    current = await build();
  });
  return new Proxy({} as MockCore, {
    get(_target, key) {
      if (current === undefined) throw new Error('the mock is built before each test: use it inside a test');
      const value = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
