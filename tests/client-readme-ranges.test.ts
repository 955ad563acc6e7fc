// The versions client/README.md tells a reader to install are the packed package's own peer ranges:
// a README that names an older minimum sends readers into an ERESOLVE.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../scripts/lib/project.js';

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'client', 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
};
const readme = readFileSync(path.join(ROOT, 'client', 'README.md'), 'utf8');

describe("client/README.md's install line", () => {
  it('names each peer with the range the package declares, and no other minimum', () => {
    for (const [name, range] of Object.entries(pkg.peerDependencies)) {
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      const mention = new RegExp(`\`${escaped}\`[^\`]{0,40}\`([^\`]+)\``).exec(readme);
      expect(mention?.[1], `${name} named with its range`).toBe(range);
      const minimum = range.replace(/^\^/, '').split('.').slice(0, 2).join('.');
      const stated = new RegExp(`\`${escaped}\` \\((\\d+\\.\\d+) or newer`).exec(readme)?.[1];
      if (stated) expect(stated, `${name}: "${stated} or newer"`).toBe(minimum);
    }
  });
});
