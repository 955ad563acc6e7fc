// Contract validation of the client's own traffic, when asked (`validate: 'responses' | 'all'`).
// The checks (client/validate.ts: the contract's compiled validators, so Ajv and the bundle) are
// loaded by import() on the first call, never by a client that does not validate: a bundler puts
// them in a chunk of their own. Registered before the rate-limit middleware, so a request is judged
// before anything else sees it, and an answer after any retry.
import type { Middleware } from 'openapi-fetch';
import type { ContractChecks } from '../validate.js';

export type ValidateMode = 'responses' | 'all';

/** The checks failed to load (a chunk the browser could not fetch, a broken install). */
function loadError(cause: unknown): Error {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(`video-api-v2-client: \`validate\` could not load the contract checks: ${reason}`, { cause });
}

export function contractValidation(mode: ValidateMode, redact: (text: string) => string): Middleware {
  let loading: Promise<ContractChecks> | undefined;
  const checks = () => {
    loading ??= import('../validate.js').then(
      (module) => module.contractChecks(redact),
      (error: unknown) => {
        loading = undefined; // a later call tries again (an install, a flaky chunk load)
        throw loadError(error);
      },
    );
    return loading;
  };
  return {
    async onRequest({ request, schemaPath, params }) {
      const loaded = checks();
      if (mode !== 'all') {
        loaded.catch(() => undefined); // loads beside the call; an error surfaces on the answer
        return undefined;
      }
      const refused = await (await loaded).request(request, schemaPath, params.path);
      if (refused) throw refused;
      return undefined;
    },
    async onResponse({ request, response, schemaPath }) {
      const refused = await (await checks()).response(request.method, schemaPath, response);
      if (refused) throw refused;
      return undefined;
    },
  };
}
