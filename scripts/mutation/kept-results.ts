// What a stopped mutation run keeps. Stryker writes its incremental file only when a run ends, so a
// run stopped after an hour (Ctrl-C, a CI time limit) would lose every mutant it tested. Its
// event-recorder reporter (stryker.config.mjs) writes each result to reports/mutation/events/ as it
// comes; from those, the mutants this run tested are merged into the incremental file, and the next
// run tests only the rest.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One mutant as the incremental file (the mutation-testing-report schema) holds it. */
export interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  status: string;
  statusReason?: string;
  static?: boolean;
  coveredBy?: string[];
  killedBy?: string[];
  testsCompleted?: number;
}

export interface ReportTest {
  id: string;
  name: string;
  location?: { start: { line: number; column: number } };
}

/** The parts of the incremental file that Stryker reads back. */
export interface IncrementalReport {
  files: Record<string, { language?: string; source: string; mutants: ReportMutant[] }>;
  testFiles?: Record<string, { source?: string; tests: ReportTest[] }>;
  [other: string]: unknown;
}

interface TestedEvent extends ReportMutant {
  fileName: string;
}

interface DryRunTest {
  id: string;
  name: string;
  fileName?: string;
}

interface Plan {
  plan: 'Run' | 'EarlyResult';
  mutant: { fileName: string };
}

interface Events {
  finished: boolean;
  tests: DryRunTest[];
  plans: Plan[];
  tested: TestedEvent[];
}

/** The recorded events, in order (file names start with a running number). */
function readEvents(dir: string): Events {
  const events: Events = { finished: false, tests: [], plans: [], tested: [] };
  for (const name of readdirSync(dir).sort()) {
    const kind = /^\d+-(\w+)\.json$/.exec(name)?.[1];
    if (kind === 'onMutationTestReportReady') events.finished = true;
    if (kind !== 'onDryRunCompleted' && kind !== 'onMutationTestingPlanReady' && kind !== 'onMutantTested') continue;
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      continue; // a file half written when the run was stopped
    }
    if (kind === 'onDryRunCompleted') events.tests = (data as { result: { tests: DryRunTest[] } }).result.tests;
    else if (kind === 'onMutationTestingPlanReady') events.plans = (data as { mutantPlans: Plan[] }).mutantPlans;
    else events.tested.push(data as TestedEvent);
  }
  return events;
}

const relative = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

function readSource(root: string, file: string): string | undefined {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

/** The tests of the run's first, unmutated pass, grouped by test file. */
function testFilesOf(root: string, tests: DryRunTest[]): NonNullable<IncrementalReport['testFiles']> {
  const out: NonNullable<IncrementalReport['testFiles']> = {};
  for (const t of tests) {
    const file = t.fileName ? relative(root, t.fileName) : '';
    out[file] ??= { source: file ? readSource(root, file) : undefined, tests: [] };
    out[file].tests.push({ id: t.id, name: t.name });
  }
  return out;
}

/** A mutant's result with its test ids, or undefined when a test it names is not known (it is then tested again). */
function keptMutant(event: TestedEvent, known: Set<string>): ReportMutant | undefined {
  const { fileName: _file, ...mutant } = event;
  const ids = [...(mutant.coveredBy ?? []), ...(mutant.killedBy ?? [])];
  return ids.every((id) => known.has(id)) ? mutant : undefined;
}

/**
 * The results a stopped run measured, as an incremental report: the files in which it tested at
 * least one mutant, each with every result it has (tested now or reused). Undefined when the run
 * finished (Stryker wrote the file itself) or tested nothing.
 */
export function stoppedRunReport(eventsDir: string, root: string): IncrementalReport | undefined {
  if (!existsSync(eventsDir)) return undefined;
  const events = readEvents(eventsDir);
  if (events.finished) return undefined;
  const planned = new Set(events.plans.filter((p) => p.plan === 'Run').map((p) => p.mutant.fileName));
  const testedFiles = new Set(events.tested.filter((e) => planned.has(e.fileName) && e.status !== 'Pending').map((e) => e.fileName));
  if (testedFiles.size === 0) return undefined;
  const testFiles = testFilesOf(root, events.tests);
  const known = new Set(events.tests.map((t) => t.id));
  const files: IncrementalReport['files'] = {};
  for (const event of events.tested) {
    if (!testedFiles.has(event.fileName)) continue;
    const file = relative(root, event.fileName);
    const source = readSource(root, file);
    const mutant = keptMutant(event, known);
    if (source === undefined || !mutant) continue;
    files[file] ??= { language: 'typescript', source, mutants: [] };
    files[file].mutants.push(mutant);
  }
  return { files, testFiles, schemaVersion: '1.0' };
}

type TestFiles = NonNullable<IncrementalReport['testFiles']>;

/**
 * Gives each test of `testFiles` an id from `next` (the ids of two runs may clash) and returns the
 * new id of each old one. A test already in `into` (same file, same name: the same test to Stryker)
 * keeps the id it has there; a test file's source is the first one seen.
 */
function renumber(testFiles: TestFiles, next: () => string, into: TestFiles): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [file, entry] of Object.entries(testFiles)) {
    into[file] ??= { source: entry.source, tests: [] };
    const byName = new Map(into[file].tests.map((t) => [t.name, t.id]));
    for (const test of entry.tests) {
      let id = byName.get(test.name);
      if (id === undefined) {
        id = next();
        byName.set(test.name, id);
        into[file].tests.push({ ...test, id });
      }
      // A later entry with the same old id wins, as when Stryker reads the file.
      ids.set(test.id, id);
    }
  }
  return ids;
}

function remapMutant(mutant: ReportMutant, ids: Map<string, string>): ReportMutant {
  const remap = (list?: string[]) => list?.flatMap((id) => ids.get(id) ?? []);
  return { ...mutant, coveredBy: remap(mutant.coveredBy), killedBy: remap(mutant.killedBy) };
}

type ReportFile = IncrementalReport['files'][string];

/** One mutant of one source: where it stands and what it plants. */
const mutantKey = (m: ReportMutant) =>
  `${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column} ${m.mutatorName} ${m.replacement ?? ''}`;

/**
 * The mutants of a file both reports hold: the newer run's, plus the older results it did not get
 * to (a stopped run) while the source is the same; a changed source makes the older ones stale.
 */
function mergedMutants(base: ReportFile, newer: ReportFile, baseIds: Map<string, string>, newerIds: Map<string, string>): ReportMutant[] {
  const mutants = newer.mutants.map((m) => remapMutant(m, newerIds));
  if (base.source !== newer.source) return mutants;
  const tested = new Set(newer.mutants.map(mutantKey));
  const ids = new Set(newer.mutants.map((m) => m.id));
  // The two runs numbered their mutants apart: an older id the newer run also used is renamed.
  const older = base.mutants.filter((m) => !tested.has(mutantKey(m))).map((m) => ({ ...m, id: ids.has(m.id) ? `kept-${m.id}` : m.id }));
  return [...mutants, ...older.map((m) => remapMutant(m, baseIds))];
}

/**
 * `newer`'s files replace `base`'s, keeping the older results of a file whose source did not change
 * for the mutants the newer run did not test; every other file of `base` is kept. The tests of both
 * are kept, renumbered so that each mutant still names the tests it named.
 */
export function mergeReports(base: IncrementalReport, newer: IncrementalReport): IncrementalReport {
  let n = 0;
  const next = () => String(n++);
  const testFiles: TestFiles = {};
  // The newer run first: its test files' sources are the current ones.
  const newerIds = renumber(newer.testFiles ?? {}, next, testFiles);
  const baseIds = renumber(base.testFiles ?? {}, next, testFiles);
  const files: IncrementalReport['files'] = {};
  for (const [file, entry] of Object.entries(base.files)) {
    if (newer.files[file]) continue;
    files[file] = { ...entry, mutants: entry.mutants.map((m) => remapMutant(m, baseIds)) };
  }
  for (const [file, entry] of Object.entries(newer.files)) {
    const older = base.files[file];
    const mutants = older ? mergedMutants(older, entry, baseIds, newerIds) : entry.mutants.map((m) => remapMutant(m, newerIds));
    files[file] = { ...entry, mutants };
  }
  return { ...base, files, testFiles };
}
