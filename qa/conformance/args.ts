// The Schemathesis command line for one run. Everything that does not change between runs lives in
// schemathesis.toml; only what depends on the target and the CONFORMANCE_* settings is passed here.
// The same arguments are given to the Docker image and to the project-local venv.
import type { OperationFact } from './contract-facts.js';
import type { Settings } from './settings.js';

/** Schemathesis filter expression (a JSON pointer into the operation) reading the contract's billing marker. */
export const CHARGING_FILTER = '/x-credits/charges == true';

/** What the smoke profile runs: the contract's examples once per operation, nothing generated at length. */
export const SMOKE_PHASES = ['examples'];
export const SMOKE_MAX_EXAMPLES = 1;

/** Every phase but stateful: for a run whose selected operations have no OpenAPI link between them. */
export const PHASES_WITHOUT_STATEFUL = ['examples', 'coverage', 'fuzzing'];

/** The operations a run will call: the narrowing, minus charging ones and (remote) deletes unless allowed. */
export function selectedOperations(settings: Settings, facts: OperationFact[], remote: boolean): OperationFact[] {
  return facts.filter(
    (f) =>
      (!settings.operationIds.length || settings.operationIds.includes(f.operationId)) &&
      (settings.allowCharges || !f.charges) &&
      (!remote || settings.allowDestructive || f.method !== 'DELETE'),
  );
}

/** Schemathesis stops with "Missing Open API links" when the stateful phase has no link to walk. */
export function hasLinkBetween(selected: OperationFact[]): boolean {
  const ids = new Set(selected.map((f) => f.operationId));
  return selected.some((f) => f.links.some((target) => ids.has(target)));
}

export interface RunTarget {
  /** Base URL Schemathesis sends requests to (the mock, or the local throttle in front of a remote). */
  url: string;
  remote: boolean;
}

export interface ArgsInput {
  settings: Settings;
  target: RunTarget;
  schemaPath: string;
  configPath: string;
  reportDir: string;
  junitPath: string;
  /** Where Schemathesis writes its HAR (every exchange; read back for the run's coverage). */
  harPath?: string;
  /** True when the selected operations have no link between them (see hasLinkBetween). */
  linkless?: boolean;
}

export function buildSchemathesisArgs({
  settings,
  target,
  schemaPath,
  configPath,
  reportDir,
  junitPath,
  harPath,
  linkless = false,
}: ArgsInput): string[] {
  const args = ['--config-file', configPath, 'run', schemaPath, '--url', target.url, '--no-color'];

  if (!settings.allowCharges) args.push('--exclude-by', CHARGING_FILTER);
  // Deletes destroy data on a real deployment: only against the local mock, or when asked.
  if (target.remote && !settings.allowDestructive) args.push('--exclude-method', 'DELETE');
  for (const id of settings.operationIds) args.push('--include-operation-id', id);

  const phases = settings.phases.length
    ? settings.phases
    : settings.profile === 'smoke'
      ? SMOKE_PHASES
      : linkless
        ? PHASES_WITHOUT_STATEFUL
        : [];
  if (phases.length) args.push('--phases', phases.join(','));
  const maxExamples = settings.maxExamples ?? (settings.profile === 'smoke' ? SMOKE_MAX_EXAMPLES : undefined);
  if (maxExamples !== undefined) args.push('--max-examples', String(maxExamples));

  if (settings.seed) args.push('--seed', settings.seed);
  if (settings.workers) args.push('--workers', settings.workers);
  else if (target.remote) args.push('--workers', '1'); // the throttle serialises requests anyway

  args.push('--report', harPath ? 'junit,har' : 'junit', '--report-dir', reportDir, '--report-junit-path', junitPath);
  if (harPath) args.push('--report-har-path', harPath);
  return args;
}
