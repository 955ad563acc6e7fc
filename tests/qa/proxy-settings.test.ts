// `npm run proxy` with a PROXY_TARGET it cannot use: the process prints a clear line and exits 2
// (qa/proxy/main.ts). Its own file because it runs the proxy's process, which the mutation run
// leaves out (tests/mutation/vitest.config.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../../scripts/lib/project.js';

describe('settings', () => {
  it('PROXY_TARGET is required and must end in /v2: a clear error and exit 2', async () => {
    for (const target of ['', 'https://staging.example.test/api']) {
      const child = spawn(BIN('tsx'), [path.join(ROOT, 'qa', 'proxy', 'main.ts')], {
        cwd: ROOT,
        env: { ...process.env, PROXY_TARGET: target },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const code = await new Promise((r) => child.once('exit', r));
      expect(code).toBe(2);
      expect(output).toMatch(/PROXY_TARGET (is required|must be an http\(s\) URL ending in \/v2)/);
    }
  });
});
