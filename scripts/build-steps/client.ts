// Step: compile the client (client/*.ts + the contract facts it reads) to plain ESM JavaScript and
// .d.ts under generated/client/, so Node consumers (which cannot import .ts) and bundlers can use
// package.json exports["."]. Reads contract.ts and schema.d.ts from outDir (the freshness check
// builds into a temporary folder). Output is deterministic: same inputs, same bytes.
import { readdir, readFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { CLIENT_PACKAGE_NAME, GENERATED_DIR, ROOT } from '../lib/project.js';

const CLIENT_DIR = path.join(ROOT, 'client');

async function sources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await sources(full)));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out.sort();
}

/**
 * generated/client/ is a package of its own (`npm pack ./generated/client`): the compiled client,
 * its types and its README, depending on openapi-fetch alone. Its version is the API's.
 */
async function packageManifest(outDir: string): Promise<string> {
  const root = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const api = JSON.parse(await readFile(path.join(outDir, 'openapi.json'), 'utf8'));
  const entry = { types: './index.d.ts', import: './index.js', default: './index.js' };
  // video-api-v2-client/react-query: React Query hooks; the app brings React Query and openapi-react-query.
  const reactQuery = { types: './react-query.d.ts', import: './react-query.js', default: './react-query.js' };
  const peers = ['@tanstack/react-query', 'openapi-react-query'];
  const manifest = {
    name: CLIENT_PACKAGE_NAME,
    version: api.info.version,
    description: `Typed fetch client for ${api.info.title} (openapi-fetch), generated from its OpenAPI contract.`,
    type: 'module',
    main: './index.js',
    types: './index.d.ts',
    exports: { '.': entry, './react-query': reactQuery, './package.json': './package.json' },
    sideEffects: false,
    dependencies: { 'openapi-fetch': root.dependencies['openapi-fetch'] },
    // Only the react-query entry needs them: optional, so the plain client installs nothing more.
    peerDependencies: Object.fromEntries(peers.map((name) => [name, `^${root.devDependencies[name]}`])),
    peerDependenciesMeta: Object.fromEntries(peers.map((name) => [name, { optional: true }])),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export async function client(outDir: string): Promise<void> {
  const target = path.join(outDir, 'client');
  // Generated inputs are read from outDir, wherever the client source imports them from.
  const redirect = (file: string) => (path.dirname(file) === GENERATED_DIR ? path.join(outDir, path.basename(file)) : file);
  // Where each compiled file goes: client/x.ts -> client/x.js; generated/contract.ts -> client/contract.js.
  const placeOf = (source: string): string | undefined => {
    if (source.startsWith(CLIENT_DIR + path.sep)) return path.join(target, path.relative(CLIENT_DIR, source));
    if (source === path.join(GENERATED_DIR, 'contract.ts')) return path.join(target, 'contract.ts');
    // The types travel with the package: generated/schema.d.ts is copied beside the client.
    if (source === path.join(GENERATED_DIR, 'schema.ts')) return path.join(target, 'schema.ts');
    // So are the mock control API's types (for createMockControl), under a name of their own.
    if (source === path.join(GENERATED_DIR, 'mock-control.ts')) return path.join(target, 'mock-control-schema.ts');
    return undefined;
  };

  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    strict: true,
    skipLibCheck: true,
    declaration: true,
    newLine: ts.NewLineKind.LineFeed,
    rootDir: ROOT,
    outDir: path.join(ROOT, '.client-build'), // never written: writeFile below places every file
  };
  const host = ts.createCompilerHost(options);
  const hostReadFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (f) => hostReadFile(redirect(f));
  host.fileExists = (f) => fileExists(redirect(f));
  host.getSourceFile = (f, ...rest) => getSourceFile(redirect(f), ...rest);

  const roots = [...(await sources(CLIENT_DIR)), path.join(GENERATED_DIR, 'contract.ts')];
  const program = ts.createProgram(roots, options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length) {
    throw new Error(
      ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => '\n' }),
    );
  }

  const files = new Map<string, string>();
  const emitted = program.emit(undefined, (emittedName, text) => {
    // Map the emitted name back to its source, then to its place under generated/client/.
    const rel = path.relative(options.outDir!, emittedName);
    const ext = rel.endsWith('.d.ts') ? '.d.ts' : '.js';
    const source = path.join(ROOT, `${rel.slice(0, -ext.length)}.ts`);
    const place = placeOf(source);
    if (!place) throw new Error(`client build: unexpected output ${rel}`);
    const out = place.slice(0, -'.ts'.length) + ext;
    // Rewrite relative specifiers for the new layout (e.g. '../generated/contract.js' -> './contract.js').
    const rewritten = text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\2/g, (_m, lead: string, q: string, spec: string) => {
      const targetSource = path.resolve(path.dirname(source), spec).replace(/\.js$/, '.ts');
      const targetPlace = placeOf(targetSource) ?? redirect(targetSource);
      let next = path.relative(path.dirname(out), targetPlace.replace(/\.ts$/, '.js')).split(path.sep).join('/');
      if (!next.startsWith('.')) next = `./${next}`;
      return `${lead}${q}${next}${q}`;
    });
    files.set(out, rewritten);
  });
  if (emitted.emitSkipped) throw new Error('client build: emit skipped');

  files.set(path.join(target, 'schema.d.ts'), await readFile(path.join(outDir, 'schema.d.ts'), 'utf8'));
  files.set(path.join(target, 'mock-control-schema.d.ts'), await readFile(path.join(outDir, 'mock-control.d.ts'), 'utf8'));
  files.set(path.join(target, 'package.json'), await packageManifest(outDir));
  files.set(path.join(target, 'README.md'), await readFile(path.join(CLIENT_DIR, 'README.md'), 'utf8'));

  await rm(target, { recursive: true, force: true });
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}
