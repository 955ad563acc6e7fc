// The Schemathesis command line for one run. Everything that does not change between runs lives in
// schemathesis.toml; only what depends on the target and the CONFORMANCE_* settings is passed here.
// The same arguments are given to the Docker image and to the project-local venv.
import type { Settings } from './settings.js';

/** Schemathesis filter expression (a JSON pointer into the operation) reading the contract's billing marker. */
export const CHARGING_FILTER = '/x-credits/charges == true';

/** What the smoke profile runs: the contract's examples once per operation, nothing generated at length. */
export const SMOKE_PHASES = ['examples'];
export const SMOKE_MAX_EXAMPLES = 1;

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
}

export function buildSchemathesisArgs({ settings, target, schemaPath, configPath, reportDir, junitPath }: ArgsInput): string[] {
  const args = ['--config-file', configPath, 'run', schemaPath, '--url', target.url, '--no-color'];

  if (!settings.allowCharges) args.push('--exclude-by', CHARGING_FILTER);
  // Deletes destroy data on a real deployment: only against the local mock, or when asked.
  if (target.remote && !settings.allowDestructive) args.push('--exclude-method', 'DELETE');
  for (const id of settings.operationIds) args.push('--include-operation-id', id);

  const phases = settings.phases.length ? settings.phases : settings.profile === 'smoke' ? SMOKE_PHASES : [];
  if (phases.length) args.push('--phases', phases.join(','));
  const maxExamples = settings.maxExamples ?? (settings.profile === 'smoke' ? SMOKE_MAX_EXAMPLES : undefined);
  if (maxExamples !== undefined) args.push('--max-examples', String(maxExamples));

  if (settings.seed) args.push('--seed', settings.seed);
  if (settings.workers) args.push('--workers', settings.workers);
  else if (target.remote) args.push('--workers', '1'); // the throttle serialises requests anyway

  args.push('--report', 'junit', '--report-dir', reportDir, '--report-junit-path', junitPath);
  return args;
}
