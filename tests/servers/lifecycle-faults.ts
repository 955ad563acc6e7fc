// A deliberately broken server for testing the proxy's lifecycle checks: a layer in front of the
// mock that breaks what only a check over time can see (each answer on its own still matches its
// schema). The fault is chosen per bearer token, so one proxy run can carry every fault beside a
// clean account. It also records the exact bytes it passed on, so tests can compare them with what
// the proxy's client received. State names come from the contract's machines, never typed here.
//
// By hand:  tsx tests/servers/lifecycle-faults.ts <mock base URL>   (prints the layer's base URL)
import { ContractModel, type StateMachine } from '../../lib/contract/index.js';
import { header, send, serve, type UpstreamAnswer, type UpstreamRequest } from '../../qa/http-forward.js';
import { operationMatcher } from '../../qa/checker/match.js';

/** Token → fault. Any other token passes through untouched. */
export const FAULT_TOKENS = {
  /** A text-to-video clip reports its success with a status its machine does not name (the machine's success state is replaced by another machine's). */
  'fault-unknown-state': 'a status outside the machine',
  /** A launch clip that has shown a later state shows the state before it again. */
  'fault-backwards': 'a transition backwards',
  /** A finished faceless render goes back to its initial state without any new render call. */
  'fault-terminal': 'a terminal state that changes',
  /** A failed text-to-video clip's refund never reaches the balance or the ledger. */
  'fault-no-refund': 'a missing refund',
} as const;

export interface Recorded {
  method: string;
  url: string;
  requestHeaders: UpstreamRequest['headers'];
  requestBody: Buffer;
  answer: UpstreamAnswer;
}

export interface FaultLayer {
  url: string;
  recorded: Recorded[];
  close(): Promise<void>;
}

function pointerParts(location: string): string[] {
  return location.split('/').slice(1);
}
function getAt(body: any, parts: string[]): unknown {
  return parts.reduce((acc, k) => (acc == null ? undefined : acc[k]), body);
}
function setAt(body: any, parts: string[], value: unknown): void {
  const parent = getAt(body, parts.slice(0, -1)) as Record<string, unknown> | undefined;
  if (parent && typeof parent === 'object') parent[parts.at(-1)!] = value;
}

export async function startLifecycleFaults(upstreamBaseUrl: string, contract = ContractModel.load()): Promise<FaultLayer> {
  const base = new URL(upstreamBaseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const match = operationMatcher(contract);
  const machineOf = (opId: string) => contract.stateMachines().find((m) => m.pollOperationIds.includes(opId));
  const recorded: Recorded[] = [];
  const lastShown = new Map<string, string>(); // token|resource → last status this layer returned
  const refundable = new Map<string, number[]>(); // token → costs of refunding runs that failed

  const predecessor = (m: StateMachine, state: string) =>
    m.transitions.find((t) => t.to === state && t.from !== null && t.from !== state)?.from ?? undefined;

  function rewrite(token: string, opId: string, resource: string, body: any): boolean {
    const m = machineOf(opId);
    if (token === 'fault-no-refund') {
      const charge = body?.meta?.credits?.cost;
      const startsRefundable = contract
        .stateMachines()
        .some(
          (mm) => mm.transitions.some((t) => t.refund) && mm.transitions.some((t) => t.from === null && t.operationIds?.includes(opId)),
        );
      if (typeof charge === 'number' && startsRefundable) {
        lastShown.set(`${token}|charge|${resource}`, String(charge));
      }
      if (m) {
        const state = getAt(body, pointerParts(m.statusLocation));
        const refund = m.transitions.find((t) => t.refund && t.to === state);
        const key = `${token}|${resource}`;
        if (refund && lastShown.get(key) !== state) {
          const cost = Number(lastShown.get(`${token}|charge|${resource}`));
          if (cost) refundable.set(token, [...(refundable.get(token) ?? []), cost]);
        }
        if (typeof state === 'string') lastShown.set(key, state);
      }
      const owed = (refundable.get(token) ?? []).reduce((a, b) => a + b, 0);
      if (owed && typeof body?.data?.credits?.remaining === 'number') {
        body.data.credits.remaining -= owed;
        return true;
      }
      if (owed && Array.isArray(body?.data) && body.data.some((e: any) => typeof e?.credit_spend === 'string')) {
        body.data = body.data.filter((e: any) => !String(e.credit_spend).startsWith('+'));
        return true;
      }
      return false;
    }
    if (!m) return false;
    const parts = pointerParts(m.statusLocation);
    const state = getAt(body, parts);
    if (typeof state !== 'string') return false;
    const key = `${token}|${resource}`;
    const previous = lastShown.get(key);
    let shown = state;
    if (token === 'fault-unknown-state' && m.success.includes(state)) {
      // A state name of another machine (e.g. `completed` where this machine says `success`).
      shown =
        contract
          .stateMachines()
          .flatMap((other) => other.success)
          .find((s) => !m.states.includes(s)) ?? `${state}-unknown`;
    } else if (token === 'fault-backwards' && previous && !m.terminal.includes(previous)) {
      const before = predecessor(m, previous);
      if (before && previous !== m.initial && state !== m.initial && lastShown.get(`${key}|went-back`) === undefined) {
        shown = before;
        lastShown.set(`${key}|went-back`, '1');
      }
    } else if (token === 'fault-terminal' && previous && m.success.includes(previous)) {
      shown = m.initial ?? m.states[0];
    }
    if (shown === state) {
      lastShown.set(key, state);
      return false;
    }
    setAt(body, parts, shown);
    lastShown.set(key, token === 'fault-terminal' ? previous! : shown);
    return true;
  }

  const server = await serve(async (exchange) => {
    const answer = await send(new URL(exchange.url, base.origin), exchange);
    const token = /^Bearer (.+)$/.exec(header(exchange.headers, 'authorization') ?? '')?.[1] ?? '';
    const pathname = exchange.url.split('?')[0];
    const below = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
    const matched = match(exchange.method, below);
    let out = answer;
    if (token in FAULT_TOKENS && matched && answer.status < 300 && /json/.test(header(answer.headers, 'content-type') ?? '')) {
      const body = JSON.parse(answer.body.toString('utf8'));
      const resource = Object.values(matched.params)[0] ?? String(body?.data?.id ?? '');
      if (rewrite(token, matched.op.id, resource, body)) out = { ...answer, body: Buffer.from(JSON.stringify(body)) };
    }
    recorded.push({
      method: exchange.method,
      url: exchange.url,
      requestHeaders: exchange.headers,
      requestBody: exchange.body,
      answer: out,
    });
    return out;
  });
  return { url: `http://127.0.0.1:${server.port}${basePath}`, recorded, close: server.close };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [upstream] = process.argv.slice(2);
  if (!upstream) {
    console.error(
      `usage: tsx tests/servers/lifecycle-faults.ts <mock base URL>\ntokens:\n${Object.entries(FAULT_TOKENS)
        .map(([t, d]) => `  ${t}: ${d}`)
        .join('\n')}`,
    );
    process.exit(2);
  }
  startLifecycleFaults(upstream).then((layer) => console.log(layer.url));
}
