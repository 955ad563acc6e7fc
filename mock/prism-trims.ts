// Two dependencies Prism's engine requires as it loads and the mock never runs, left out in Node as
// the packed builds leave them out (scripts/pack/bundle.ts): faker (all its locales, a third of the
// mock's start), which json-schema-faker calls only for a schema's `x-faker` keyword, and no schema
// of the contract has one (the pack refuses to build if one appears); and http-spec's reader of
// Postman collections (the mock hands Prism an OpenAPI document). Every require() of either in the
// process (Prism's are the only ones) gets a stand-in whose every use throws, naming what was left
// out. Imported by mock/prism.ts before Prism's modules; the browser build has its own stand-ins
// (mock/prism-trims.browser.ts is empty).
import Module from 'node:module';
import { leftOut } from './left-out.js';

/** The modules left out, as Prism's files require them. */
export const LEFT_OUT = ['@faker-js/faker', '@stoplight/http-spec/postman/operation'] as const;

const PREFIX = 'left-out:';

interface ModuleInternals {
  _resolveFilename(request: string, ...rest: unknown[]): string;
  _cache: Record<string, unknown>;
}

function install(): void {
  const internals = Module as unknown as ModuleInternals;
  for (const name of LEFT_OUT) {
    const id = `${PREFIX}${name}`;
    const stand = new Module(id);
    stand.exports = leftOut(name);
    stand.loaded = true;
    internals._cache[id] = stand;
  }
  const resolve = internals._resolveFilename;
  internals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    return (LEFT_OUT as readonly string[]).includes(request) ? `${PREFIX}${request}` : resolve.call(this, request, ...rest);
  };
}

install();
