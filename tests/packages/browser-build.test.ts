// The MSW handlers' browser build (dist/msw.browser.js, scripts/pack/bundle.ts), made as `npm run pack`
// makes it: what a page loads at start stays within the weight budget (Prism's engine, the
// generator of dynamic examples, the YAML reader and the console page are chunks loaded on demand;
// the contract is inlined without its prose), and the build answers as the handlers from source
// do, a dynamic example included. The stand-ins it carries for Node-heavy dependencies are checked
// against the originals.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import fc from 'fast-check';
import fnv from 'fnv-plus';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROSE_KEYS, PROSE_READERS } from '../../lib/contract/prose.js';
import { fast1a52hex } from '../../mock/browser/fnv52.js';
import { createMockHandlers } from '../../mock/msw.js';
import { bundle, fakerKeywords } from '../../scripts/pack/bundle.js';
import { MOCK } from '../../scripts/pack/packages.js';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
// Inside the repository, so the build's bare imports (msw) resolve from its node_modules.
const OUT = path.join(ROOT, '.cache', 'browser-build-test', String(process.pid));

/** What the handlers may add to a page at start, minified as a consumer's build minifies them (issue 54's goal). */
const BUDGET = { raw: 500 * 1024, gzip: 130 * 1024 };
/** The size over which Vite warns of a chunk after minifying it (its `build.chunkSizeWarningLimit`, 500 kB). */
const VITE_CHUNK_WARNING = 500 * 1000;

let metafile: esbuild.Metafile;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  metafile = await bundle({
    entries: MOCK.browser!,
    outdir: OUT,
    external: ['openapi-fetch', 'msw', 'msw/*'],
    browser: { inline: MOCK.browserInline! },
  });
}, 120_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** The output files a page loads at start: the entry and what it imports statically, transitively. */
function startFiles(): string[] {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint !== undefined && file.endsWith('.js'))!;
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  return [...found];
}

interface Call {
  method?: string;
  target: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Reply {
  status: number;
  body: any;
  /** Which on-demand parts the build had loaded after the call. */
  loaded?: { generator: boolean; yaml: boolean };
  /** Whether the build had loaded Prism's engine, and the console page, after the call. */
  prism?: boolean;
  console?: boolean;
}

const CALLS = path.join(ROOT, 'tests', 'support', 'msw-calls.mjs');

/** Text only each on-demand part's chunk holds: json-schema-faker's own warning, the YAML reader's error class, Prism's operation model, the console page. */
const MARKERS = {
  generator: 'calling JSONSchemaFaker() is deprecated',
  yaml: 'YAMLParseError',
  prism: 'getHttpOperationsFromSpec',
  console: '<title>Mock console</title>',
};

/**
 * The calls to the built file, in a plain Node process (as a page runs it: no test runner's module
 * wrapper). A module hook counts, in shared memory, the loaded files holding each part's marker.
 */
async function answersOfBuild(options: object, calls: Call[]): Promise<Reply[]> {
  const hook = `let seen;
const markers = ${JSON.stringify(Object.values(MARKERS))};
export function initialize(data) { seen = new Int32Array(data.shared); }
export async function load(url, context, next) {
  const result = await next(url, context);
  const text = String(result.source ?? '');
  markers.forEach((marker, i) => { if (text.includes(marker)) Atomics.add(seen, i, 1); });
  return result;
}`;
  const script = path.join(OUT, `answers-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    script,
    `import { register } from 'node:module';
const shared = new SharedArrayBuffer(16);
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), { data: { shared } });
const seen = new Int32Array(shared);
globalThis.self = globalThis; // a page's global, which the $ref reader's fetch stand-in reads
const { setupServer } = await import('msw/node');
const { createMockHandlers } = await import(${JSON.stringify(path.join(OUT, 'msw.browser.js'))});
const { callAll } = await import(${JSON.stringify(CALLS)});
const after = () => ({ loaded: { generator: Atomics.load(seen, 0) > 0, yaml: Atomics.load(seen, 1) > 0 }, prism: Atomics.load(seen, 2) > 0, console: Atomics.load(seen, 3) > 0 });
const replies = await callAll({ setupServer, createMockHandlers, options: ${JSON.stringify(options)}, calls: ${JSON.stringify(calls)}, after });
process.stdout.write(JSON.stringify(replies));`,
  );
  const { stdout } = await exec(process.execPath, [script], { cwd: ROOT, maxBuffer: 1 << 24 });
  return JSON.parse(stdout) as Reply[];
}

/** The same calls to the handlers from source, in process. */
async function answersOfSource(options: object, calls: Call[]): Promise<Reply[]> {
  const { callAll } = await import(CALLS);
  return callAll({ setupServer, createMockHandlers, options, calls });
}

const withoutLoaded = (replies: Reply[]) => replies.map(({ status, body }) => ({ status, body }));

async function minified(file: string): Promise<Buffer> {
  const { code } = await esbuild.transform(readFileSync(path.resolve(file), 'utf8'), { minify: true, format: 'esm', target: 'es2022' });
  return Buffer.from(code);
}

describe('the browser build of the MSW handlers', () => {
  it('loads at start no more than the budget, minified and gzipped; the example generator only on demand', async () => {
    const start = startFiles();
    let raw = 0;
    let gzip = 0;
    for (const file of start) {
      const code = await minified(file);
      raw += code.length;
      gzip += gzipSync(code, { level: 9 }).length;
    }
    const startInputs = start.flatMap((file) => Object.keys(metafile.outputs[file].inputs));
    expect({
      generatorAtStart: startInputs.filter((input) => /json-schema-faker|@faker-js/.test(input)),
      prismAtStart: startInputs.filter((input) => /@stoplight[\\/](prism-http|http-spec|json-schema-ref-parser)/.test(input)),
    }).toEqual({ generatorAtStart: [], prismAtStart: [] });
    expect(raw, `${raw} bytes minified at start`).toBeLessThanOrEqual(BUDGET.raw);
    expect(gzip, `${gzip} bytes gzipped at start`).toBeLessThanOrEqual(BUDGET.gzip);
  }, 60_000);

  it("makes no file a consumer's bundler warns of as too large (Vite's 500 kB, minified); faker is in none", async () => {
    const js = Object.keys(metafile.outputs).filter((file) => file.endsWith('.js'));
    const sizes = await Promise.all(js.map(async (file) => ({ file: path.basename(file), bytes: (await minified(file)).length })));
    expect(sizes.filter(({ bytes }) => bytes > VITE_CHUNK_WARNING)).toEqual([]);
    expect(Object.keys(metafile.inputs).filter((input) => input.includes('@faker-js'))).toEqual([]);
  }, 60_000);

  it('answers as the handlers from source do, loading the example generator for the first dynamic example only', async () => {
    const calls: Call[] = [
      { target: '/v2/me' },
      { target: '/v2/faceless/options' },
      { target: '/v2/faceless/999999' },
      { target: '/v2/me?unknown=1' },
      { target: '/v2/me', headers: { prefer: 'code=401' } },
      { target: '/v2/me', headers: { prefer: 'dynamic=true' } },
    ];
    const fromBuild = await answersOfBuild({}, calls);
    const dynamic = fromBuild.pop()!;
    expect(withoutLoaded(fromBuild)).toEqual(withoutLoaded((await answersOfSource({}, calls)).slice(0, -1)));
    expect(fromBuild.map((reply) => reply.loaded)).toEqual(fromBuild.map(() => ({ generator: false, yaml: false })));
    expect({ status: dynamic.status, data: typeof dynamic.body.data, loaded: dynamic.loaded }).toEqual({
      status: 200,
      data: 'object',
      loaded: { generator: true, yaml: false },
    });
    // Generated, not the contract's example that a plain call gets.
    expect(dynamic.body).not.toEqual(fromBuild[0].body);
  }, 60_000);

  it('generates the same seeded dynamic examples as the handlers from source', async () => {
    const calls: Call[] = [
      { target: '/v2/me', headers: { prefer: 'dynamic=true, seed=browser' } },
      { target: '/v2/faceless/options', headers: { prefer: 'dynamic=true, seed=build' } },
    ];
    const fromBuild = await answersOfBuild({}, calls);
    expect(withoutLoaded(fromBuild)).toEqual(withoutLoaded(await answersOfSource({}, calls)));
    expect(fromBuild.map((reply) => reply.status)).toEqual([200, 200]);
  }, 60_000);

  it('reads scenarios (the option, and YAML sent to /__mock) as the handlers from source do, loading the YAML reader', async () => {
    const yaml = 'accounts:\n  - token: scene-yaml\n    subscription: trial\n    credits: 2\n';
    const calls: Call[] = [
      { target: '/v2/me' },
      { method: 'POST', target: '/__mock/scenario', headers: { 'content-type': 'application/yaml' }, body: yaml },
      { target: '/v2/me', headers: { authorization: 'Bearer scene-yaml' } },
    ];
    const plain = await answersOfBuild({}, calls);
    expect(withoutLoaded(plain)).toEqual(withoutLoaded(await answersOfSource({}, calls)));
    expect(plain.map((reply) => reply.loaded?.yaml)).toEqual([false, true, true]);
    const option = { scenario: { accounts: [{ token: 'from-option', credits: 3 }] } };
    const started = [{ target: '/v2/me', headers: { authorization: 'Bearer from-option' } }];
    const fromOption = await answersOfBuild(option, started);
    expect(withoutLoaded(fromOption)).toEqual(withoutLoaded(await answersOfSource(option, started)));
    expect(fromOption[0].body.data.credits.remaining).toBe(3);
  }, 60_000);

  it('inlines the contract without prose, and the prose its own sources read is what the copy keeps', () => {
    const sources = Object.keys(metafile.inputs).filter((file) => /^(lib|mock|client|generated)\/.*\.ts$/.test(file));
    const keys = [...PROSE_KEYS].map((key) => key.replace('$', '\\$')).join('|');
    // A property read (`.summary`, `['summary']`) of a prose key.
    const read = new RegExp(`\\.(${keys})\\b|\\[\\s*['"](${keys})['"]\\s*\\]`);
    const readers = sources.filter((file) => read.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(readers.sort()).toEqual(Object.keys(PROSE_READERS).sort());
    const start = startFiles()
      .map((file) => readFileSync(path.resolve(file), 'utf8'))
      .join('');
    // An operation's description in the contract, which no code reads.
    expect(start).not.toContain('No billing-provider internals are exposed.');
  });

  it("loads Prism's engine with the first API call, not for the control plane", async () => {
    const calls: Call[] = [{ target: '/__mock/accounts' }, { target: '/v2/me' }, { target: '/v2/faceless/options' }];
    const fromBuild = await answersOfBuild({}, calls);
    expect(withoutLoaded(fromBuild)).toEqual(withoutLoaded(await answersOfSource({}, calls)));
    expect(fromBuild.map((reply) => reply.prism)).toEqual([false, true, true]);
  }, 60_000);

  it('serves the console page as the handlers from source do, loading it only when it is opened', async () => {
    const calls: Call[] = [{ target: '/v2/me' }, { target: '/__mock/accounts' }, { target: '/__mock/' }];
    const fromBuild = await answersOfBuild({}, calls);
    expect(withoutLoaded(fromBuild)).toEqual(withoutLoaded(await answersOfSource({}, calls)));
    expect(fromBuild.map((reply) => reply.console)).toEqual([false, false, true]);
    expect(fromBuild[2].body).toContain('<title>Mock console</title>');
  }, 60_000);

  it("carries http-spec's hash (FNV-1a 52) equal to fnv-plus's", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme', maxLength: 200 })), (text) => {
        expect(fast1a52hex(text)).toBe(fnv.fast1a52hex(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the pack's check that the browser build may leave faker out", () => {
  it('finds no schema of the contract asking for faker', () => {
    const contract = JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8'));
    expect(fakerKeywords(contract)).toEqual([]);
  });

  it('finds a faker or x-faker keyword, and not a property named faker', () => {
    const doc = {
      components: {
        schemas: {
          Name: { type: 'string', faker: 'person.firstName' },
          'A/B': { type: 'object', properties: { faker: { type: 'string', 'x-faker': 'word.noun' } } },
        },
      },
    };
    expect(fakerKeywords(doc)).toEqual(['/components/schemas/Name/faker', '/components/schemas/A~1B/properties/faker/x-faker']);
  });
});
