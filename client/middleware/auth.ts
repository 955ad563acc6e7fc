// Bearer auth. The token lives only in this closure: it is never stored on the client object, so it
// cannot be serialised with it.
import type { Middleware } from 'openapi-fetch';

export function bearerAuth(token: string | undefined): Middleware {
  return {
    onRequest({ request }) {
      // No token: send none, so the API answers its own 401 GEN-UNAUTHORIZED.
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}
