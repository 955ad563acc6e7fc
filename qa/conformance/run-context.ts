// What the phases of one conformance run share (run.ts builds it): the settings, the lanes (one per
// token), where reports go, the coverage recorder and the findings so far, and how to log.
import type { ContractModel } from '../../lib/contract/index.js';
import type { CoverageRecorder } from '../checker/coverage.js';
import type { Flow } from './flow.js';
import type { LocalServer } from './local-mock.js';
import type { Seeded } from './seed.js';
import type { readSettings } from './settings.js';
import type { Finding } from './summary.js';
import type { RulesTable } from './rules/table.js';
import type { Throttle } from './throttle.js';

export type Settings = ReturnType<typeof readSettings>;

/** One token's share of the run: its throttle (its own rate budget), its URL and its seeded ids. */
export interface Lane {
  index: number;
  token: string;
  url: string;
  throttle?: Throttle;
  seeded?: Seeded;
  configPath?: string;
  /** Flows against the local mock use an account of their own (what Schemathesis spent is not theirs). */
  flowsToken: string;
}

export interface RunContext {
  settings: Settings;
  /** A deployment named by CONFORMANCE_BASE_URL, not the local mock. */
  remote: boolean;
  lanes: Lane[];
  /** More than one token: lanes log with their number, and the work is cut into units. */
  many: boolean;
  reportDir: string;
  files: { junit: string; flowsJunit: string; har: string };
  contract: ContractModel;
  coverage: CoverageRecorder;
  /** Every failure found so far, by every phase. */
  findings: Finding[];
  started: number;
  local?: LocalServer;
  log: (line: string) => void;
  laneLog: (lane: Lane) => (line: string) => void;
  /** ", N requests sent, N 429s waited out" when requests are paced, else "". */
  progress: () => string;
  /** The signal that stopped the run, once one arrived. */
  interrupted: () => NodeJS.Signals | undefined;
  /** The flows this run walks (a shard's share; else every flow). */
  flows?: Flow[];
  /** Every stated rule of the contract and its verdict on this target (rules/table.ts). */
  rules: RulesTable;
}
