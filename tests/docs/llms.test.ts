// The docs for AI assistants (generated/docs/llms.txt, llms-full.txt, md/*.md) against the
// contract: every operation and topic present, each operation's page naming its method and path,
// the "Unconfirmed" note wherever the contract marks a guess or an open detail. Expectations are
// read from generated/openapi.json through the model, never typed here.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { isGuessedOperation, UNCONFIRMED_LABEL, unconfirmedNote } from '../../scripts/build-steps/unconfirmed.js';
import { fromRoot, topicPages } from '../../scripts/docs/llms.js';
import { ROOT } from '../../scripts/lib/project.js';

const DOCS = path.join(ROOT, 'generated', 'docs');
const model = ContractModel.load();
const ops = model.operations();
const topics = topicPages(model.doc);
const llmsTxt = readFileSync(path.join(DOCS, 'llms.txt'), 'utf8');
const full = readFileSync(path.join(DOCS, 'llms-full.txt'), 'utf8');
const page = (file: string) => {
  const at = path.join(DOCS, 'md', file);
  return existsSync(at) ? readFileSync(at, 'utf8') : '';
};
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('docs for AI assistants', () => {
  it('has a Markdown page for every operation whose title names its method, path and summary', () => {
    const wrong = ops.filter((o) => page(`${o.id}.md`).split('\n')[0] !== `# ${o.label}: ${o.operation.summary ?? o.id}`).map((o) => o.id);
    expect(wrong).toEqual([]);
  });

  it("states on every operation's page the full call (method, base URL and path) and its operationId", () => {
    const base = model.servers()[0].url;
    const wrong = ops
      .filter((o) => {
        const md = page(`${o.id}.md`);
        return !md.includes(`\`${o.method.toUpperCase()} ${base}${o.path}\``) || !md.includes(`\`${o.id}\``);
      })
      .map((o) => o.id);
    expect(wrong).toEqual([]);
  });

  it("puts the Unconfirmed note first on every guessed operation's page, and on no other", () => {
    const wrong = ops
      .filter((o) => {
        const note = page(`${o.id}.md`).includes(`> **${unconfirmedNote(o.operation)}**`);
        return note !== isGuessedOperation(o.operation);
      })
      .map((o) => o.id);
    expect(ops.some((o) => isGuessedOperation(o.operation))).toBe(true);
    expect(wrong).toEqual([]);
  });

  it('lists every x-unspecified of an operation, its parameters and its body under Unconfirmed on its page', () => {
    const missing: string[] = [];
    for (const o of ops) {
      const md = page(`${o.id}.md`);
      const section = md.split(`## ${UNCONFIRMED_LABEL}\n`)[1] ?? '';
      const params = [...(model.doc.paths[o.path].parameters ?? []), ...(o.operation.parameters ?? [])].map((p) => model.deref(p));
      const body = model.deref(o.operation.requestBody);
      const texts = [o.operation['x-unspecified'], body?.['x-unspecified'], ...params.map((p) => p['x-unspecified'])].filter(
        (t): t is string => typeof t === 'string',
      );
      for (const t of texts) if (!section.includes(oneLine(t))) missing.push(`${o.id}: ${oneLine(t).slice(0, 60)}`);
    }
    expect(missing).toEqual([]);
  });

  it('states the credits of every operation as its x-credits says (free or charges)', () => {
    const wrong = ops
      .filter((o) => {
        const credits = o.operation['x-credits'];
        const line = page(`${o.id}.md`).match(/^- \*\*Credits:\*\* (.*)$/m)?.[1] ?? '';
        return credits?.charges ? !line.startsWith('charges') : line !== 'free.';
      })
      .map((o) => o.id);
    expect(wrong).toEqual([]);
  });

  it("shows on each polled operation's page the state machine it reads, with its terminal states", () => {
    const wrong: string[] = [];
    for (const m of model.stateMachines()) {
      for (const id of m.pollOperationIds) {
        const md = page(`${id}.md`);
        if (
          !md.includes('## State machine') ||
          !md.includes(`\`${m.statusLocation}\``) ||
          !m.terminal.every((t) => md.includes(`\`${t}\``))
        )
          wrong.push(`${id} (${m.name})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has a page for every topic, each starting with its title', () => {
    const wrong = topics.filter((t) => !page(t.file).startsWith(`# ${t.title}\n`)).map((t) => t.file);
    expect(topics.map((t) => t.file)).toEqual(
      expect.arrayContaining(['authentication.md', 'errors.md', 'limits.md', 'state-machines.md', 'credits.md', 'known-gaps.md']),
    );
    expect(wrong).toEqual([]);
  });

  it('writes llms.txt in the llmstxt.org shape: H1 title, a blockquote summary, then sections of links', () => {
    const lines = llmsTxt.split('\n');
    expect(lines[0]).toBe(`# ${model.doc.info.title}`);
    expect(lines[2]).toMatch(/^> \S/);
    const links = lines.filter((l) => l.startsWith('- ['));
    expect(links.every((l) => /^- \[[^\]]+\]\([^)\s]+\)(: \S.*)?$/.test(l))).toBe(true);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
  });

  it('links every operation and every topic from llms.txt, each with a one-line summary', () => {
    const files = [...ops.map((o) => `${o.id}.md`), ...topics.map((t) => t.file)];
    const unlinked = files.filter((f) => !new RegExp(`\\]\\(md/${f.replace('.', '\\.')}\\): \\S`).test(llmsTxt));
    expect(unlinked).toEqual([]);
  });

  it('holds every page whole in llms-full.txt, so any operation can be read alone from it', () => {
    const files = [...topics.map((t) => t.file), ...ops.map((o) => `${o.id}.md`)];
    const missing = files.filter((f) => !full.includes(`<!-- md/${f} -->\n\n${fromRoot(page(f).trim())}\n`));
    expect(missing).toEqual([]);
  });

  it('links llms.txt, llms-full.txt and each operation page from the HTML docs', () => {
    const html = readFileSync(path.join(DOCS, 'index.html'), 'utf8');
    const unlinked = ['llms.txt', 'llms-full.txt', ...ops.map((o) => `md/${o.id}.md`)].filter((f) => !html.includes(`](${f})`));
    expect(unlinked).toEqual([]);
  });

  it("states llms-full.txt's size in the README within 10%", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const stated = Number(/llms-full\.txt[^\n]*?about (\d+) KB/.exec(readme)?.[1]);
    const actual = Buffer.byteLength(full) / 1024;
    expect(Math.abs(stated - actual) / actual).toBeLessThan(0.1);
  });

  it('links, on every md page, each operation it names under "Next calls", and llms.txt', () => {
    const wrong: string[] = [];
    for (const file of readdirSync(path.join(DOCS, 'md'))) {
      const md = page(file);
      if (!md.includes('](../llms.txt)')) wrong.push(`${file}: no link to llms.txt`);
      const next = md.split('Next calls (OpenAPI links):\n\n')[1]?.split('\n\n')[0] ?? '';
      for (const line of next.split('\n').filter(Boolean)) if (!/^- \[`\w+`\]\(\w+\.md\)/.test(line)) wrong.push(`${file}: ${line}`);
    }
    expect(ops.some((o) => page(`${o.id}.md`).includes('Next calls'))).toBe(true);
    expect(wrong).toEqual([]);
  });

  it('resolves every relative link of the md pages, llms.txt and llms-full.txt to a generated file', () => {
    const targets = (text: string) => [...text.matchAll(/\]\(([^)\s:#]+)\)/g)].map((m) => m[1]);
    const broken: string[] = [];
    for (const file of readdirSync(path.join(DOCS, 'md')))
      for (const t of targets(page(file))) if (!existsSync(path.join(DOCS, 'md', t))) broken.push(`md/${file} -> ${t}`);
    for (const [name, text] of [
      ['llms.txt', llmsTxt],
      ['llms-full.txt', full],
    ])
      for (const t of targets(text)) if (!existsSync(path.join(DOCS, t))) broken.push(`${name} -> ${t}`);
    expect(broken).toEqual([]);
  });
});

/** A venv with the llmstxt.org reference parser (`llms-txt` on PyPI), made on first use; undefined without Python. */
function llmsTxtParser(): string | undefined {
  const python = process.env.CONFORMANCE_PYTHON ?? 'python3';
  if (spawnSync(python, ['-c', 'import venv'], { stdio: 'ignore' }).status !== 0) return undefined;
  const venv = path.join(ROOT, '.cache', 'llms-txt-venv');
  const bin = path.join(venv, 'bin', 'python');
  const installed = () => spawnSync(bin, ['-c', 'import llms_txt'], { stdio: 'ignore' }).status === 0;
  if (existsSync(bin) && installed()) return bin;
  spawnSync(python, ['-m', 'venv', venv], { stdio: 'ignore' });
  const pip = spawnSync(bin, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', 'llms-txt==0.0.7'], { encoding: 'utf8' });
  if (pip.status !== 0) throw new Error(`pip install llms-txt failed: ${pip.stderr}`);
  return bin;
}

const PARSE = `
import json, sys
from llms_txt import parse_llms_file
parsed = parse_llms_file(open(sys.argv[1]).read())
print(json.dumps({"title": parsed["title"], "sections": {k: [l["url"] for l in v] for k, v in parsed["sections"].items()}}))
`;

describe('llms.txt with the llmstxt.org reference parser', () => {
  const parser = llmsTxtParser();
  it.skipIf(!parser)('parses (parse_llms_file) into the title and sections of links, every operation and topic among them', () => {
    const run = spawnSync(parser as string, ['-c', PARSE, path.join(DOCS, 'llms.txt')], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const parsed = JSON.parse(run.stdout) as { title: string; sections: Record<string, string[]> };
    expect(parsed.title).toBe(model.doc.info.title);
    const urls = Object.values(parsed.sections).flat();
    const files = [...ops.map((o) => `md/${o.id}.md`), ...topics.map((t) => `md/${t.file}`)];
    expect(files.filter((f) => !urls.includes(f))).toEqual([]);
  });
});
