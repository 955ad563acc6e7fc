// The curl sample Scalar's API reference shows for each multipart operation of generated/openapi.json
// sends every part the contract requires, and works: run as shown against the local mock, it answers
// 2xx. The sample is made as @scalar/api-reference 1.72.1 makes it: the document loaded into
// @scalar/workspace-store, the operation handed to generateCodeSnippet of @scalar/blocks' code-example
// block (the same arguments as its CodeExample component, with a token entered for the bearer
// scheme). They are pinned and installed once into .cache/generators/scalar (tests/packages/
// generators-tools.ts); where that cannot be done the test is skipped with the reason.
//
// The reader's own parts of a sample are filled as a reader would: the ids in the URL are of resources
// made first (qa/conformance/seed.ts), and the file a part names (`@filename`) lies beside the command.
import { execFile, exec as execShell } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractOperation, ContractModel, fillPath } from '../../lib/contract/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { seed } from '../../qa/conformance/seed.js';
import { ROOT } from '../support/consumer.js';
import { testTempDir } from '../support/temp-dirs.js';
import { ensureInstalled, npmInstall } from './generators-tools.js';

const SPEC = path.join(ROOT, 'generated', 'openapi.json');
const PACKAGES = ['@scalar/blocks@0.4.0', '@scalar/workspace-store@0.67.0'];
const SCALAR = {
  name: 'scalar',
  pin: `${PACKAGES.join(' ')} (the code-example block of @scalar/api-reference 1.72.1)`,
  install: (dir: string) => npmInstall(dir, PACKAGES),
};
const MULTIPART = 'multipart/form-data';
const model = ContractModel.load(SPEC);
const multipartOps = model.operations().filter((op) => model.deref(op.operation.requestBody)?.content[MULTIPART]);
const requiredParts = (op: ContractOperation) => model.requestSchema(op, MULTIPART)?.required ?? [];

// Prints, as JSON, the curl sample of each [path, method] in argv, for the server and token given.
const snippetScript = (dir: string) => `
import { readFileSync } from 'node:fs';
import { generateCodeSnippet } from ${JSON.stringify(pathToFileURL(path.join(dir, 'node_modules/@scalar/blocks/dist/code-example/index.js')).href)};
import { createWorkspaceStore } from ${JSON.stringify(pathToFileURL(path.join(dir, 'node_modules/@scalar/workspace-store/dist/client.js')).href)};
const [spec, url, token, list] = process.argv.slice(2);
const document = JSON.parse(readFileSync(spec, 'utf8'));
const store = createWorkspaceStore();
await store.addDocument({ name: 'api', document });
const doc = store.workspace.documents.api;
const schemes = Object.values(doc.components?.securitySchemes ?? {}).map((s) => ({ ...s, 'x-scalar-secret-token': token }));
const samples = JSON.parse(list).map(([path, method]) => generateCodeSnippet({
  clientId: 'shell/curl', customCodeSamples: [], contentType: undefined, example: '', method, path,
  operation: doc.paths[path][method], server: { url }, securitySchemes: schemes, openapiVersion: document.openapi,
  defaultDisabledParameters: true, includeDefaultHeaders: false,
}));
process.stdout.write(JSON.stringify(samples));
`;

let installed: { dir: string } | { skip: string };
let mock: RunningMock;
let work: string;
const samples = new Map<string, string>();
const TOKEN = 'scalar-samples';

beforeAll(async () => {
  installed = await ensureInstalled(SCALAR);
  if ('skip' in installed) return;
  work = testTempDir('scalar-samples-');
  writeFileSync(path.join(work, 'snippets.mjs'), snippetScript(installed.dir));
  // What a part's `@filename` uploads: a few bytes of a WAV header (the mock reads no audio).
  writeFileSync(path.join(work, 'filename'), 'RIFF\0\0\0\0WAVEfmt ');
  mock = await startMock({ port: 0, log: () => {} });
  const list = JSON.stringify(multipartOps.map((op) => [op.path, op.method]));
  const args = [path.join(work, 'snippets.mjs'), SPEC, mock.url, TOKEN, list];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 24 });
  const made = JSON.parse(stdout) as string[];
  for (const [i, op] of multipartOps.entries()) samples.set(op.id, made[i]);
}, 600_000);

afterAll(async () => {
  await mock?.close();
});

describe("Scalar's curl sample of each multipart operation", () => {
  it('there are multipart operations to check', () => {
    expect(multipartOps.map((op) => op.id)).toEqual(expect.arrayContaining(['createVoiceClone', 'createCharacter']));
  });

  for (const op of multipartOps) {
    it(`${op.label}: sends every required part`, (ctx) => {
      if ('skip' in installed) return ctx.skip(installed.skip);
      const sample = samples.get(op.id) ?? '';
      const sent = [...sample.matchAll(/--form '([^=']+)=/g)].map((m) => m[1]);
      expect({ op: op.id, missing: requiredParts(op).filter((part) => !sent.includes(part)) }).toEqual({ op: op.id, missing: [] });
    });

    it(`${op.label}: run as shown against the mock, answers 2xx`, async (ctx) => {
      if ('skip' in installed) return ctx.skip(installed.skip);
      const seeded = await seed({ baseUrl: mock.url, token: TOKEN, allowCharges: false, operationIds: new Set([op.id]) });
      const params = Object.fromEntries(
        Object.entries(seeded.parameters.get(op.id) ?? {}).map(([key, id]) => [key.replace(/^path\./, ''), id]),
      );
      // The URL with the reader's own ids; the rest of the command as Scalar shows it.
      const filled = fillPath(op.path, (name) => params[name]);
      expect(filled.missing).toEqual([]);
      const sample = (samples.get(op.id) ?? '').replace(/^curl \S+/, `curl ${mock.url}${filled.path}`);
      const { stdout } = await promisify(execShell)(`${sample} --silent --show-error --write-out '\\n%{http_code}'`, { cwd: work });
      const status = stdout.trim().split('\n').at(-1);
      expect({ op: op.id, status, answer: status?.startsWith('2') ? '' : stdout.slice(0, 300) }).toEqual({
        op: op.id,
        status: expect.stringMatching(/^2\d\d$/),
        answer: '',
      });
    });
  }
});
