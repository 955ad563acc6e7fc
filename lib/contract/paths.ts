// Which operation a request is, written once: path templates compiled the way Prism routes
// (literal segments win over parameters: /faceless/options is not /faceless/{faceless}), with the
// answer the API gives when nothing matches: 404 for an unknown path, 405 with the methods the
// path allows. The mock, the validating proxy and the test servers all route through this.

import { safeDecode, substituteParams, type TemplateSegment, templateSegments } from './templates.js';

export interface Routable {
  method: string;
  path: string;
}

export type RouteMatch<T extends Routable> =
  | { kind: 'operation'; op: T; template: string; params: Record<string, string> }
  | { kind: 'method-not-allowed'; template: string; allow: string[] }
  | { kind: 'not-found' };

interface CompiledPath<T> {
  template: string;
  segments: readonly TemplateSegment[];
  byMethod: Map<string, T>;
}

export interface PathMatcherOptions {
  /**
   * Whether one trailing slash is forgiven where no template has it (default true: /me/ is /me, as
   * the mock routes). A judge of a deployment (the validating proxy's checker) passes false: a
   * path the contract does not write is not the contract's operation.
   */
  forgiveTrailingSlash?: boolean;
}

export class PathMatcher<T extends Routable> {
  /** The compiled templates by their number of segments, each list most concrete first. */
  readonly #bySegments = new Map<number, CompiledPath<T>[]>();
  /** The templates without parameters, by their text: a path equal to one fits it before any other. */
  readonly #literal = new Map<string, CompiledPath<T>>();
  readonly #forgiveTrailingSlash: boolean;

  constructor(operations: Iterable<T>, options: PathMatcherOptions = {}) {
    this.#forgiveTrailingSlash = options.forgiveTrailingSlash ?? true;
    const byTemplate = new Map<string, CompiledPath<T>>();
    for (const op of operations) {
      let entry = byTemplate.get(op.path);
      if (!entry) {
        entry = { template: op.path, segments: templateSegments(op.path), byMethod: new Map() };
        byTemplate.set(op.path, entry);
      }
      entry.byMethod.set(op.method.toUpperCase(), op);
    }
    // Fewer parameters first, and at equal count the earlier literal first: concrete paths win.
    const rank = (p: CompiledPath<T>) => p.segments.map((s) => ('param' in s ? '1' : '0')).join('');
    const sorted = [...byTemplate.values()].sort(
      (a, b) => a.segments.length - b.segments.length || rank(a).localeCompare(rank(b)) || a.template.localeCompare(b.template),
    );
    // A path is compared only with the templates of its own length (the rest cannot fit).
    for (const entry of sorted) {
      if (entry.segments.every((segment) => 'literal' in segment)) this.#literal.set(entry.template, entry);
      const list = this.#bySegments.get(entry.segments.length);
      if (list) list.push(entry);
      else this.#bySegments.set(entry.segments.length, [entry]);
    }
  }

  /** Every path template `path` (relative to the base path, query excluded) fits, most concrete first. */
  templates(path: string): Array<{ template: string; operations: T[]; params: Record<string, string> }> {
    return this.#fitting(path).map(({ entry, params }) => ({ template: entry.template, operations: [...entry.byMethod.values()], params }));
  }

  #fitting(path: string): Array<{ entry: CompiledPath<T>; params: Record<string, string> }> {
    const exact = this.#fit(path);
    // One trailing slash is forgiven where no template has it (/me/ is /me; /__mock/ stays itself).
    if (exact.length || !this.#forgiveTrailingSlash || !path.endsWith('/') || path === '/') return exact;
    return this.#fit(path.slice(0, -1));
  }

  #fit(path: string): Array<{ entry: CompiledPath<T>; params: Record<string, string> }> {
    const parts = path.split('/').slice(1);
    const out: Array<{ entry: CompiledPath<T>; params: Record<string, string> }> = [];
    for (const entry of this.#bySegments.get(parts.length) ?? []) {
      const params = fitParams(entry.segments, parts);
      if (params) out.push({ entry, params });
    }
    return out;
  }

  /**
   * The operation a request is: the most concrete template that fits the path and declares the
   * method (PATCH /faceless/options is PATCH /faceless/{faceless}, as Prism routes it); else 405
   * with the methods of the most concrete template; else 404.
   */
  match(method: string, path: string): RouteMatch<T> {
    const wanted = method.toUpperCase();
    // A path that is a template without parameters: that template is the most concrete fit.
    const literal = this.#literal.get(path)?.byMethod.get(wanted);
    if (literal) return { kind: 'operation', op: literal, template: path, params: {} };
    const fitting = this.#fitting(path);
    if (!fitting.length) return { kind: 'not-found' };
    for (const { entry, params } of fitting) {
      const op = entry.byMethod.get(wanted);
      if (op) return { kind: 'operation', op, template: entry.template, params };
    }
    // Allow names the methods of the resource the path is (its most concrete template), as the API lists them.
    const [{ entry }] = fitting;
    return { kind: 'method-not-allowed', template: entry.template, allow: [...entry.byMethod.keys()] };
  }
}

/** The decoded parameters of `parts` where they fit a template's segments (as many), else undefined. */
function fitParams(segments: readonly TemplateSegment[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if ('literal' in segment) {
      if (segment.literal !== parts[i]) return undefined;
    } else {
      if (parts[i] === '') return undefined;
      params[segment.param] = safeDecode(parts[i]);
    }
  }
  return params;
}

/**
 * The other direction: a path from its template, each `{name}` replaced by its value, percent-encoded.
 * A name without a value stays as written, and is listed in `missing`.
 */
export function fillPath(template: string, param: (name: string) => unknown): { path: string; missing: string[] } {
  const missing: string[] = [];
  const path = substituteParams(template, (name) => {
    const value = param(name);
    if (value === undefined || value === null) {
      missing.push(name);
      return `{${name}}`;
    }
    return encodeURIComponent(String(value));
  });
  return { path, missing };
}
