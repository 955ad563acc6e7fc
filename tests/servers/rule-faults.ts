// Staging stand-ins that break one stated rule each while every answer keeps its documented shape:
// the faults a fuzzer that checks shapes passes. A proxy in front of the mock (the fault-proxy's
// machinery) changes only what its fault needs; tests/qa/stated-rules-faults.test.ts runs the
// conformance rules against each and expects the named rule to fail, and against none to pass.
import { header, type UpstreamAnswer } from '../../qa/http-forward.js';
import type { Fault } from './fault-proxy.js';

const json = (answer: UpstreamAnswer, status: number, body: unknown): UpstreamAnswer => ({
  status,
  statusText: status === 202 ? 'Accepted' : 'OK',
  headers: { ...answer.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(JSON.stringify(body))) },
  body: Buffer.from(JSON.stringify(body)),
});
const parsed = (answer: UpstreamAnswer): any => {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
};
const refused = (a: UpstreamAnswer) => a.status >= 400 && a.status < 500;

type Ctx = Parameters<Fault['handle']>[0];

/** A refusal turned into an acceptance that looks like the upstream resource. */
async function acceptRefusal(ctx: Ctx, answer: UpstreamAnswer): Promise<UpstreamAnswer> {
  if (!refused(answer)) return answer;
  // A read of the resource: the action's authorization, none of its body's headers (a Content-Length
  // left from the POST would make the upstream wait for a body that never comes).
  const { authorization } = ctx.exchange.headers;
  const read = await ctx.upstream({
    method: 'GET',
    url: ctx.exchange.url.replace(/\/(render|retry)$/, ''),
    headers: authorization === undefined ? {} : { authorization },
    body: Buffer.alloc(0),
  });
  const data = parsed(read)?.data ?? {};
  return json(answer, 202, { message: 'Success.', status: 202, data, meta: { credits: { cost: 0, remaining: 0 } } });
}

/**
 * A server without the busy check starts a new render at once; the stand-in waits for the mock's
 * run to end and starts the new one then, so the video is rendering again, as there.
 */
async function renderWhileBusy(ctx: Ctx): Promise<UpstreamAnswer> {
  let answer = await ctx.upstream(ctx.exchange);
  for (let i = 0; i < 40 && answer.status === 403 && /processing/i.test(answer.body.toString()); i++) {
    await new Promise((r) => setTimeout(r, 25));
    answer = await ctx.upstream(ctx.exchange);
  }
  return answer;
}

/** A read another account was refused, answered as its owner (the run's first token) would be. */
async function readAsOwner(ctx: Ctx): Promise<UpstreamAnswer> {
  const answer = await ctx.upstream(ctx.exchange);
  if (answer.status !== 404) return answer;
  return ctx.upstream({ ...ctx.exchange, headers: { ...ctx.exchange.headers, authorization: `Bearer ${ctx.token}` } });
}

export const RULE_FAULTS: Record<string, Fault & { rule: string }> = {
  'retry-completed': {
    description: 'retry of a faceless render that completed is accepted (the machine allows retry only from failed)',
    rule: 'refused-in-state:retryFacelessRender:completed',
    operations: ['retryFacelessRender'],
    handle: async (ctx) => acceptRefusal(ctx, await ctx.upstream(ctx.exchange)),
  },
  'render-busy': {
    description: 'render of a faceless video that is rendering is accepted (a busy video refuses render requests)',
    rule: 'refused-in-state:renderFacelessVideo:rendering',
    operations: ['renderFacelessVideo'],
    handle: renderWhileBusy,
  },
  'b-roll-render-busy': {
    description: 'render of a b-roll video that is rendering is accepted (no flow of the issue walks this surface)',
    rule: 'refused-in-state:renderBRollVideo:rendering',
    operations: ['renderBRollVideo'],
    handle: renderWhileBusy,
  },
  'estimate-below-charge': {
    description: 'the text-to-video estimate says 2 credits less than the create then charges',
    rule: 'estimate:estimateTextToVideo',
    operations: ['estimateTextToVideo'],
    async handle(ctx) {
      const answer = await ctx.upstream(ctx.exchange);
      const body = parsed(answer);
      if (answer.status !== 200 || typeof body?.data?.credits !== 'number') return answer;
      body.data.credits -= 2;
      return json(answer, 200, body);
    },
  },
  'storyboard-of-another-account': {
    description: "another account's storyboard is readable (200 where the source says 404)",
    rule: 'ownership:getStoryboard',
    operations: ['getStoryboard'],
    handle: readAsOwner,
  },
  'launch-clip-of-another-account': {
    description: "another account's launch clip is readable (a resource only a charging call creates)",
    rule: 'ownership:getLaunchClip',
    operations: ['getLaunchClip'],
    handle: readAsOwner,
  },
  'script-charge-above-meta': {
    description: 'an ai-visuals script generation takes one credit more than its meta.credits.cost says',
    rule: 'charge:generateAiVisualsScript',
    operations: ['generateAiVisualsScript'],
    async handle(ctx) {
      const answer = await ctx.upstream(ctx.exchange);
      const body = parsed(answer);
      if (answer.status >= 300 || typeof body?.meta?.credits?.cost !== 'number') return answer;
      body.meta.credits.cost -= 1;
      return json(answer, answer.status, body);
    },
  },
  'estimate-charges': {
    description: 'the faceless render estimate takes credits (the source: estimates are free)',
    rule: 'free:estimateFacelessRender',
    operations: ['estimateFacelessRender'],
    async handle(ctx) {
      const answer = await ctx.upstream(ctx.exchange);
      if (answer.status !== 200) return answer;
      // The mock has no paid estimate; a charging call on the same account takes the credits.
      const body = Buffer.from(JSON.stringify({ keyword: 'estimate fee', network: 'youtube' }));
      const headers = { ...ctx.exchange.headers, 'content-type': 'application/json', 'content-length': String(body.length) };
      const url = ctx.exchange.url.replace(/\/faceless\/.*$/, '/ideas/discover');
      await ctx.upstream({ ...ctx.exchange, method: 'POST', url, headers, body });
      return answer;
    },
  },
  'history-oldest-first': {
    description: 'the credit history lists oldest first when no order is given (the source: newest first by default)',
    rule: 'order-default:listCreditHistory',
    operations: ['listCreditHistory'],
    async handle(ctx) {
      const url = new URL(ctx.exchange.url, 'http://stand-in');
      if (!url.searchParams.has('order')) url.searchParams.set('order', 'ASC');
      return ctx.upstream({ ...ctx.exchange, url: `${url.pathname}${url.search}` });
    },
  },
  'scrape-www-youtube': {
    description: 'a scrape of www.youtube.com is accepted (the source: social pages are refused)',
    rule: 'refused-urls:scrapeFacelessImages:url',
    operations: ['scrapeFacelessImages'],
    async handle(ctx) {
      const body = parsed({ ...ctx.exchange, status: 0, statusText: '', headers: {} });
      if (typeof body?.url !== 'string' || !/^https?:\/\/www\.youtube\.com/i.test(body.url)) return ctx.upstream(ctx.exchange);
      const swapped = Buffer.from(JSON.stringify({ ...body, url: 'https://example.com/a-public-page' }));
      const headers = { ...ctx.exchange.headers, 'content-length': String(swapped.length) };
      return ctx.upstream({ ...ctx.exchange, headers, body: swapped });
    },
  },
  'insufficient-without-amounts': {
    description: 'a 402 INSUFFICIENT-CREDITS on a launch clip carries neither required nor available',
    rule: 'limit:402-fields',
    operations: ['createLaunchClip'],
    async handle(ctx) {
      const answer = await ctx.upstream(ctx.exchange);
      const body = parsed(answer);
      if (answer.status !== 402 || !body) return answer;
      const { required: _r, available: _a, ...rest } = body;
      return { ...json(answer, 402, rest), statusText: 'Payment Required' };
    },
  },
};

export const isJsonAnswer = (a: UpstreamAnswer) => /json/i.test(header(a.headers, 'content-type') ?? '');
