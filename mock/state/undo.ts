// A charging call is one step: its charge, its ledger entry and the change it pays for happen
// together or not at all. Before such a call the account (and the resource the call is on) is
// noted; when the call throws after any of them (a refusal found late, a fault of the mock), the
// note puts everything back, so a failed call never takes credits without its change.
import type { Account, Resource } from './store.js';

/** What a call may change of one resource. */
function noteResource(resource: Resource): () => void {
  const { data, texts, scraped, charged, job } = resource;
  const saved = {
    data: structuredClone(data),
    texts: { ...texts },
    scraped,
    charged: charged && new Set(charged),
    job: job && { ...job },
  };
  return () => {
    Object.assign(resource, saved);
    if (!saved.charged) delete resource.charged;
    if (!saved.job) delete resource.job;
  };
}

/** Notes the account and `resource` as they are; the function returned puts them back. */
export function checkpoint(account: Account, resource?: Resource): () => void {
  const { balance, boughtSlots, previews, autoTopup } = account;
  const ledger = account.ledger.length;
  const resources = [...account.resources];
  const active = [...account.active];
  const nextId = account.ids.next;
  const undoResource = resource ? noteResource(resource) : undefined;
  return () => {
    Object.assign(account, { balance, boughtSlots, previews, autoTopup });
    account.ledger.length = ledger;
    account.resources.clear();
    for (const [key, kept] of resources) account.resources.set(key, kept);
    account.active.clear();
    for (const kept of active) account.active.add(kept);
    account.ids.next = nextId;
    undoResource?.();
  };
}
