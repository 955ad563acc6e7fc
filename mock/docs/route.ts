// The reference docs, served by the mock on its own port: GET / and /docs/ give generated/docs/
// index.html with a "Try it" panel injected into each operation (try-it.js, try-it.css, and the
// operations' facts from the contract as JSON), so a reader calls this mock from the page, on the
// same origin, offline. On that page the code samples' default base URL and the "Local mock"
// server are this mock's own origin (the Host the page was asked for). The Markdown pages for
// assistants (llms.txt, llms-full.txt, md/*.md) are served beside it, at the root and under
// /docs/; a request that prefers `text/markdown` gets a page's Markdown at the page's own URL (the
// HTML page's is llms.txt), and every answer links llms.txt. The published file on disk is never changed.
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

/** Whether an Accept header prefers Markdown to HTML (a higher q, or Markdown named and HTML not). */
export function prefersMarkdown(accept: string | undefined): boolean {
  const q = (type: string) => {
    for (const part of (accept ?? '').toLowerCase().split(',')) {
      const [name, ...params] = part.trim().split(';');
      if (name.trim() !== type) continue;
      const value = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return value === undefined ? 1 : Number(value);
    }
    return -1;
  };
  const markdown = q('text/markdown');
  return markdown > 0 && markdown >= q('text/html');
}

export interface DocsRequestHeaders {
  host?: string;
  accept?: string;
}

export class DocsRoute {
  #page: string | undefined;
  readonly #pages = new Map<string, string>();

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

  /** Answers an owned request (a HEAD gets the GET's headers, Content-Length included; the server drops the body). */
  serve(url: URL, headers: DocsRequestHeaders = {}): { status: number; headers: Record<string, string>; body: string } {
    if (url.pathname === '/docs') return this.#send(301, 'text/plain; charset=utf-8', 'See /docs/\n', { Location: '/docs/' });
    const asked = docsFile(url.pathname) as string;
    const file = asked === 'index.html' && prefersMarkdown(headers.accept) ? 'llms.txt' : asked;
    let body: string;
    try {
      body = file === 'index.html' ? this.#tryItPage(headers.host) : readFileSync(new URL(file, DOCS_DIR), 'utf8');
    } catch {
      return this.#send(404, 'text/plain; charset=utf-8', `generated/docs/${file} is missing: run \`npm run build\`.\n`);
    }
    const prefix = url.pathname.startsWith('/docs/') ? '/docs' : '';
    return this.#send(200, TYPES[path.extname(file)] ?? 'text/plain; charset=utf-8', body, {
      Link: `<${prefix}/llms.txt>; rel="llms-txt"; type="text/plain"`,
      Vary: 'Accept',
    });
  }

  /** The page for one Host: samples default to its origin, and so does the "Local mock" server. */
  #tryItPage(host: string | undefined): string {
    const base = this.#basePage();
    if (!host || !/^[A-Za-z0-9.[\]:-]+$/.test(host)) return base;
    let page = this.#pages.get(host);
    if (!page) {
      const own = `http://${host}${this.basePath}`;
      const production = this.contract.servers()[0]?.url ?? '';
      const local = this.contract.servers().find((s) => s.template.includes('127.0.0.1'))?.template;
      page = base.replace(new RegExp(`(API_BASE_URL.{0,8}?)${regexEscape(production)}`, 'g'), (_, lead: string) => `${lead}${own}`);
      if (local) page = page.replaceAll(local, own);
      if (this.#pages.size > 16) this.#pages.clear();
      this.#pages.set(host, page);
    }
    return page;
  }

  /** The published page with the panels' style, facts and script added before </body> (built once). */
  #basePage(): string {
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

  #send(status: number, type: string, body: string, headers: Record<string, string> = {}) {
    return { status, headers: { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers }, body };
  }
}

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
