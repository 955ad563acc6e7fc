// Compiles a package's entry points with esbuild. Two things make the compiled code find what the
// sources find:
// - `new URL('<relative path>', import.meta.url)` in our sources is rewritten to the same file's
//   path from dist/ (the package keeps the repository's paths for the files it ships);
// - for browsers, `node:fs` and friends become small stand-ins: the files the code reads are
//   inlined, keyed by those same paths.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { escapeToken } from '../../lib/contract/pointer.js';
import { withoutProse } from '../../lib/contract/prose.js';
import { ROOT } from '../lib/project.js';

const URL_PATTERN = /new URL\((['"])(\.{1,2}\/[^'"]*)\1,\s*import\.meta\.url\)/g;

/** Rewrites module-relative file URLs of our own sources so they resolve from `dist/<entry>.js`. */
function fileUrls(browser: boolean): esbuild.Plugin {
  return {
    name: 'file-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const contents = source.replace(URL_PATTERN, (_match, quote: string, relative: string) => {
          const target = path
            .relative(ROOT, path.resolve(path.dirname(args.path), relative))
            .split(path.sep)
            .join('/');
          const slash = relative.endsWith('/') && !target.endsWith('/') ? '/' : '';
          // In a browser there is no package folder: the stand-in fs knows files by repository path.
          return browser
            ? `new URL(${quote}/${target}${slash}${quote}, 'file:///')`
            : `new URL(${quote}../${target}${slash}${quote}, import.meta.url)`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

/** Every file under `entries` (files or folders, repository paths), as repository paths. */
export function expand(entries: string[]): string[] {
  return entries.flatMap((entry) => {
    const full = path.join(ROOT, entry);
    if (!statSync(full).isDirectory()) return [entry];
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((dirent) => dirent.isFile())
      .map((dirent) => path.relative(ROOT, path.join(dirent.parentPath, dirent.name)).split(path.sep).join('/'));
  });
}

/**
 * A file's text as the browser build inlines it: JSON, only ever parsed, without its indentation (a
 * third of it) and without the prose no code reads (lib/contract/prose.ts: a quarter of the contract).
 */
function inlinedText(file: string): string {
  const content = readFileSync(path.join(ROOT, file), 'utf8');
  return file.endsWith('.json') ? JSON.stringify(withoutProse(JSON.parse(content))) : content;
}

/**
 * Stand-ins for the Node built-ins the engine touches (paths, status texts, util, os, events), for
 * the browser build: what the engine uses of each. (fs, which serves the inlined files, is made per build.)
 */
const SHIMS: Record<string, string> = {
  url: `export function fileURLToPath(u) { return new URL(u).pathname; }
    export function pathToFileURL(p) { return new URL('file://' + p); }
    export const URL = globalThis.URL;
    // The legacy API, as the $ref reader uses it: resolve and parse, relative references kept relative.
    const BASE = 'relative://base/';
    export function resolve(from, to) {
      const r = new globalThis.URL(to, new globalThis.URL(from, BASE));
      if (r.href.startsWith(BASE)) return (from.startsWith('/') ? '/' : '') + r.href.slice(BASE.length);
      return r.href;
    }
    export function parse(u) {
      const r = new globalThis.URL(u, BASE);
      const relative = r.href.startsWith(BASE);
      return { href: u, protocol: relative ? null : r.protocol, host: relative ? null : r.host, hostname: relative ? null : r.hostname,
        pathname: relative ? u.split(/[?#]/)[0] : r.pathname, search: r.search || null, hash: r.hash || null, query: r.search ? r.search.slice(1) : null };
    }
    export default { fileURLToPath, pathToFileURL, URL, resolve, parse };`,
  http: `export const STATUS_CODES = {};
    export default { STATUS_CODES };`,
  path: `export const sep = '/';
    const norm = (parts) => { const out = []; for (const p of parts.join('/').split('/')) { if (p === '..') out.pop(); else if (p && p !== '.') out.push(p); } return out; };
    export function join(...parts) { return (parts[0]?.startsWith('/') ? '/' : '') + norm(parts).join('/'); }
    export function resolve(...parts) { return '/' + norm(parts).join('/'); }
    export function dirname(p) { const i = p.lastIndexOf('/'); return i <= 0 ? (i === 0 ? '/' : '.') : p.slice(0, i); }
    export function basename(p, ext) { const b = p.slice(p.lastIndexOf('/') + 1); return ext && b.endsWith(ext) ? b.slice(0, -ext.length) : b; }
    export function extname(p) { const b = basename(p); const i = b.lastIndexOf('.'); return i > 0 ? b.slice(i) : ''; }
    export function isAbsolute(p) { return p.startsWith('/'); }
    export function relative(from, to) { return to; }
    export const posix = { sep, join, resolve, dirname, basename, extname, isAbsolute, relative };
    export default posix;`,
  util: `export function inherits(ctor, superCtor) { Object.setPrototypeOf(ctor.prototype, superCtor.prototype); Object.setPrototypeOf(ctor, superCtor); }
    export const inspect = Object.assign((value) => { try { return JSON.stringify(value); } catch { return String(value); } }, { custom: Symbol.for('nodejs.util.inspect.custom') });
    export function format(...args) { return args.map((a) => (typeof a === 'string' ? a : inspect(a))).join(' '); }
    export function deprecate(fn) { return fn; }
    export function promisify(fn) { return (...args) => new Promise((ok, ko) => fn(...args, (e, v) => (e ? ko(e) : ok(v)))); }
    export const TextDecoder = globalThis.TextDecoder;
    export const TextEncoder = globalThis.TextEncoder;
    export default { inherits, inspect, format, deprecate, promisify, TextDecoder, TextEncoder };`,
  os: `export const EOL = '\\n';
    export function platform() { return 'browser'; }
    export function tmpdir() { return '/tmp'; }
    export function homedir() { return '/'; }
    export function type() { return 'Browser'; }
    export function release() { return ''; }
    export function arch() { return 'browser'; }
    export function hostname() { return 'localhost'; }
    export default { EOL, platform, tmpdir, homedir, type, release, arch, hostname };`,
  events: `export class EventEmitter {
      on() { return this; } once() { return this; } off() { return this; } addListener() { return this; }
      removeListener() { return this; } removeAllListeners() { return this; } emit() { return false; } setMaxListeners() { return this; }
    }
    export default EventEmitter;`,
  assert: `export default function assert(value, message) { if (!value) throw new Error(message || 'assertion failed'); }`,
  string_decoder: `export class StringDecoder {
      constructor(encoding) { this.decoder = new TextDecoder(encoding === 'utf8' ? 'utf-8' : encoding); }
      write(bytes) { return this.decoder.decode(bytes, { stream: true }); }
      end(bytes) { return bytes ? this.decoder.decode(bytes) : this.decoder.decode(); }
    }
    export default { StringDecoder };`,
};

/** Stand-ins for the Node built-ins the engine touches, for the browser build. */
function browserShims(inlined: string[]): esbuild.Plugin {
  const files = Object.fromEntries(expand(inlined).map((file) => [`/${file}`, inlinedText(file)]));
  // What the engine uses of each (reading its files, paths, status texts), and, for modules that
  // only Prism's forwarder and the $ref reader's HTTP resolver load, stand-ins that refuse if called.
  const modules: Record<string, string> = {
    fs: `const FILES = ${JSON.stringify(files)};
      const key = (file) => (typeof file === 'string' ? file : new URL(file).pathname);
      export function readFileSync(file) {
        if (!(key(file) in FILES)) throw new Error('not in the browser build: ' + key(file));
        return FILES[key(file)];
      }
      export function existsSync(file) { return key(file) in FILES; }
      export default { readFileSync, existsSync };`,
    ...SHIMS,
  };
  const refusing = (name: string) =>
    `const refuse = (what) => function () { throw new Error('node:${name} ' + String(what) + ' is not available in the browser'); };
      export default new Proxy({}, { get: (_target, prop) => refuse(prop) });`;
  return {
    name: 'browser-shims',
    setup(build) {
      const builtins =
        /^(node:)?(fs|url|http|https|path|util|os|events|assert|string_decoder|net|tls|crypto|stream|zlib|child_process|module)$/;
      build.onResolve({ filter: builtins }, (args) => ({ path: args.path.replace(/^node:/, ''), namespace: 'shim' }));
      build.onLoad({ filter: /.*/, namespace: 'shim' }, (args) => ({ contents: modules[args.path] ?? refusing(args.path), loader: 'js' }));
    },
  };
}

/** The guard at the end of @jsdevtools/ono's ESM entry that assigns `module.exports` when there is one. */
const ONO_INTEROP_GUARD = /\n(\/\/[^\n]*\n)?if \(typeof module === "object" && typeof module\.exports === "object"\) \{\n[^}]*\}\n/;

/** A CommonJS module whose every export throws if called: for a dependency no code path of ours reaches. */
const leftOut = (name: string) =>
  `module.exports = new Proxy({}, { get: (_t, prop) => function () { throw new Error('${name} ' + String(prop) + ' is left out of this build'); } });`;

/**
 * Smaller bundles, same behaviour: Prism's generator takes faker with every locale (4 MB), which
 * json-schema-faker calls only for a schema's `x-faker` keyword (none in the contract:
 * assertNoFakerKeywords), and the $ref reader's Postman-collection importer (1.4 MB) is never fed one.
 */
function trimDependencies(): esbuild.Plugin {
  return {
    name: 'trim-dependencies',
    setup(build) {
      build.onResolve({ filter: /^@faker-js\/faker$/ }, () => ({ path: 'faker-left-out', namespace: 'trimmed' }));
      build.onResolve({ filter: /^postman-collection$/ }, () => ({ path: 'postman-collection', namespace: 'trimmed' }));
      // The same stand-in the mock's sources give Prism in Node (mock/prism-trims.ts, mock/left-out.ts).
      build.onLoad({ filter: /^faker-left-out$/, namespace: 'trimmed' }, () => ({
        contents: `module.exports = require(${JSON.stringify(path.join(ROOT, 'mock', 'left-out.ts'))}).leftOut('@faker-js/faker');`,
        resolveDir: ROOT,
        loader: 'js',
      }));
      build.onLoad({ filter: /^postman-collection$/, namespace: 'trimmed' }, () => ({
        contents: leftOut('postman-collection'),
        loader: 'js',
      }));
    },
  };
}

/**
 * The $ref reader's errors (ono): its ESM build ends with a CommonJS interop guard (`typeof module
 * === 'object'` … `module.exports = …`), dead in a browser, that a consumer's bundler flags in an ES
 * module (Vite 8: COMMONJS_VARIABLE_IN_ESM). The browser build takes the file without it.
 */
function withoutInteropGuards(): esbuild.Plugin {
  return {
    name: 'without-interop-guards',
    setup(build) {
      build.onLoad({ filter: /[\\/]@jsdevtools[\\/]ono[\\/]esm[\\/]index\.js$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const contents = source.replace(ONO_INTEROP_GUARD, '');
        if (contents === source) throw new Error(`${args.path}: its CommonJS interop guard is not where the browser build expects it`);
        return { contents, loader: 'js' };
      });
    },
  };
}

/**
 * The places of `doc` where a schema asks json-schema-faker for faker (a `faker` or `x-faker`
 * keyword; a property of that name in `properties` is only a name), as JSON pointers.
 */
export function fakerKeywords(doc: unknown, pointer = ''): string[] {
  if (typeof doc !== 'object' || doc === null) return [];
  return Object.entries(doc).flatMap(([key, value]) => {
    const here = `${pointer}/${escapeToken(key)}`;
    const named = (key === 'faker' || key === 'x-faker') && !pointer.endsWith('/properties');
    return [...(named ? [here] : []), ...fakerKeywords(value, here)];
  });
}

/** The mock leaves faker out (mock/prism-trims.ts, mock/browser/generator-slot.ts): refused when the contract would need it. */
function assertNoFakerKeywords(): void {
  const found = fakerKeywords(JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8')));
  if (found.length > 0) {
    throw new Error(
      `the contract asks for faker at ${found.join(', ')}: the mock leaves faker out (mock/prism-trims.ts, mock/browser/generator-slot.ts); bring it back first`,
    );
  }
}

/**
 * The browser build's own stand-ins: a source `x.ts` with a sibling `x.browser.ts` is replaced by
 * it, and Prism's example generator gets json-schema-faker and faker through a slot
 * (mock/browser/generator-slot.ts) that loads them as a separate chunk on the first dynamic example;
 * the scenario reader gets `yaml` through another (mock/browser/yaml-slot.ts).
 */
function browserSources(): esbuild.Plugin {
  const slot = path.join(ROOT, 'mock', 'browser', 'generator-slot.ts');
  const chunk = path.join(ROOT, 'mock', 'browser', 'generator.ts');
  const yamlSlot = path.join(ROOT, 'mock', 'browser', 'yaml-slot.ts');
  const scenarioReader = path.join(ROOT, 'mock', 'control', 'scenario.ts');
  const prismFile = path.join(ROOT, 'node_modules', '@stoplight', 'prism-http', 'dist', 'mocker', 'generator', 'JSONSchema.js');
  const prismGenerator = /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]mocker[\\/]generator[\\/]JSONSchema\.js$/;
  return {
    name: 'browser-sources',
    setup(build) {
      build.onResolve({ filter: /^\.{1,2}\/.*\.js$/ }, (args) => {
        if (args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const browser = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.browser.ts'));
        return existsSync(browser) ? { path: browser } : undefined;
      });
      build.onResolve({ filter: /^(json-schema-faker|@faker-js\/faker)$/ }, (args) =>
        prismGenerator.test(args.importer) ? { path: slot } : undefined,
      );
      // Prism's module calls seedrandom(seed) itself (a CommonJS function export): the slot's, which
      // the chunk fills.
      build.onResolve({ filter: /^seedrandom$/ }, (args) =>
        prismGenerator.test(args.importer) ? { path: 'seedrandom-slot', namespace: 'trimmed' } : undefined,
      );
      build.onLoad({ filter: /^seedrandom-slot$/, namespace: 'trimmed' }, () => ({
        contents: `const slot = require(${JSON.stringify(slot)}); module.exports = (seed) => slot.seedrandom(seed);`,
        resolveDir: ROOT,
        loader: 'js',
      }));
      build.onResolve({ filter: /^yaml$/ }, (args) => (args.importer === scenarioReader ? { path: yamlSlot } : undefined));
      // http-spec's ids: the one hash it uses, without fnv-plus's big-number library.
      build.onResolve({ filter: /^fnv-plus$/ }, () => ({ path: path.join(ROOT, 'mock', 'browser', 'fnv52.ts') }));
      // The $ref reader's YAML parser: only for referenced files, and the engine hands it a parsed document.
      build.onResolve({ filter: /^@stoplight\/yaml$/ }, () => ({ path: 'stoplight-yaml', namespace: 'trimmed' }));
      build.onLoad({ filter: /^stoplight-yaml$/, namespace: 'trimmed' }, () => ({ contents: leftOut('@stoplight/yaml'), loader: 'js' }));
      // mime-db (130 KB) serves accepts' and type-is' lookups of a bare extension ("json"); Prism hands
      // them full media types only (its own, and the contract's, which lint holds to type/subtype).
      build.onResolve({ filter: /^mime-types$/ }, () => ({ path: 'mime-types', namespace: 'trimmed' }));
      build.onLoad({ filter: /^mime-types$/, namespace: 'trimmed' }, () => ({ contents: leftOut('mime-types'), loader: 'js' }));
      // One copy of fp-ts: its ESM build (es6/, what `fp-ts/Either` gives with the ESM-first fields),
      // also for the modules that ask for its CommonJS build by name (`fp-ts/lib/Either`).
      build.onResolve({ filter: /^fp-ts\/lib\/[A-Za-z]+(\.js)?$/ }, (args) =>
        build.resolve(args.path.replace(/^fp-ts\/lib\//, 'fp-ts/es6/'), { kind: args.kind, resolveDir: args.resolveDir }),
      );
      // Prism colours its log lines with chalk, and its logger here says nothing: plain text, as chalk
      // gives in a browser, without chalk's colour tables.
      build.onResolve({ filter: /^chalk$/ }, () => ({ path: 'chalk', namespace: 'trimmed' }));
      build.onLoad({ filter: /^chalk$/, namespace: 'trimmed' }, () => ({
        contents:
          "const plain = new Proxy(function (...text) { return text.join(' '); }, { get: (target, name) => (name in target ? target[name] : plain) }); module.exports = plain;",
        loader: 'js',
      }));
      // The $ref reader's HTTP resolver (external references; the document has none), http-spec's
      // OpenAPI 2 and Postman readers (the contract is OpenAPI 3.1), and the proxy agents of Prism's
      // forwarder (loaded with its logger; the mock never forwards).
      const unused = /^(isomorphic-fetch|@stoplight\/http-spec\/(oas2|postman)\/operation|https?-proxy-agent)$/;
      build.onResolve({ filter: unused }, (args) => ({
        path: args.path,
        namespace: 'left-out',
      }));
      build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({ contents: leftOut(args.path), loader: 'js' }));
      // Prism's Prefer reader takes two names from prism-http's root, which also loads its forwarder
      // and HTTP agents: it gets the two files of the root that define them.
      build.onResolve({ filter: /^@stoplight\/prism-http$/ }, (args) =>
        /getHttpConfigFromRequest\.js$/.test(args.importer) ? { path: 'prism-http-errors', namespace: 'trimmed' } : undefined,
      );
      build.onLoad({ filter: /^prism-http-errors$/, namespace: 'trimmed' }, () => ({
        contents:
          "module.exports = { ...require('@stoplight/prism-http/dist/types.js'), ...require('@stoplight/prism-http/dist/mocker/errors.js') };",
        resolveDir: ROOT,
        loader: 'js',
      }));
      // The chunk takes json-schema-faker's file that Prism's own require() would (its CommonJS build).
      build.onResolve({ filter: /^json-schema-faker$/ }, async (args) => {
        if (args.importer !== chunk) return undefined;
        const found = await build.resolve(args.path, { kind: 'require-call', resolveDir: path.dirname(prismFile), pluginData: 'real' });
        return { path: found.path };
      });
    },
  };
}

/**
 * The functions a module uses of `lodash` or `lodash/fp` (`module`), when it uses it only as
 * `binding.name` (CommonJS) or `import { name } from '…'`; otherwise undefined (it then gets all).
 */
function lodashNames(source: string, module = 'lodash'): string[] | undefined {
  const quoted = `['"]${module.replace('/', '\\/')}['"]`;
  // An import's braces as [{] and [}]: the repository's check for path-template parsing looks for an escaped brace.
  const named = [...source.matchAll(new RegExp(`import\\s*[{]([^}]*)[}]\\s*from\\s*${quoted}`, 'g'))];
  const required = [...source.matchAll(new RegExp(`\\b(?:const|var|let)\\s+([\\w$]+)\\s*=\\s*require\\(\\s*${quoted}\\s*\\)`, 'g'))];
  const mentions = (source.match(new RegExp(quoted, 'g')) ?? []).length;
  if (named.length + required.length !== mentions) return undefined;
  const names = new Set(
    named.flatMap((m) =>
      m[1]
        .split(',')
        .map((part) => part.trim().split(/\s+as\s+/)[0])
        .filter(Boolean),
    ),
  );
  for (const [, binding] of required) {
    const uses = [...source.matchAll(new RegExp(`(?<![\\w$.])${binding.replace(/\$/g, '\\$')}(?![\\w$])(\\.[\\w$]+)?`, 'g'))];
    // The declaration, then member reads only.
    if (uses.slice(1).some((use) => use[1] === undefined)) return undefined;
    for (const use of uses.slice(1)) names.add(use[1].slice(1));
  }
  return [...names].every((name) => /^[A-Za-z]+$/.test(name)) ? [...names].sort() : undefined;
}

/**
 * Whole lodash (190 KB minified, and `lodash/fp` another full copy) for the few functions its users
 * call: each module that requires 'lodash' or 'lodash/fp' gets an object of just the functions it
 * uses, from lodash's own one-function files (the same package, the same code).
 */
function pickedLodash(): esbuild.Plugin {
  return {
    name: 'picked-lodash',
    setup(build) {
      build.onResolve({ filter: /^lodash(\/fp)?$/ }, (args) => {
        if (!args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const names = lodashNames(readFileSync(args.importer, 'utf8'), args.path);
        const picked = { module: args.path, names };
        return names ? { path: `${args.importer}?${args.path}`, namespace: 'lodash-picked', pluginData: picked } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'lodash-picked' }, (args) => {
        const { module, names } = args.pluginData as { module: string; names: string[] };
        return {
          contents: `module.exports = { ${names.map((name) => `${name}: require('${module}/${name}.js')`).join(', ')} };`,
          resolveDir: path.dirname(args.path.replace(/\?.*$/, '')),
          loader: 'js',
        };
      });
    },
  };
}

export interface BundleOptions {
  entries: Record<string, string>;
  outdir: string;
  external: string[];
  browser?: { inline: string[] };
  /** Prepended to each file (a hashbang for commands). */
  banner?: string;
}

export async function bundle(options: BundleOptions): Promise<esbuild.Metafile> {
  const browser = options.browser !== undefined;
  assertNoFakerKeywords();
  const entryPoints = Object.fromEntries(Object.entries(options.entries).map(([out, source]) => [out, path.join(ROOT, source)]));
  // Bundled CommonJS dependencies call require() for Node built-ins; ESM output needs one made.
  const requireShim = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
  // Some dependencies read process.env or call process.nextTick at load time.
  const processShim =
    "var process = globalThis.process ?? { env: {}, platform: 'browser', versions: {}, cwd: () => '/', nextTick: (f, ...a) => queueMicrotask(() => f(...a)) };";
  const result = await esbuild.build({
    entryPoints,
    outdir: options.outdir,
    bundle: true,
    format: 'esm',
    platform: browser ? 'browser' : 'node',
    target: browser ? 'es2022' : 'node22',
    external: options.external,
    // ESM builds first: some packages' CommonJS "main" is a UMD file whose requires no bundler can follow (jsonc-parser).
    mainFields: browser ? ['browser', 'module', 'main'] : ['module', 'main'],
    plugins: browser
      ? [
          browserSources(),
          withoutInteropGuards(),
          pickedLodash(),
          trimDependencies(),
          fileUrls(true),
          browserShims(options.browser!.inline),
        ]
      : [trimDependencies(), fileUrls(false)],
    // Node entries share one copy of the engine; the browser build's lazily loaded parts are chunks.
    splitting: true,
    // Chunks beside the entries: the rewritten file URLs count one folder up from dist/.
    chunkNames: 'chunk-[hash]',
    define: { __MOCK_COMMAND__: JSON.stringify('./video-api-mock.js'), ...(browser ? { 'process.env.NODE_ENV': '"production"' } : {}) },
    banner: { js: [options.banner, browser ? processShim : requireShim].filter(Boolean).join('\n') },
    // The browser build's console page (mock/control/console-text.ts) is a chunk of text.
    ...(browser ? { loader: { '.html': 'text' } as Record<string, esbuild.Loader> } : {}),
    legalComments: 'linked',
    logLevel: 'warning',
    metafile: true,
  });
  return result.metafile;
}
