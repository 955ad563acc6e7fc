// The browser build's mock/docs/route.ts (scripts/pack/bundle.ts swaps it in): the reference docs
// are served by the mock's command, in Node. The MSW handlers hand the core only API calls and
// /__mock requests (mock/msw.ts), never a docs path, so in the browser the route owns nothing and
// the build carries neither the docs nor the Try it facts.

export class DocsRoute {
  /** Whether this route answers the request: never, in the browser build. */
  owns(_method: string, _url: URL): boolean {
    return false;
  }

  serve(): never {
    throw new Error('mock: the reference docs are not part of the browser build');
  }
}
