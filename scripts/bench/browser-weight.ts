// npm run bench:browser: what the MSW handlers (video-api-v2-mock/msw) add to a consumer's Vite build,
// beyond MSW itself. Packs the mock (`npm run pack`), then builds a minimal Vite app in a temporary
// folder outside the repository twice: once starting MSW's worker with no handlers, once with
// createMockHandlers from the packed tarball. Prints the JavaScript each build writes, raw and
// gzipped: what the page loads at start (the entry and its static imports) and what it loads only
// on demand (chunks reached by dynamic import(): Prism's engine with the first API call, the
// dynamic-example generator, the YAML reader, the console page), and whether the goal is met.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../lib/project.js';

const exec = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const devDeps = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
// The Vite the repository already runs (vitest's peer, installed with it), so the measure does not drift with Vite's releases.
const viteVersion = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'vite', 'package.json'), 'utf8')).version as string;

const APPS: Record<string, string> = {
  'msw-only': `import { setupWorker } from 'msw/browser';
await setupWorker().start();
document.body.textContent = 'ready';`,
  'with-handlers': `import { setupWorker } from 'msw/browser';
import { createMockHandlers } from 'video-api-v2-mock/msw';
await setupWorker(...createMockHandlers({ baseUrl: '/v2' })).start();
document.body.textContent = 'ready';`,
};

interface Weight {
  /** The entry and every chunk it imports statically: what the page loads at start. */
  initial: { raw: number; gzip: number };
  /** Chunks reached only through dynamic import(). */
  lazy: { raw: number; gzip: number };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Sizes of one build's JavaScript, read from Vite's manifest. */
function weigh(outDir: string): Weight {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const weight: Weight = { initial: { raw: 0, gzip: 0 }, lazy: { raw: 0, gzip: 0 } };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const bytes = readFileSync(path.join(outDir, chunk.file));
    const part = initial.has(key) ? weight.initial : weight.lazy;
    part.raw += bytes.length;
    part.gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return weight;
}

/** Packs the mock and returns its tarball. */
async function packMock(): Promise<string> {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/pack/main.ts')], {
    cwd: ROOT,
    maxBuffer: 1 << 24,
  });
  const line = /^pack: (\S*video-api-v2-mock-\S+)$/m.exec(stdout);
  if (!line) throw new Error(`pack wrote no mock tarball:\n${stdout}`);
  return path.join(ROOT, line[1]);
}

/** Builds both apps in a temporary consumer project; returns their weights. */
async function measure(tarball: string): Promise<Record<string, Weight>> {
  const project = mkdtempSync(path.join(os.tmpdir(), 'video-api-browser-weight-'));
  try {
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'weight-app', private: true, type: 'module' }));
    const install = [tarball, `msw@${devDeps.msw}`, `vite@${viteVersion}`];
    await exec(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...install], {
      cwd: project,
      maxBuffer: 1 << 24,
    });
    const weights: Record<string, Weight> = {};
    for (const [name, source] of Object.entries(APPS)) {
      const app = path.join(project, name);
      mkdirSync(app);
      writeFileSync(path.join(app, 'main.js'), source);
      writeFileSync(path.join(app, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
      const outDir = path.join(project, 'out', name);
      const vite = path.join(project, 'node_modules', 'vite', 'bin', 'vite.js');
      await exec(process.execPath, [vite, 'build', app, '--outDir', outDir, '--manifest', '--logLevel', 'warn'], {
        cwd: project,
        env: { ...process.env, NODE_ENV: 'production' },
        maxBuffer: 1 << 24,
      }).catch((error) => {
        throw new Error(`vite build of ${name} failed: ${error.stderr ?? error}`);
      });
      weights[name] = weigh(outDir);
    }
    return weights;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** What the handlers may add to a page at start, beyond MSW (issue 54). */
const GOAL = { raw: 500 * 1024, gzip: 130 * 1024 };

async function main() {
  const tarball = process.argv[2] ? path.resolve(process.argv[2]) : await packMock();
  const weights = await measure(tarball);
  const base = weights['msw-only'];
  const full = weights['with-handlers'];
  console.log(`vite ${viteVersion}, msw ${devDeps.msw}, ${path.basename(tarball)}`);
  for (const [name, w] of Object.entries(weights))
    console.log(
      `${name.padEnd(14)} at start ${kb(w.initial.raw)} (${kb(w.initial.gzip)} gzipped); on demand ${kb(w.lazy.raw)} (${kb(w.lazy.gzip)} gzipped)`,
    );
  const added = { raw: full.initial.raw - base.initial.raw, gzip: full.initial.gzip - base.initial.gzip };
  console.log(
    `handlers add   at start ${kb(added.raw)} (${kb(added.gzip)} gzipped); on demand ${kb(full.lazy.raw - base.lazy.raw)} (${kb(full.lazy.gzip - base.lazy.gzip)} gzipped)`,
  );
  const met = added.raw <= GOAL.raw && added.gzip <= GOAL.gzip;
  console.log(`goal: the handlers add at most ${kb(GOAL.raw)} (${kb(GOAL.gzip)} gzipped) at start: ${met ? 'met' : 'not met'}`);
}

main().catch((error) => {
  console.error(`bench:browser: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
