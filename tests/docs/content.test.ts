// What the docs build adds to its copy of the contract, checked against the contract itself
// (generated/openapi.json), and the offline guarantees of the built page (generated/docs/index.html).
// The browser test (tests/docs/reference.test.ts) checks the same page as a reader sees it; the samples are
// type-checked against the packed client and run in tests/packages/samples-consumer.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { sampleContext } from '../../scripts/docs/code-samples.js';
import { decorate } from '../../scripts/docs/decorate.js';
import { knownGaps } from '../../scripts/docs/known-gaps.js';
import { limitValue } from '../../scripts/docs/limits.js';
import { makeOffline } from '../../scripts/docs/offline.js';
import { diagram, stateMachines } from '../../scripts/docs/state-diagrams.js';
import { CLIENT_PACKAGE_NAME, ROOT } from '../../scripts/lib/project.js';

const bundleText = readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8');
const bundle = JSON.parse(bundleText);
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const html = readFileSync(path.join(ROOT, 'generated', 'docs', 'index.html'), 'utf8');
let doc: any;

beforeAll(async () => {
  doc = await decorate(bundle, sampleContext(bundle, CLIENT_PACKAGE_NAME));
});

describe('docs: the decorated copy of the contract', () => {
  it('leaves the bundle itself untouched', () => {
    expect(`${JSON.stringify(bundle, null, 2)}\n`).toBe(bundleText);
  });

  it('gives every operation its credits and limits, from x-credits', () => {
    for (const o of ContractModel.of(doc).operations()) {
      const credits = o.operation['x-credits'];
      const text: string = o.operation.description ?? '';
      expect(text, o.label).toContain('**Credits:**');
      if (!credits.charges) expect(text, o.label).toContain('**Credits:** free.');
      if (typeof credits.cost === 'number') expect(text, o.label).toContain(`${credits.cost} credits`);
      if (credits.costKey) expect(text, o.label).toContain(credits.costKey);
      if (credits.refund) expect(text, o.label).toContain(credits.refund);
      if (o.operation.responses['429']) expect(text, o.label).toContain('**Limits:**');
    }
  });

  it('gives every operation a curl, a published-client and a Python sample, each saying the status to expect', () => {
    for (const o of ContractModel.of(doc).operations()) {
      const samples = o.operation['x-codeSamples'] ?? [];
      expect(
        samples.map((s: any) => s.label),
        o.label,
      ).toEqual(['curl', 'TypeScript client', 'Python']);
      const [curl, ts, py] = samples.map((s: any) => s.source);
      expect(curl, o.label).toContain(`curl -sS --fail-with-body -X ${o.method.toUpperCase()} "$API_BASE_URL${o.path.split('{')[0]}`);
      expect(curl).toContain(`API_BASE_URL="\${API_BASE_URL:-${sampleContext(bundle, CLIENT_PACKAGE_NAME).baseUrl}}"`);
      expect(curl).toMatch(/^set -euo pipefail/);
      expect(curl).toContain('Authorization: Bearer $API_TOKEN');
      expect(ts).toMatch(new RegExp(`^import \\{ createVideoApiClient(, toFormData)? \\} from '${CLIENT_PACKAGE_NAME}';$`, 'm'));
      expect(ts).not.toContain(pkg.name);
      expect(ts).toContain(`await api.${o.method.toUpperCase()}('${o.path}'`);
      expect(py).toContain(`response = requests.${o.method}(`);
      expect(py).toContain(`os.environ['API_TOKEN']`);
      const status = Object.keys(o.operation.responses).find((s) => /^2/.test(s))!;
      for (const text of [curl, ts, py])
        expect(text, o.label).toContain(/^\d{3}$/.test(status) ? `Expect ${status}.` : 'Expect a 2xx status');
      for (const name of o.path.match(/\{(\w+)\}/g) ?? []) {
        expect(ts, o.label).toMatch(new RegExp(`params: \\{ path: \\{[^}]*${name.slice(1, -1)}: `));
      }
    }
  });

  it('lists every x-unspecified of the contract under Known gaps', () => {
    const gaps = knownGaps(bundle);
    expect(gaps.length).toBe(bundleText.split('"x-unspecified"').length - 1);
    const section = doc.info.description.split('## Known gaps')[1];
    expect(section).toBeTruthy();
    for (const gap of gaps) {
      expect(section).toContain(`\`${gap.pointer}\``);
      expect(section).toContain(gap.text.replace(/\s*\n\s*/g, ' ').trim());
    }
  });

  it('carries the error catalogue, render preconditions, tool server and change log', () => {
    const intro: string = doc.info.description;
    const catalogue = Object.values<any>(bundle.components.schemas).flatMap((s) => s['x-error-catalogue'] ?? []);
    expect(catalogue.length).toBeGreaterThan(0);
    for (const e of catalogue) expect(intro).toContain(`\`${e.code}\``);
    for (const o of ContractModel.of(bundle)
      .operations()
      .filter((x) => x.operation['x-render-preconditions'])) {
      expect(intro).toContain(`\`${o.label}\``);
      for (const p of o.operation['x-render-preconditions'] ?? []) expect(intro).toContain(p.condition);
    }
    for (const tool of bundle['x-tool-server'].tools) expect(intro).toContain(`\`${tool.name}\``);
    for (const entry of bundle.info['x-changelog']) {
      expect(intro).toContain(`**${entry.date}**`);
      for (const change of entry.changes) expect(intro).toContain(change);
    }
    expect(intro.match(/^## Change log$/gm)).toHaveLength(1);
  });

  it('generates the Limits section from x-rate-limit and x-limits, before Versioning', () => {
    const intro: string = doc.info.description;
    const section = intro.split('## Limits\n')[1]?.split('\n## ')[0] ?? '';
    const rate = bundle.info['x-rate-limit'];
    expect(section).toContain(`| request rate | ${rate.requestsPerMinute} requests per minute per ${rate.scope} |`);
    expect(section).toContain(rate.description);
    const limits = bundle.info['x-limits'];
    for (const [key, value] of Object.entries(limits)) {
      if (key === 'x-unspecified') expect(section).toContain(value);
      else expect(section, key).toContain(`| ${limitValue(value)} |`);
    }
    expect(intro.indexOf('## Limits')).toBeLessThan(intro.indexOf('## Versioning'));
    expect(intro.match(/^## (Limits|Tool server)$/gm)).toEqual(['## Limits', '## Tool server']);
  });

  it('finds no copy of those extensions in the written introduction (openapi/description.md)', () => {
    const written: string = bundle.info.description;
    expect(written).toBe(readFileSync(path.join(ROOT, 'openapi', 'description.md'), 'utf8'));
    for (const heading of ['Limits', 'Tool server', 'Change log', 'State machines'])
      expect(written).not.toMatch(new RegExp(`^## ${heading}$`, 'm'));
    for (const entry of bundle.info['x-changelog']) expect(written).not.toContain(entry.date);
    for (const tool of bundle['x-tool-server'].tools) expect(written).not.toContain(tool.name);
    expect(written).not.toMatch(/\b1500\b|199,999|requests per minute/);
  });

  it('adds to each tag what its operations cost and the diagram of each resource they poll', () => {
    for (const tag of doc.tags) {
      const inTag = ContractModel.of(bundle)
        .operations()
        .filter((o) => o.operation.tags?.[0] === tag.name);
      if (!inTag.length) continue;
      expect(tag.description, tag.name).toContain('**Credits in this tag:**');
      for (const o of inTag.filter((x) => x.operation['x-credits'].charges)) expect(tag.description, tag.name).toContain(`\`${o.label}\``);
      const polled = stateMachines(bundle).filter((m) => inTag.some((o) => m.machine.pollOperationIds.includes(o.id)));
      for (const m of polled) expect(tag.description, tag.name).toContain(`data-state-machine="${m.schema}"`);
    }
  });

  it("keeps the tags in the contract's order", () => {
    expect(doc.tags.map((t: any) => t.name)).toEqual(ContractModel.of(bundle).tagOrder());
    expect(doc['x-tagGroups'].flatMap((g: any) => g.tags)).toEqual(ContractModel.of(bundle).tagOrder());
  });
});

describe('docs: state diagrams', () => {
  it('draws every machine with all its states, the same way every time', async () => {
    const machines = stateMachines(bundle);
    expect(machines.length).toBe(Object.values<any>(bundle.components.schemas).filter((s) => s['x-state-machine']).length);
    for (const m of machines) {
      const { machine } = m;
      const svg = await diagram(m);
      expect(svg).toMatch(/^<svg /);
      expect(svg).not.toContain('\n');
      for (const state of machine.states) expect(svg).toContain(`>${state}`);
      expect(await diagram(m)).toBe(svg);
      expect(doc.info.description).toContain(svg);
      for (const t of machine.transitions) {
        expect(doc.info.description).toContain(`| ${t.from ?? '(new)'} → ${t.to ?? 'not shown'} | ${t.trigger}`);
      }
    }
  });
});

describe('docs: the built page stays offline', () => {
  it('inlines Redoc, disables telemetry and carries no CDN address', () => {
    expect(html).not.toMatch(/<script[^>]+\ssrc=/i);
    expect(html).not.toMatch(/<link[^>]+href="(?:https?:)?\/\//i);
    expect(html).toContain('"disableTelemetry":true');
    expect(html).not.toContain('cdn.redoc.ly');
    expect(html).not.toContain('cdn.redocly.com/redoc/');
  });

  it('refuses a Redoc bundle it does not know how to make offline', () => {
    expect(() => makeOffline('<html><script type="module">hydrate()</script></html>')).toThrow(/Redoc changed/);
  });
});
