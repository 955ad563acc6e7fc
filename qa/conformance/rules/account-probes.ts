// The rule checks sent after the flows, on resources the run seeded:
//   - ownership: every operation on an existing resource, sent with a second account's token to the
//     first account's resource, must answer 404 (Authentication rule 6);
//   - order: each list with an `x-order` read without its parameter and with each value: the default
//     list equals the list with the stated default, and each value sorts the items its way;
//   - refusal: each host of an `x-refused-urls` in every spelling (subdomain, case, trailing dot,
//     scheme) must get the stated refusal, after the operation's own example URL was accepted.
import {
  type ContractModel,
  type ContractOperation,
  fillPath,
  readPointer,
  refusedUrlSpellings,
  templateParams,
  templateSegments,
} from '../../../lib/contract/index.js';
import type { RulesTable } from './table.js';
import { call, exampleBody, exchangeLine, success } from './send.js';

export interface AccountProbeOptions {
  contract: ContractModel;
  table: RulesTable;
  allowCharges: boolean;
  /** DELETE may be sent (the local mock, or CONFORMANCE_ALLOW_DESTRUCTIVE=1). */
  allowDelete: boolean;
  /** CONFORMANCE_OPERATIONS: the only operations the run may call (undefined: all). */
  only?: ReadonlySet<string>;
  log: (line: string) => void;
}

/** Where one account's requests go and the ids it owns, per operation ("path.<name>" -> id). */
export interface AccountSide {
  base: string;
  token: string;
  parameters: Map<string, Record<string, string>>;
  /** Paths of what this account created (`/b-roll/5`); a listed item, such as a preset every account sees, is not its own. */
  created?: Set<string>;
}

function pathFor(op: ContractOperation, parameters: Record<string, string> | undefined): string | undefined {
  if (!parameters) return undefined;
  const { path, missing } = fillPath(op.path, (name) => parameters[`path.${name}`]);
  return missing.length ? undefined : path;
}

/** Whether every resource a filled path names is one the account created (each `/collection/id` prefix). */
function createdBy(side: AccountSide, op: ContractOperation, filled: string): boolean {
  if (!side.created) return true;
  const values = filled.split('/').slice(1);
  return templateSegments(op.path).every(
    (segment, i) => !('param' in segment) || side.created!.has(`/${values.slice(0, i + 1).join('/')}`),
  );
}

/** The operations the run may call (CONFORMANCE_OPERATIONS narrows them). */
const called = (o: AccountProbeOptions) => o.contract.operations().filter((op) => !o.only || o.only.has(op.id));

/** Why an operation may not be sent on this run, if it may not. */
function notSendable(op: ContractOperation, o: AccountProbeOptions): string | undefined {
  if (op.credits.charges && !o.allowCharges) return 'a wrong acceptance would charge credits (CONFORMANCE_ALLOW_CHARGES=1 checks it)';
  if (op.method === 'delete' && !o.allowDelete) return 'a wrong acceptance would delete (CONFORMANCE_ALLOW_DESTRUCTIVE=1 checks it)';
  return undefined;
}

/** Another account's resources: every operation on one answers 404. */
export async function checkOwnership(o: AccountProbeOptions, owner: AccountSide, other: AccountSide | undefined): Promise<void> {
  for (const op of called(o).filter((x) => templateParams(x.path).length > 0)) {
    const id = `ownership:${op.id}`;
    if (o.table.verdict(id) !== 'not reachable') continue;
    if (!other) {
      o.table.unreachable(id, 'one token: CONFORMANCE_TOKENS with two accounts of the deployment checks it');
      continue;
    }
    const why = notSendable(op, o);
    const filled = pathFor(op, owner.parameters.get(op.id));
    const path = filled !== undefined && createdBy(owner, op, filled) ? filled : undefined;
    if (why || !path) {
      const none = filled ? 'its resource was listed, not created by the account' : 'the account has no resource for it';
      o.table.unreachable(id, why ?? none);
      continue;
    }
    const body = exampleBody(o.contract, op);
    const answer = await call(other.base, other.token, op.method.toUpperCase(), path, body);
    const line = exchangeLine(op.method.toUpperCase(), path, body, answer);
    if (answer.status === 404) o.table.pass(id);
    else if (success(answer.status) || answer.status >= 500) o.table.fail(id, `with the second account's token: ${line}`);
    else o.table.unreachable(id, `another check refused it first (${answer.status})`);
  }
}

/** The query a list needs: its required parameters from their examples. */
function requiredQuery(contract: ContractModel, op: ContractOperation): URLSearchParams {
  const query = new URLSearchParams();
  for (const p of contract.parameters(op)) {
    if (p.in !== 'query' || !p.required) continue;
    const schema = contract.deref(p.schema) as { examples?: unknown[]; default?: unknown; enum?: unknown[] } | undefined;
    const value = p.example ?? schema?.examples?.[0] ?? schema?.default ?? schema?.enum?.[0];
    if (value !== undefined) query.set(p.name, String(value));
  }
  return query;
}

async function listItems(side: AccountSide, op: ContractOperation, query: URLSearchParams) {
  const path = `${op.path}${query.size ? `?${query}` : ''}`;
  const answer = await call(side.base, side.token, 'GET', path);
  const data = readPointer(answer.parsed, '/data');
  return { path, answer, items: success(answer.status) && Array.isArray(data) ? data : undefined };
}

const sortedWay = (values: unknown[], direction: string) =>
  values.every((v, i) => i === 0 || (direction === 'ascending' ? String(values[i - 1]) <= String(v) : String(values[i - 1]) >= String(v)));

/** Each list with an x-order: the default equals the stated default value; each value sorts its way. */
export async function checkOrders(o: AccountProbeOptions, side: AccountSide): Promise<void> {
  for (const op of called(o).filter((x) => x.order)) {
    const order = op.order!;
    const base = requiredQuery(o.contract, op);
    const plain = await listItems(side, op, base);
    const stated = await listItems(side, op, new URLSearchParams([...base, [order.parameter, order.default]]));
    const id = `order-default:${op.id}`;
    if (!plain.items || !stated.items || plain.items.length < 2) {
      o.table.unreachable(id, `fewer than two items to compare (${plain.path} answered ${plain.answer.status})`);
      o.table.unreachable(`order-values:${op.id}`, 'fewer than two items to compare');
      continue;
    }
    if (JSON.stringify(plain.items) === JSON.stringify(stated.items)) o.table.pass(id);
    else
      o.table.fail(
        id,
        `${plain.path} and ${stated.path} list the items in different orders: ${exchangeLine('GET', plain.path, undefined, plain.answer)}`,
      );
    await checkDirections(o, side, op, base);
  }
}

async function checkDirections(o: AccountProbeOptions, side: AccountSide, op: ContractOperation, base: URLSearchParams): Promise<void> {
  const { by, values, parameter } = op.order!;
  if (!by || !values) return;
  const id = `order-values:${op.id}`;
  for (const [value, direction] of Object.entries(values)) {
    const listed = await listItems(side, op, new URLSearchParams([...base, [parameter, value]]));
    const keys = (listed.items ?? []).map((item) => readPointer(item, by));
    if (new Set(keys.map(String)).size < 2) {
      o.table.unreachable(id, `the items share one ${by}: no order to see`);
      continue;
    }
    if (sortedWay(keys, direction)) o.table.pass(id);
    else o.table.fail(id, `${parameter}=${value} should list ${by} ${direction}; got ${JSON.stringify(keys.slice(0, 8))}`);
  }
}

/** The spellings to send for one refusal: every spelling of each host. */
function spellings(hosts: readonly string[]): string[] {
  return hosts.flatMap((host) => refusedUrlSpellings(host));
}

/** Each operation's refused hosts in every spelling: the stated status, after its own example URL was accepted. */
export async function checkRefusedUrls(o: AccountProbeOptions, side: AccountSide): Promise<void> {
  for (const op of called(o).filter((x) => x.refusedUrls.length)) {
    for (const refusal of op.refusedUrls) {
      const id = `refused-urls:${op.id}:${refusal.field}`;
      const why = notSendable(op, o);
      const path = pathFor(op, side.parameters.get(op.id));
      if (why || !path) {
        o.table.unreachable(id, why ?? 'no resource for it (seeding did not create one)');
        continue;
      }
      const control = exampleBody(o.contract, op) ?? {};
      const accepted = await call(side.base, side.token, 'POST', path, control);
      if (!success(accepted.status)) {
        o.table.unreachable(id, `its own example URL was refused first (${accepted.status}), so a refusal would prove nothing`);
        continue;
      }
      for (const url of spellings(refusal.hosts)) {
        const body = { ...control, [refusal.field]: url };
        const answer = await call(side.base, side.token, op.method.toUpperCase(), path, body);
        if (answer.status === refusal.status) o.table.pass(id);
        else if (answer.status !== 429)
          o.table.fail(id, `expected ${refusal.status}: ${exchangeLine(op.method.toUpperCase(), path, body, answer)}`);
      }
    }
  }
}

/**
 * An account without credits: every charging call it may make answers 402 INSUFFICIENT-CREDITS with
 * `required` and `available` (the source gives no order of checks, so another refusal first is no
 * verdict), and nothing is charged.
 */
export async function checkInsufficientCredits(o: AccountProbeOptions, broke: AccountSide): Promise<void> {
  const id = 'limit:402-fields';
  for (const op of called(o).filter((x) => x.credits.charges)) {
    const path = templateParams(op.path).length ? pathFor(op, broke.parameters.get(op.id)) : op.path;
    if (!path || op.method === 'delete') continue;
    const body = exampleBody(o.contract, op);
    const answer = await call(broke.base, broke.token, op.method.toUpperCase(), path, body);
    const line = exchangeLine(op.method.toUpperCase(), path, body, answer);
    const error = answer.parsed as { required?: unknown; available?: unknown } | undefined;
    if (success(answer.status)) o.table.fail(id, `an account without credits was served a charging call: ${line}`);
    else if (answer.status !== 402) continue;
    else if (typeof error?.required === 'number' && typeof error.available === 'number' && error.available < error.required)
      o.table.pass(id);
    else o.table.fail(id, `402 without numbers required > available: ${line}`);
  }
}
