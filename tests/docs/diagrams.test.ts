// The state diagrams as a reader sees them: generated/docs/index.html in headless Chromium, in the
// light and the dark colour mode, the "State machines" section open. For every diagram the test
// measures the rendered text boxes (the browser's own font, not Graphviz's estimate) of the states
// and the transition labels and asserts that no text overlaps another text or another state's box,
// that no edge runs through a text, and that every text lies inside its drawing and inside what
// the page's middle column shows (nothing clipped, no sideways scrolling to read a label).
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { stateMachines } from '../../scripts/docs/state-diagrams.js';
import { ROOT } from '../../scripts/lib/project.js';
import { guardRequests, launchChromium } from '../support/browser.js';

const HTML = path.join(ROOT, 'generated', 'docs', 'index.html');
const REPORT_DIR = path.join(ROOT, 'reports', 'docs');
const machines = stateMachines(JSON.parse(readFileSync(path.join(ROOT, 'generated', 'openapi.json'), 'utf8')));

const open: { context: BrowserContext; dir: string }[] = [];

afterAll(async () => {
  for (const { context, dir } of open) {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function openDiagrams(colorScheme: 'light' | 'dark'): Promise<Page> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docs-diagrams-'));
  const context = await launchChromium(dir, { viewport: { width: 1280, height: 900 }, colorScheme });
  open.push({ context, dir });
  const outside: string[] = [];
  await guardRequests(context, (url) => url.startsWith('file://') || url.startsWith('data:'), outside);
  const page = await context.newPage();
  await page.goto(pathToFileURL(HTML).href);
  await page.locator('[data-component-name="Menu/MenuItem"] [data-text="State machines"]').last().click();
  await page.locator('.state-diagram[data-place="overview"] svg').first().waitFor({ state: 'visible' });
  return page;
}

/** In the page: every overlap, edge through a label and clipped label of every overview diagram. */
function findProblems(): string[] {
  type Box = { left: number; right: number; top: number; bottom: number };
  const SLACK = 0.5;
  const meet = (a: Box, b: Box) =>
    a.left < b.right - SLACK && b.left < a.right - SLACK && a.top < b.bottom - SLACK && b.top < a.bottom - SLACK;
  const inside = (p: { x: number; y: number }, b: Box) =>
    p.x > b.left + SLACK && p.x < b.right - SLACK && p.y > b.top + SLACK && p.y < b.bottom - SLACK;
  const problems: string[] = [];
  for (const box of document.querySelectorAll('.state-diagram[data-place="overview"]')) {
    const name = box.getAttribute('data-state-machine');
    const svg = box.querySelector('svg') as SVGSVGElement;
    // The drawing, and what of it the page column shows without scrolling.
    const drawing = svg.getBoundingClientRect();
    const column = box.getBoundingClientRect();
    const frame = {
      left: Math.max(drawing.left, column.left),
      right: Math.min(drawing.right, column.right),
      top: drawing.top,
      bottom: drawing.bottom,
    };
    const nodes = [...svg.querySelectorAll('g.node')];
    const labels = [...svg.querySelectorAll('g.node text, g.edge text')].map((t) => ({
      text: t.textContent ?? '',
      owner: t.closest('g.node, g.edge'),
      box: t.getBoundingClientRect() as Box,
    }));
    // The state boxes (a transition label's node draws no box).
    const shapes = nodes
      .filter((n) => !n.classList.contains('transition-label'))
      .map((n) => ({
        node: n,
        text: n.querySelector('text')?.textContent ?? '',
        box: (n.querySelector('path, polygon, ellipse') ?? n).getBoundingClientRect() as Box,
      }));
    for (const [i, a] of labels.entries()) {
      if (
        a.box.left < frame.left - SLACK ||
        a.box.right > frame.right + SLACK ||
        a.box.top < frame.top - SLACK ||
        a.box.bottom > frame.bottom + SLACK
      )
        problems.push(`${name}: "${a.text}" is clipped`);
      for (const b of labels.slice(i + 1)) if (meet(a.box, b.box)) problems.push(`${name}: "${a.text}" overlaps "${b.text}"`);
      for (const s of shapes)
        if (s.node !== a.owner && meet(a.box, s.box)) problems.push(`${name}: "${a.text}" overlaps the state ${s.text}`);
    }
    for (const path of svg.querySelectorAll<SVGPathElement>('g.edge path')) {
      const matrix = path.getScreenCTM() as DOMMatrix;
      for (let at = 0; at <= path.getTotalLength(); at += 2) {
        const p = new DOMPoint(path.getPointAtLength(at).x, path.getPointAtLength(at).y).matrixTransform(matrix);
        const hit = labels.find((l) => inside(p, l.box));
        if (hit) {
          problems.push(`${name}: an edge runs through "${hit.text}"`);
          break;
        }
      }
    }
  }
  return [...new Set(problems)];
}

describe('state diagram labels in the browser', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`in ${scheme} mode, no label of the ${machines.length} diagrams overlaps another, a state or an edge, or is clipped`, async () => {
      const page = await openDiagrams(scheme);
      expect(await page.locator('.state-diagram[data-place="overview"] svg').count()).toBe(machines.length);
      expect(await page.locator('.state-diagram[data-place="overview"] g.transition-label text').count()).toBeGreaterThan(machines.length);
      await mkdir(REPORT_DIR, { recursive: true });
      await page
        .locator('.state-diagram[data-place="overview"]')
        .first()
        .screenshot({ path: path.join(REPORT_DIR, `diagram-${scheme}.png`) });
      expect(await page.evaluate(findProblems)).toEqual([]);
    }, 120_000);
  }
});
