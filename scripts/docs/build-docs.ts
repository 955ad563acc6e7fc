// Builds the reference docs: decorates a copy of the bundle, renders it with `redocly build-docs`
// (Redoc inlined, our template), removes what would reach the network, and checks the result.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, CLIENT_PACKAGE_NAME, ROOT } from '../lib/project.js';
import { sampleContext } from './code-samples.js';
import { decorate } from './decorate.js';
import { makeOffline } from './offline.js';
import { redocOptions } from './redoc-options.js';

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'template.hbs');

function redocly(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // REDOCLY_TELEMETRY=off: the CLI sends no usage data and renders the page with
    // `disableTelemetry: true`, so Redoc posts no traces from the reader's browser either.
    const child = spawn(BIN('redocly'), args, {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`redocly ${args.join(' ')} exited with ${code}\n${output}`))));
  });
}

export interface DocsResult {
  outFile: string;
  bytes: number;
}

export async function buildDocs(bundlePath: string, outFile: string): Promise<DocsResult> {
  const bundle = JSON.parse(await readFile(bundlePath, 'utf8'));
  const doc = await decorate(bundle, sampleContext(bundle, CLIENT_PACKAGE_NAME));
  return renderDocs(doc, outFile);
}

/** Renders an OpenAPI document to one offline HTML page (also used for the mock's control API). */
export async function renderDocs(doc: unknown, outFile: string): Promise<DocsResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'docs-build-'));
  try {
    const input = path.join(tmp, 'openapi.docs.json');
    const rendered = path.join(tmp, 'index.html');
    const options = path.join(tmp, 'redoc-options.json');
    await writeFile(input, JSON.stringify(doc, null, 2));
    await writeFile(options, JSON.stringify(redocOptions));
    await redocly(['build-docs', input, '--inlineBundle', '--template', TEMPLATE, '--openapi', options, '--output', rendered]);
    const html = makeOffline(await readFile(rendered, 'utf8'));
    await mkdir(path.dirname(outFile), { recursive: true });
    await writeFile(outFile, html);
    return { outFile, bytes: Buffer.byteLength(html) };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
