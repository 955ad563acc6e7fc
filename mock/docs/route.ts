// The reference docs, served by the mock on its own port: GET / and /docs/ give generated/docs/
// index.html with a "Try it" panel injected into each operation (try-it.js, try-it.css, and the
// operations' facts from the contract as JSON), so a reader calls this mock from the page, on the
// same origin, offline. The Markdown pages for assistants (llms.txt, llms-full.txt, md/*.md) are
// served beside it, at the root and under /docs/. The published file on disk is never changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MockContract } from '../contract.js';
import { tryItFacts } from './facts.js';

const DOCS_DIR = new URL('../../generated/docs/', import.meta.url);
const TRY_IT_CSS = new URL('./try-it.css', import.meta.url);
const TRY_IT_JS = new URL('./try-it.js', import.meta.url);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** The files of generated/docs/ a reader may fetch: a fixed list and md/<name>.md, nothing else. */
function docsFile(pathname: string): string | undefined {
  const rel = pathname.replace(/^\/docs(?=\/|$)/, '').replace(/^\//, '');
  if (rel === '' || rel === 'index.html') return 'index.html';
  if (rel === 'llms.txt' || rel === 'llms-full.txt' || rel === 'mock-control.html') return rel;
  if (/^md\/[A-Za-z0-9_-]+\.md$/.test(rel)) return rel;
  return undefined;
}

export class DocsRoute {
  #page: string | undefined;

  constructor(
    private readonly contract: MockContract,
    private readonly basePath: string,
  ) {}

  /** Whether this route answers the request: a GET or HEAD of the docs page or one of its files. */
  owns(method: string, url: URL): boolean {
    if (method !== 'GET' && method !== 'HEAD') return false;
    if (url.pathname === '/docs') return true;
    return docsFile(url.pathname) !== undefined;
  }

  /** Answers an owned request. */
  serve(method: string, url: URL): { status: number; headers: Record<string, string>; body: string } {
    if (url.pathname === '/docs') return this.#send(method, 301, 'text/plain; charset=utf-8', 'See /docs/\n', { Location: '/docs/' });
    const file = docsFile(url.pathname) as string;
    let body: string;
    try {
      body = file === 'index.html' ? this.#tryItPage() : readFileSync(new URL(file, DOCS_DIR), 'utf8');
    } catch {
      return this.#send(method, 404, 'text/plain; charset=utf-8', `generated/docs/${file} is missing: run \`npm run build\`.\n`);
    }
    return this.#send(method, 200, TYPES[path.extname(file)] ?? 'text/plain; charset=utf-8', body);
  }

  /** The published page with the panels' style, facts and script added before </body> (built once). */
  #tryItPage(): string {
    if (this.#page) return this.#page;
    const html = readFileSync(new URL('index.html', DOCS_DIR), 'utf8');
    const css = readFileSync(TRY_IT_CSS, 'utf8');
    const script = readFileSync(TRY_IT_JS, 'utf8');
    const facts = tryItFacts(this.contract, this.basePath, 'docs-try-it');
    // `<` escaped, so no string in the contract can close the script element.
    const json = JSON.stringify(facts).replace(/</g, '\\u003c');
    const inject = [
      `<style id="try-it-style">\n${css}</style>`,
      `<script id="try-it-facts" type="application/json">${json}</script>`,
      `<script id="try-it-script" type="module">\n${script}</script>`,
    ].join('\n');
    const at = html.lastIndexOf('</body>');
    if (at < 0) throw new Error('generated/docs/index.html has no </body>');
    this.#page = `${html.slice(0, at)}${inject}\n${html.slice(at)}`;
    return this.#page;
  }

  #send(method: string, status: number, type: string, body: string, headers: Record<string, string> = {}) {
    return { status, headers: { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers }, body: method === 'HEAD' ? '' : body };
  }
}
