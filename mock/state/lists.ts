// Lists without a state machine (presets): each account sees the list operation's example minus
// what it deleted; and `only`, which keeps named option groups.
import { itemCollection } from '../../lib/contract/index.js';
import type { MockContract, MockOperation } from '../contract.js';
import { ApiError, type Answer } from '../errors.js';
import { ok } from './answer.js';
import type { Call, StateContext } from './call.js';

export class Lists {
  constructor(private readonly ctx: StateContext) {}

  /**
   * A resource with a list (GET /x) and a DELETE /x/{id} but no state machine: the list operation
   * for a path, if the contract has one whose `data` is an array.
   */
  listOf(op: MockOperation): MockOperation | undefined {
    const { contract } = this.ctx;
    const listPath = op.method === 'delete' ? itemCollection(op.path) : op.method === 'get' ? op.path : undefined;
    if (!listPath) return undefined;
    const list = contract.operations().find((o) => o.method === 'get' && o.path === listPath);
    if (!list || !contract.dataSchemaRef(list)?.startsWith('[]')) return undefined;
    const deletable = contract.operations().some((o) => o.method === 'delete' && o.path.startsWith(`${listPath}/{`));
    return deletable ? list : undefined;
  }

  call(call: Call, list: MockOperation): Answer {
    const items: Array<{ id: unknown }> = Object.values(this.ctx.contract.examples(list))[0]?.data ?? [];
    const gone = (id: unknown) => call.account.deleted.has(`${list.path}:${String(id)}`);
    if (call.op.method === 'get')
      return ok(
        call,
        items.filter((item) => !gone(item.id)),
      );
    const id = Object.values(call.params)[0];
    // A preset that is not there (never was, already deleted, or another account's) is 404.
    if (!items.some((item) => String(item.id) === id) || gone(id)) throw new ApiError(this.ctx.errors.notFound());
    call.account.deleted.add(`${list.path}:${id}`);
    return ok(call, call.prism.body?.data);
  }
}

/**
 * `only` (GET /faceless/options): keeps the named option groups inside each top-level group
 * (mandatory, optional). CSV (`only=a,b`) and array (`only[]=a&only[]=b`, `only=a&only=b`) alike.
 */
export function onlyGroups(contract: MockContract, call: Call, data: unknown): unknown {
  // Most calls name no group: answered before anything else is read.
  if (call.query.only === undefined && call.query['only[]'] === undefined) return data;
  const declares = contract.parameters(call.op).some((p) => p.name === 'only');
  const raw = [call.query.only, call.query['only[]']].flat().filter((v): v is string => typeof v === 'string');
  const names = new Set(
    raw
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  );
  if (!declares || !names.size || !data || typeof data !== 'object') return data;
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).map(([top, groups]) => [
      top,
      groups && typeof groups === 'object' && !Array.isArray(groups)
        ? Object.fromEntries(Object.entries(groups).filter(([name]) => names.has(name)))
        : groups,
    ]),
  );
}
