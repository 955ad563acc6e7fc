// Scenarios (POST /__mock/scenario, MOCK_SCENARIO=file at start): accounts with their facts, and
// resources created directly in a state of their contract state machine. The whole document is
// checked before anything changes, so a bad scenario leaves the mock as it was.
import YAML from 'yaml';
import type { Machines } from '../state/machines.js';
import type { Family, Resources } from '../state/resources.js';
import { newId, Store, type Account, type Resource } from '../state/store.js';
import { kindOf } from '../tokens.js';
import { applyPatch, type AccountPatch } from './accounts.js';
import type { ClockMode } from './clock.js';

export interface ScenarioResource {
  family: string;
  state: string;
  /** The id a recorded deployment gave it (PROXY_RECORD); absent: a fresh one. */
  id?: number | string;
  data?: Record<string, unknown>;
}

export interface Scenario {
  reset?: boolean;
  clock?: ClockMode;
  accounts?: Array<AccountPatch & { token: string; resources?: ScenarioResource[] }>;
}

/** What makes a scenario unusable (a 422 naming `field`), found before anything changes. */
export class ScenarioProblem extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

export function parseScenario(text: string): unknown {
  return YAML.parse(text);
}

/** Checks every account and resource of a scenario against the contract; throws the first problem. */
export function checkScenario(scenario: Scenario, resources: Resources, machines: Machines): void {
  (scenario.accounts ?? []).forEach((account, i) => {
    if (kindOf(account.token) === 'invalid') {
      throw new ScenarioProblem(
        `The token ${account.token} is always refused by the mock (401), so it cannot hold an account.`,
        `accounts.${i}.token`,
      );
    }
    const listed = account.resources ?? [];
    listed.forEach((wanted, j) => {
      const family = resources.familyOfPath(`/${wanted.family}`);
      if (!family) {
        const known = resources
          .all()
          .flatMap((f) => f.segments)
          .join(', ');
        throw new ScenarioProblem(
          `${wanted.family} is not a resource family with a state machine. Valid: ${known}.`,
          `accounts.${i}.resources.${j}.family`,
        );
      }
      // Two families of one machine (faceless, b-roll) name the same resource by the same id. The
      // scan stops at this entry at the latest, so every family it reads has been checked above.
      const twin = listed.findIndex(
        (other) =>
          other.id !== undefined && other.id === wanted.id && resources.familyOfPath(`/${other.family}`)!.machine === family.machine,
      );
      if (wanted.id !== undefined && twin !== j) {
        const first = listed[twin];
        const same = first.family === wanted.family ? '' : ` (as ${first.family} ${first.id}: one resource)`;
        throw new ScenarioProblem(
          `${wanted.family} ${wanted.id} is listed twice for this account${same}.`,
          `accounts.${i}.resources.${j}.id`,
        );
      }
      const states = machines.statesOf(family.machine);
      if (!states.includes(wanted.state)) {
        throw new ScenarioProblem(
          `${wanted.state} is not a state of ${family.machine}. Valid states: ${states.join(', ')}.`,
          `accounts.${i}.resources.${j}.state`,
        );
      }
      const stray = machines.strayStatus(family.machine, wanted.data);
      if (stray) {
        const field = ['data', ...stray].join('.');
        throw new ScenarioProblem(
          `The ${field} given is not a state of ${family.machine}. Valid states: ${states.join(', ')}.`,
          `accounts.${i}.resources.${j}.${field}`,
        );
      }
    });
  });
}

/** Creates a resource of a family in a state: the state's example from the contract, the entry's id or a fresh one. */
export function seedResource(
  account: Account,
  family: Family,
  segment: string,
  wanted: ScenarioResource,
  machines: Machines,
  now: number,
): Resource {
  const example = machines.stateExample(family.machine, wanted.state) ?? {};
  const data: Record<string, any> = {};
  for (const [key, value] of Object.entries<any>(example)) {
    // Identifiers of the example get fresh values, as on a real create.
    data[key] = key === 'id' || (key.endsWith('_id') && typeof value === 'number') ? newId(account) : structuredClone(value);
  }
  data.id = wanted.id ?? data.id ?? newId(account);
  const resource: Resource = { family: family.machine, id: data.id, data, texts: {}, scraped: false, path: `/${segment}/${data.id}` };
  account.resources.set(Store.key(family.machine, data.id), resource);
  machines.force(account, resource, wanted.state, now);
  // A recorded resource's fields as the deployment returned them; its id stays the entry's.
  const { id: _id, ...fields } = structuredClone(wanted.data ?? {});
  Object.assign(resource.data, fields);
  account.active.add(resource);
  return resource;
}

export function applyAccounts(scenario: Scenario, store: Store, resources: Resources, machines: Machines, now: number): Account[] {
  return (scenario.accounts ?? []).map((entry) => {
    const account = store.account(entry.token, kindOf(entry.token));
    const { token: _token, resources: wanted, ...patch } = entry;
    applyPatch(account, patch);
    for (const item of wanted ?? []) seedResource(account, resources.familyOfPath(`/${item.family}`)!, item.family, item, machines, now);
    return account;
  });
}
