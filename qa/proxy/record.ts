// PROXY_RECORD=<file.yaml>: what the proxy saw, written on stop as a mock scenario (the mock's
// MOCK_SCENARIO, `video-api-mock --scenario <file>`): one account per token, the token replaced by a
// placeholder name (`recorded-account-1`, ...; the token itself is never written), with its
// subscription, verified email and credits as last seen (GET /me); and every resource of a state
// machine the traffic created or read, with its id, its last state and its fields as the deployment
// returned them. Loaded into a mock, the same reads give the same answers, timestamps aside.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { readPointer, type StateMachine } from '../../lib/contract/index.js';
import { accountKey, Checker } from '../checker/checker.js';
import type { Observed } from '../checker/types.js';

interface RecordedResource {
  family: string;
  id: number | string;
  state: string;
  data: Record<string, unknown>;
}

interface RecordedAccount {
  name: string;
  credits?: number;
  subscription?: 'paid' | 'trial' | 'none';
  email_verified?: boolean;
  resources: Map<string, RecordedResource>;
}

const json = (bytes: Buffer): unknown => {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
};

/** The mock's subscription fact from the profile's subscription object. */
function subscriptionOf(s: { exists?: boolean; active?: boolean; trial?: boolean } | undefined) {
  if (!s) return undefined;
  if (s.trial) return 'trial' as const;
  return s.exists && s.active ? ('paid' as const) : ('none' as const);
}

/**
 * The state a body shows at a machine's status location. A machine whose wire values are not its
 * state names (auto top-up's `enabled`, true or false) is the account's setting, never a resource.
 */
function stateIn(machine: StateMachine, body: unknown): string | undefined {
  const value = readPointer(body, machine.statusLocation);
  return typeof value === 'string' && machine.states.includes(value) ? value : undefined;
}

/** What a refusal tells of the account (the error catalogue's codes; 402's `available`). */
function refusalFacts(account: RecordedAccount, status: number, body: unknown): void {
  const error = body as { error?: { code?: unknown }; code?: unknown; available?: unknown } | undefined;
  const code = error?.error?.code ?? error?.code;
  if (code === 'PAID-SUBSCRIPTION-REQUIRED') account.subscription = 'trial';
  else if (code === 'SUBSCRIPTION-REQUIRED') account.subscription = 'none';
  else if (code === 'EMAIL-NOT-VERIFIED') account.email_verified = false;
  else if (status === 402 && typeof error?.available === 'number') account.credits = error.available;
}

export class ScenarioRecorder {
  private readonly accounts = new Map<string, RecordedAccount>();

  constructor(private readonly checker: Checker) {}

  private account(key: string): RecordedAccount {
    let a = this.accounts.get(key);
    if (!a) {
      a = { name: `recorded-account-${this.accounts.size + 1}`, resources: new Map() };
      this.accounts.set(key, a);
    }
    return a;
  }

  /**
   * One exchange the proxy forwarded. Every token seen is an account, whatever it was answered; a
   * refusal says what the account is (a trial, no subscription, an unverified email, too few
   * credits); a success answer of the profile or of a machine's resource is kept.
   */
  observe(ex: Observed): void {
    if (!ex.requestHeaders.authorization) return;
    const account = this.account(accountKey(ex.requestHeaders.authorization));
    const body = json(ex.responseBody) as { data?: Record<string, unknown> } | undefined;
    if (ex.status < 200 || ex.status >= 300) {
      refusalFacts(account, ex.status, body);
      return;
    }
    const match = this.checker.matchOperation(ex.method, ex.path);
    if (!match || !body?.data || typeof body.data !== 'object' || Array.isArray(body.data)) return;
    const profile = body.data as { credits?: { remaining?: unknown }; email_verified?: unknown; subscription?: any };
    if (match.op.method === 'get' && typeof profile.credits?.remaining === 'number' && !match.op.path.includes('{')) {
      account.credits = profile.credits.remaining;
      if (typeof profile.email_verified === 'boolean') account.email_verified = profile.email_verified;
      account.subscription = subscriptionOf(profile.subscription) ?? account.subscription;
    }
    const machine = this.checker.lifecycle.machineOf(match.op.id);
    const id = body.data.id;
    const state = machine ? stateIn(machine, body) : undefined;
    // Only resources with an id of their own.
    if (!machine || !state || (typeof id !== 'number' && typeof id !== 'string')) return;
    const family = match.op.path.split('/')[1];
    account.resources.set(`${family}#${id}`, { family, id, state, data: structuredClone(body.data) });
  }

  /** The scenario document: accounts under placeholder names, their resources as last seen. */
  scenario(): object {
    return {
      reset: true,
      accounts: [...this.accounts.values()].map((a) => ({
        token: a.name,
        ...(a.credits !== undefined ? { credits: a.credits } : {}),
        ...(a.subscription ? { subscription: a.subscription } : {}),
        ...(a.email_verified !== undefined ? { email_verified: a.email_verified } : {}),
        resources: [...a.resources.values()],
      })),
    };
  }

  write(file: string): { accounts: number; resources: number } {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const header = `# Recorded by the validating proxy (PROXY_RECORD) on ${new Date().toISOString()}: load it with\n# video-api-mock --scenario ${path.basename(file)} (or MOCK_SCENARIO). Each account's token is a placeholder name.\n`;
    writeFileSync(file, header + YAML.stringify(this.scenario()));
    return {
      accounts: this.accounts.size,
      resources: [...this.accounts.values()].reduce((n, a) => n + a.resources.size, 0),
    };
  }
}

/** A checker that also hands each exchange to a recorder (the proxy forwards through check()). */
export class RecordingChecker extends Checker {
  recorder?: ScenarioRecorder;

  override check(ex: Observed) {
    try {
      this.recorder?.observe(ex);
    } catch {
      // A body the recorder cannot read is left out of the scenario; the check itself goes on.
    }
    return super.check(ex);
  }
}
