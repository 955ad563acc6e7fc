// A staging stand-in for PUT /account/auto-topup, written from the source rather than the mock: a
// layer in front of the mock that knows its own credit-pack plans and refuses any other `plan_id`
// with 422 (the source: "an active one-time credit-pack plan", "422 on validation"), as a real
// deployment does whatever the schema allows. With `acceptAnyUnits` it also carries a fault: it
// accepts any `units` from 1 to 199,999, although up to 100 the source lists only 1, 2, 3, 4, 5,
// 10, 20, 30, 50 and 100 (it passes 5 to the mock and answers with the units asked for). With
// `noPaymentMethod` the account has no saved payment method: enabling is refused with 422.
//
// By hand:  tsx tests/servers/auto-topup-staging.ts <mock base URL> [accept-any-units]
import { header, send, serve, type UpstreamAnswer, type UpstreamRequest } from '../../qa/http-forward.js';

/** The credit-pack plans this deployment has (the contract's example plan). */
export const PLANS = [12];

export interface StagingStandIn {
  url: string;
  /** How often each behaviour answered instead of the mock. */
  used: { refusedPlan: number; acceptedUnits: number };
  close(): Promise<void>;
}

function json(status: number, body: unknown, like: UpstreamAnswer): UpstreamAnswer {
  const headers: UpstreamAnswer['headers'] = { 'content-type': 'application/json' };
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining']) {
    const value = header(like.headers, name);
    if (value !== null) headers[name] = value;
  }
  return { status, statusText: '', headers, body: Buffer.from(JSON.stringify(body)) };
}

function parsed(exchange: UpstreamRequest): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(exchange.body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export async function startAutoTopupStaging(
  upstreamBaseUrl: string,
  options: { acceptAnyUnits?: boolean; noPaymentMethod?: boolean } = {},
): Promise<StagingStandIn> {
  const base = new URL(upstreamBaseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const used = { refusedPlan: 0, acceptedUnits: 0 };
  const upstream = (exchange: UpstreamRequest) => send(new URL(exchange.url, base.origin), exchange);
  const server = await serve(async (exchange) => {
    const path = exchange.url.split('?')[0];
    const body = exchange.method === 'PUT' && path === `${basePath}/account/auto-topup` ? parsed(exchange) : undefined;
    if (body?.enabled !== true) return upstream(exchange);
    const unknownPlan = body.type === 'extra-credits' && Number.isInteger(body.plan_id) && !PLANS.includes(body.plan_id as number);
    if (unknownPlan || options.noPaymentMethod) {
      // The same account's GET: auth and the subscription gate answer as the mock would.
      const { 'content-length': _length, 'content-type': _type, ...headers } = exchange.headers;
      const answer = await upstream({ ...exchange, method: 'GET', headers, body: Buffer.alloc(0) });
      if (answer.status >= 300) return answer; // auth, gate: as the mock answers
      used.refusedPlan++;
      const [field, message] = unknownPlan
        ? ['plan_id', 'The selected plan id is invalid.']
        : ['enabled', 'A saved default payment method is required to enable auto top-up.'];
      return json(422, { message, status: 422, errors: { [field]: [message] } }, answer);
    }
    const units = body.units;
    if (
      options.acceptAnyUnits &&
      body.type === 'dynamic-credits' &&
      Number.isInteger(units) &&
      (units as number) >= 1 &&
      (units as number) <= 199_999
    ) {
      const forwarded = Buffer.from(JSON.stringify({ ...body, units: 5 }));
      const answer = await upstream({ ...exchange, body: forwarded, headers: { ...exchange.headers, 'content-length': forwarded.length } });
      if (answer.status >= 300) return answer;
      used.acceptedUnits++;
      const out = JSON.parse(answer.body.toString('utf8'));
      if (out?.data) out.data.units = units;
      return json(answer.status, out, answer);
    }
    return upstream(exchange);
  });
  return { url: `http://127.0.0.1:${server.port}${basePath}`, used, close: server.close };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [upstreamUrl, mode] = process.argv.slice(2);
  if (!upstreamUrl) {
    console.error('usage: tsx tests/servers/auto-topup-staging.ts <mock base URL> [accept-any-units]');
    process.exit(2);
  }
  startAutoTopupStaging(upstreamUrl, { acceptAnyUnits: mode === 'accept-any-units' }).then((s) => console.log(s.url));
}
