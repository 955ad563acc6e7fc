// Prism's engine as the pipeline asks it (mock/engine.ts): made once, on load(); asking it before
// then is a fault; and a load that failed (in the browser build, a chunk the page could not fetch)
// is tried again by the next call instead of failing every call after it.
import { describe, expect, it } from 'vitest';
import { ContractModel } from '../../lib/contract/index.js';
import { PrismEngine } from '../../mock/engine.js';

describe("Prism's engine", () => {
  it('answers once loaded, and loads once', async () => {
    const engine = new PrismEngine(ContractModel.load().doc);
    expect(() => engine.preferences({ prefer: undefined, query: {} })).toThrow(/not loaded yet/);
    const first = engine.load();
    expect(engine.load()).toBe(first);
    await first;
    expect(engine.loaded).toBe(true);
    expect(engine.preferences({ prefer: 'code=404', query: {} })).toEqual({ ok: true, value: expect.objectContaining({ code: 404 }) });
  });

  it('tries a failed load again on the next call', async () => {
    const doc: Record<string, unknown> = { openapi: '3.1.0', paths: { '/x': { get: { responses: { '200': { $ref: '#/nope' } } } } } };
    const engine = new PrismEngine(doc);
    await expect(engine.load()).rejects.toThrow(/nope/);
    expect(engine.loaded).toBe(false);
    // The document is read again on the next load.
    Object.assign(doc, structuredClone(ContractModel.load().doc));
    await engine.load();
    expect(engine.loaded).toBe(true);
  });
});
