// A consumer's Vite build of a page that starts the MSW handlers in the browser (msw/browser's
// setupWorker over video-api-v2-mock/msw, the package's `browser` build), in the packages tier's
// consumer project: it builds, and Vite (Rolldown) finds no CommonJS variable in an ES module of
// the mock's build (COMMONJS_VARIABLE_IN_ESM, which an inlined dependency's interop guard caused).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Consumer, exec, sharedConsumer } from '../support/consumer.js';

let consumer: Consumer | undefined;
afterAll(() => consumer?.remove());

describe("a consumer's Vite build of the MSW handlers", () => {
  it('builds a page that starts the handlers, without warnings about CommonJS in the mock', async () => {
    consumer = sharedConsumer('vite-build');
    const { dir } = consumer;
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><p id="count"></p><script type="module" src="/src/main.ts"></script>\n');
    writeFileSync(
      path.join(dir, 'src', 'main.ts'),
      `import { setupWorker } from 'msw/browser';
import { createMockHandlers } from 'video-api-v2-mock/msw';

const handlers = createMockHandlers({ baseUrl: '/v2' });
await setupWorker(...handlers).start();
document.querySelector('#count')!.textContent = String(handlers.length);
`,
    );
    const result = await exec(consumer.bin('vite'), ['build', '--logLevel', 'warn'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
    }).catch((e) => e);
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    const warnings = [...output.matchAll(/\[([A-Z_]+)\][^\n]*/g)].map((m) => m[0]).filter((w) => /COMMONJS/.test(w));
    expect({ exit: result.code ?? 0, built: existsSync(path.join(dir, 'dist', 'index.html')), warnings }).toEqual({
      exit: 0,
      built: true,
      warnings: [],
    });
  }, 180_000);
});
