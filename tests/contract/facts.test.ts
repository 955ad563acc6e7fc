// Facts of the source that the contract must carry in machine-readable form: billing markers,
// the tool server, the change log, the error catalogue, and the "invent nothing" rule.
import { describe, expect, it } from 'vitest';
import { deref, loadContract, operationsOf } from '../support/contract.js';

const doc = loadContract();
const ops = new Map(operationsOf(doc).map((o) => [o.operation.operationId!, o.operation]));
const credits = (id: string) => ops.get(id)!['x-credits'];

function walk(node: any, visit: (node: any, path: string) => void, path = '#') {
  if (!node || typeof node !== 'object') return;
  visit(node, path);
  for (const [k, v] of Object.entries(node)) walk(v, visit, `${path}/${k}`);
}

describe('billing markers (x-credits)', () => {
  it('carries the flat costs and refund rules the source states', () => {
    expect(credits('createLaunchClip')).toMatchObject({ charges: true, cost: 5 });
    expect(credits('createLaunchClip').refund).toMatch(/refund/i);
    expect(credits('discoverIdeas')).toMatchObject({ charges: true, cost: 15 });
    expect(credits('trainCharacter')).toMatchObject({ charges: true, cost: 10 });
    expect(credits('createTextToVideo').charges).toBe(true);
    expect(credits('createTextToVideo').refund).toMatch(/refund/i);
    expect(credits('generateFacelessScript')).toMatchObject({ charges: true, costKey: 'CONTENT_PROMPT_REQUESTED' });
    expect(credits('scrapeFacelessScript')).toMatchObject({ charges: true, costKey: 'CONTENT_PROMPT_REQUESTED' });
  });

  it('marks reads, estimates, drafts, free scrapes and scene chaining free', () => {
    for (const id of [
      'getMe',
      'listIdeas',
      'estimateFacelessRender',
      'estimateTextToVideo',
      'scrapeFacelessImages',
      'chainStoryboardScene',
      'createFacelessVideo',
    ]) {
      expect(credits(id).charges, id).toBe(false);
    }
  });

  it('marks every render, retry, export, clip generation and script generation as charging', () => {
    const charging = [...ops.keys()].filter((id) => /^(render|retry|export|generate)[A-Z]/.test(id));
    expect(charging.length).toBeGreaterThan(10);
    for (const id of charging) expect(credits(id).charges, id).toBe(true);
  });
});

describe('tool server (x-tool-server)', () => {
  const tools = doc['x-tool-server']!;
  it('states 27 tools, 18 free and 9 charging, and names the 9', () => {
    expect(tools).toMatchObject({
      toolCount: 27,
      freeToolCount: 18,
      chargingToolCount: 9,
      trialRejection: 'PAID-SUBSCRIPTION-REQUIRED',
      renderBillingMinimumSeconds: 60,
    });
    expect(
      tools.tools
        .filter((t: any) => t.charges)
        .map((t: any) => t.name)
        .sort(),
    ).toEqual([
      'create_video',
      'export_video',
      'generate_script',
      'generate_storyboard',
      'generate_storyboard_media',
      'generate_text_to_video',
      'regenerate_video_asset',
      'render_video',
      'scrape_script',
    ]);
  });
  it('maps every named tool to operations that exist, or says the mapping is not shown', () => {
    for (const tool of tools.tools) {
      if (!tool.operationIds.length) expect(tool['x-unspecified'], tool.name).toMatch(/not shown/);
      for (const id of tool.operationIds) expect(ops.has(id), `${tool.name} -> ${id}`).toBe(true);
    }
  });
  it('does not map the charging create_video to the free draft creates', () => {
    const create = tools.tools.find((t: any) => t.name === 'create_video');
    expect(create).toBeDefined();
    for (const id of create!.operationIds) expect(credits(id).charges, id).toBe(true);
    expect(create!.operationIds).toEqual([]);
  });
  it('says chain_storyboard_scene is free and lists chain_status values', () => {
    const chain = tools.tools.find((t: any) => t.name === 'chain_storyboard_scene');
    expect(chain).toMatchObject({ charges: false, resultValues: ['resolved', 'extracting', 'deferred'] });
    expect(doc.components!.schemas!.ChainStatus.enum).toEqual(chain!.resultValues);
  });
});

describe('versioning', () => {
  it('is 2.0.0 with the dated change log', () => {
    expect(doc.info.version).toBe('2.0.0');
    // The source's three dated entries, oldest last; entries above them record the contract's own
    // later changes (the gate asks for one per behaviour change: CONTRIBUTING.md).
    expect(doc.info['x-changelog']!.map((e) => e.date).slice(-3)).toEqual(['2026-07-04', '2026-07-02', '2026-07-01']);
    // The change log is written once, as x-changelog; the introduction does not copy it (the docs
    // build renders it: tests/docs/content.test.ts).
    for (const date of ['2026-07-04', '2026-07-02', '2026-07-01']) expect(doc.info.description).not.toContain(date);
  });
});

describe('error catalogue', () => {
  it('lists every code of the source with its status', () => {
    const catalogue = doc.components!.schemas!.ErrorCode['x-error-catalogue']!;
    expect(Object.fromEntries(catalogue.map((e) => [e.code, e.status]))).toEqual({
      'GEN-UNAUTHORIZED': 401,
      'GEN-FORBIDDEN': 403,
      'GEN-NOT-FOUND': 404,
      'GEN-WRONG-ARGS': 400,
      'GEN-API-ERROR': '5xx',
      'SUBSCRIPTION-REQUIRED': 403,
      'PAID-SUBSCRIPTION-REQUIRED': 403,
      'INSUFFICIENT-CREDITS': 402,
      'EMAIL-NOT-VERIFIED': 403,
      'FEATURE-NOT-ALLOWED': 403,
      'REACH-PLAN-LIMIT': 403,
      'REACH-PLAN-STORAGE-LIMIT': 403,
      'REACH-PLAN-PUBLISH-LIMIT': 403,
    });
  });
});

describe('where the source is silent, nothing is invented', () => {
  it('never closes an object with additionalProperties: false', () => {
    const closed: string[] = [];
    walk(doc, (node, path) => {
      if (node.additionalProperties === false) closed.push(path);
    });
    expect(closed).toEqual([]);
  });

  it('marks unspecified places with one extension, always with a reason', () => {
    const marks: string[] = [];
    walk(doc, (node, path) => {
      if ('x-unspecified' in node) {
        expect(typeof node['x-unspecified'], path).toBe('string');
        expect(node['x-unspecified'], path).toMatch(/not (shown|named)/);
        marks.push(path);
      }
    });
    expect(marks.length).toBeGreaterThan(40);
  });
});

describe('what the source does not show stays open', () => {
  const scopes = ['operation', 'request', 'response', 'status'];
  it('every operation-level x-unspecified says which parts it is about (x-unspecified-scope)', () => {
    for (const [id, op] of ops) {
      if (!op['x-unspecified']) continue;
      expect(op['x-unspecified-scope'], id).toBeInstanceOf(Array);
      for (const s of op['x-unspecified-scope'] ?? []) expect(scopes, `${id}: ${s}`).toContain(s);
    }
  });
  it('a success status the source does not show is 2XX, never a fixed code', () => {
    for (const [id, op] of ops) {
      const success = Object.keys(op.responses).filter((c) => c.startsWith('2'));
      if (op['x-unspecified-scope']?.includes('status')) expect(success, id).toEqual(['2XX']);
    }
  });
  it('the ideas list borrows no page-size maximum from the credit history', () => {
    const listIdeas = ops.get('listIdeas')!;
    const perPage: any = (listIdeas.parameters ?? []).map((p: any) => deref(doc, p)).find((p: any) => p?.name === 'per_page');
    expect(perPage).toBeDefined();
    expect(perPage.schema.maximum).toBeUndefined();
    expect(perPage.schema.default).toBeUndefined();
  });
  it('the render preconditions are one list with machine keys, shared by the four render operations, with no claimed order', () => {
    const lists = [...ops.values()].flatMap((op) => (op['x-render-preconditions'] ? [op['x-render-preconditions']] : []));
    expect(lists.length).toBe(4);
    for (const list of lists) expect(list).toEqual(lists[0]);
    const keys = lists[0]!.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const op of ops.values()) expect(String(op.description ?? '')).not.toMatch(/in this order/i);
  });
});
