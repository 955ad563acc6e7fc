// The three packages as a consumer gets them: `npm run pack` writes the tarballs, a project in an
// empty temporary folder outside the repository installs them (with msw, vitest, esbuild and
// typescript from the npm cache; the packages tier's one consumer project), and uses them there: the command, a Vitest file with MSW, a page
// with MSW's service worker in headless Chromium, the proxy command, and the public types.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_ENGINES, unsupportedNodeMessage } from '../../lib/node-support.js';
import { launchChromium } from '../support/browser.js';
import { exec, packedTarballs, ROOT, sharedConsumer } from '../support/consumer.js';
import { testTempDir } from '../support/temp-dirs.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let project: string;
let tarballs: Record<'client' | 'mock' | 'qa', string>;

beforeAll(() => {
  const packed = packedTarballs();
  tarballs = { client: packed['video-api-v2-client'], mock: packed['video-api-v2-mock'], qa: packed['video-api-v2-qa'] };
  project = sharedConsumer('tarballs').dir;
  for (const file of ['walk.mjs', 'msw.test.mjs', 'page.mjs'])
    cpSync(path.join(ROOT, 'tests/packages/consumer', file), path.join(project, file));
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Starts a command of the consumer's node_modules/.bin; resolves once `ready` matches its output. */
function startCommand(name: string, args: string[], env: Record<string, string>, ready: RegExp) {
  const child = spawn(path.join(project, 'node_modules', '.bin', name), args, {
    cwd: project,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const match = new Promise<RegExpExecArray>((resolve, reject) => {
    const look = () => {
      const m = ready.exec(output);
      if (m) resolve(m);
    };
    child.stdout.on('data', (d) => {
      output += d;
      look();
    });
    child.stderr.on('data', (d) => (output += d));
    void exit.then((code) => reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`)));
  });
  return { child, match, exit, output: () => output };
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('the packed tarballs', () => {
  it('hold compiled JavaScript, declarations and the files the code reads; no sources, tests or dev dependencies', async () => {
    const problems: string[] = [];
    for (const [name, file] of Object.entries(tarballs)) {
      const { stdout } = await exec('tar', ['-tzf', file], { maxBuffer: 1 << 24 });
      const files = stdout.split('\n').filter(Boolean);
      for (const f of files) {
        if (/\.ts$/.test(f) && !/\.d\.ts$/.test(f)) problems.push(`${name}: TypeScript source ${f}`);
        if (/(^|\/)tests?\//.test(f) || /\.test\./.test(f)) problems.push(`${name}: test file ${f}`);
      }
      const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules', `video-api-v2-${name}`, 'package.json'), 'utf8'));
      for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
        if (!['openapi-fetch', 'ajv', 'ajv-formats', 'msw', '@tanstack/react-query', 'openapi-react-query'].includes(dep))
          problems.push(`${name}: depends on ${dep}`);
      }
      if (manifest.devDependencies) problems.push(`${name}: declares devDependencies`);
      if (manifest.engines?.node !== NODE_ENGINES) problems.push(`${name}: engines ${manifest.engines?.node}`);
      if (!files.includes('package/README.md')) problems.push(`${name}: no README`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the packed commands on an unsupported Node', () => {
  it('print one line and exit 1, before any of their modules runs', () => {
    // Node 20 stood in for by a preload that changes process.versions.node.
    const old = '--import=data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.19.0"})';
    const commands = ['video-api-mock', 'video-api-mcp', 'video-api-proxy', 'video-api-conformance'];
    const seen = commands.map((name) => {
      const r = spawnSync(process.execPath, [old, path.join(project, 'node_modules', '.bin', name)], { cwd: project, encoding: 'utf8' });
      return { name, status: r.status, stdout: r.stdout, stderr: r.stderr };
    });
    const line = `${unsupportedNodeMessage('20.19.0')}\n`;
    expect(seen).toEqual(commands.map((name) => ({ name, status: 1, stdout: '', stderr: line })));
  });
});

describe('video-api-mock, the command', () => {
  it('serves the API on a free port; the client walks a render to completed; SIGTERM exits 0 and frees the port', async () => {
    // Steps of 400 ms: a client polling every 20 ms sees `rendering` even on a loaded machine (at 30 ms it once did not).
    const mock = startCommand('video-api-mock', ['--port', '0'], { MOCK_STEP_MS: '400' }, /listening on (http:\/\/\S+)/);
    const url = (await mock.match)[1];
    const { stdout } = await exec(process.execPath, ['walk.mjs'], { cwd: project, env: { ...process.env, MOCK_URL: url } });
    const walked = JSON.parse(stdout);
    expect(walked).toMatchObject({ renderStatus: 202, final: 'completed' });
    expect(walked.states).toContain('rendering');
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
    expect(await portIsFree(Number(new URL(url).port))).toBe(true);
  });
});

describe('video-api-v2-mock/msw in the consumer', () => {
  it('a Vitest file with setupServer walks the flow on the manual clock, with a forced failure and a 402', async () => {
    const result = await exec(
      path.join(project, 'node_modules', '.bin', 'vitest'),
      ['run', 'msw.test.mjs', '--reporter=json', '--outputFile=vitest.json'],
      { cwd: project },
    ).catch((e) => e);
    const report = JSON.parse(readFileSync(path.join(project, 'vitest.json'), 'utf8'));
    expect({ passed: report.numPassedTests, failed: report.numFailedTests, exit: result.code ?? 0 }).toEqual({
      passed: 3,
      failed: 0,
      exit: 0,
    });
  });

  it("in headless Chromium, MSW's service worker serves the handlers and the page sees a render reach completed", async () => {
    const site = path.join(project, 'site');
    mkdirSync(site, { recursive: true });
    await exec(
      path.join(project, 'node_modules', '.bin', 'esbuild'),
      // Split, as an app's bundler splits the handlers' lazily imported generator into its own file.
      ['page.mjs', '--bundle', '--splitting', '--format=esm', '--platform=browser', '--outdir=site', '--entry-names=app'],
      { cwd: project },
    );
    cpSync(path.join(project, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), path.join(site, 'mockServiceWorker.js'));
    writeFileSync(
      path.join(site, 'index.html'),
      '<!doctype html><meta charset="utf-8"><title>consumer</title><h1>Render: <span id="result">waiting</span></h1><ul id="log"></ul><script type="module" src="/app.js"></script>',
    );
    const server: Server = createServer((req, res) => {
      const file = path.join(site, req.url === '/' ? 'index.html' : path.basename(req.url ?? ''));
      if (!existsSync(file)) return res.writeHead(404).end();
      res
        .writeHead(200, { 'Content-Type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8' })
        .end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const context = await launchChromium(testTempDir('consumer-chromium-'));
    try {
      const page = await context.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
      // Which script files the page has fetched when it asks for its first dynamic example.
      const scripts: string[] = [];
      let beforeDynamic: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.js')) scripts.push(path.basename(new URL(request.url()).pathname));
      });
      page.on('console', (message) => {
        if (message.text() === 'dynamic: asking') beforeDynamic = [...scripts];
      });
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.waitForFunction(() => document.querySelector('#result')?.textContent !== 'waiting', undefined, { timeout: 60_000 });
      mkdirSync(path.join(ROOT, 'reports', 'test'), { recursive: true });
      await page.screenshot({ path: path.join(ROOT, 'reports', 'test', 'msw-browser.png') });
      expect({ result: await page.textContent('#result'), messages: messages.filter((m) => /error/i.test(m)) }).toEqual({
        result: 'completed',
        messages: [],
      });
      expect(await page.locator('#log li').allTextContents()).toContain('status: rendering');
      expect(await page.locator('#log li').allTextContents()).toContain('dynamic: 200 generated');
      // The generator's chunk (json-schema-faker, known by its own warning text) is fetched for the dynamic example, not before.
      const generator = readdirSync(site).filter(
        (file) => file.endsWith('.js') && readFileSync(path.join(site, file), 'utf8').includes('calling JSONSchemaFaker() is deprecated'),
      );
      expect({ generator: generator.length, before: beforeDynamic.filter((f) => generator.includes(f)) }).toEqual({
        generator: 1,
        before: [],
      });
      expect(scripts).toContain(generator[0]);
    } finally {
      await context.close();
      server.close();
    }
  });

  it('the public types compile in a strict TypeScript project without skipLibCheck', async () => {
    writeFileSync(
      path.join(project, 'types.ts'),
      `import { startMock, type RunningMock } from 'video-api-v2-mock';
import { createMockHandlers } from 'video-api-v2-mock/msw';
export async function use(): Promise<number> {
  const handlers = createMockHandlers({ baseUrl: 'http://x.test/v2', clock: 'manual', stepMs: 10 });
  await handlers.control.advance({ steps: 1 });
  const running: RunningMock = await startMock({ port: 0, rateLimit: 30 });
  const account = await running.control.account('t');
  await running.close();
  return handlers.length + account.credits;
}
`,
    );
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          noEmit: true,
          skipLibCheck: false,
          types: ['node'],
        },
        files: ['types.ts'],
      }),
    );
    const result = await exec(path.join(project, 'node_modules', '.bin', 'tsc'), ['-p', '.'], { cwd: project }).catch((e) => e);
    expect(`${result.stdout ?? ''}${result.stderr ?? ''}`).toBe('');
  });
});

describe('video-api-mock started through npm', () => {
  it('SIGTERM to `npm exec video-api-mock` (npm runs it under `sh -c`, which does not pass the signal on) stops the mock and frees the port', async () => {
    const child = spawn(npm, ['exec', '--offline', '--', 'video-api-mock', '--port', '0'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const until = async (what: string, test: () => boolean | Promise<boolean>, ms: number) => {
      for (const deadline = Date.now() + ms; !(await test()); await new Promise((r) => setTimeout(r, 100)))
        if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}; output:\n${output}`);
    };
    await until('the mock to listen', () => /listening on http:\/\/\S+/.test(output), 60_000);
    const port = Number(new URL(/listening on (http:\/\/\S+)/.exec(output)![1]).port);
    child.kill('SIGTERM');
    await until('the port to be freed', () => portIsFree(port), 10_000);
    await until('the stop to be logged', () => /mock: SIGTERM: stopped/.test(output), 5_000);
    expect(await portIsFree(port)).toBe(true);
  });
});

describe('video-api-proxy, the command', () => {
  it('forwards to the packaged mock, and on SIGTERM writes its report and exits 0', async () => {
    const mock = startCommand('video-api-mock', ['--port', '0'], { MOCK_QUIET: '1' }, /listening on (http:\/\/\S+)/);
    const target = (await mock.match)[1];
    const reports = path.join(project, 'proxy-reports');
    const proxy = startCommand(
      'video-api-proxy',
      [],
      { PROXY_TARGET: target, PROXY_PORT: '0', PROXY_REPORT_DIR: reports },
      /forwarding (http:\/\/127\.0\.0\.1:\d+)\//,
    );
    const base = (await proxy.match)[1];
    const me = await fetch(`${base}/v2/me`, { headers: { Authorization: 'Bearer consumer-proxy' } });
    expect(me.status).toBe(200);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exit).toBe(0);
    const report = JSON.parse(readFileSync(path.join(reports, 'proxy-report.json'), 'utf8'));
    expect({ exchanges: report.exchanges, violations: report.violations.length }).toEqual({ exchanges: 1, violations: 0 });
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });
});
