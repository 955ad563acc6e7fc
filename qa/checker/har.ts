// Schemathesis's HAR report (--report har) as coverage input: every exchange it made, matched to
// the contract's operation by the one path matcher, fed to the run's coverage recorder.
import { existsSync, readFileSync } from 'node:fs';
import { type ContractModel, PathMatcher } from '../../lib/contract/index.js';
import type { CoverageRecorder } from './coverage.js';

interface HarEntry {
  request: { method: string; url: string };
  response: { status: number; content?: { text?: string } };
}

/** Feeds every entry of a HAR file to `coverage`; returns how many exchanges matched an operation. */
export function recordHar(file: string, contract: ContractModel, coverage: CoverageRecorder, basePath: string): number {
  if (!existsSync(file)) return 0;
  const entries: HarEntry[] = JSON.parse(readFileSync(file, 'utf8'))?.log?.entries ?? [];
  const matcher = new PathMatcher(contract.operations());
  let matched = 0;
  for (const entry of entries) {
    const pathname = new URL(entry.request.url).pathname;
    if (!pathname.startsWith(basePath)) continue;
    const m = matcher.match(entry.request.method, pathname.slice(basePath.length) || '/');
    if (m.kind !== 'operation') continue;
    let body: unknown;
    if (entry.response.status >= 400) {
      try {
        body = JSON.parse(entry.response.content?.text ?? '');
      } catch {
        body = undefined;
      }
    }
    coverage.exchange(m.op.id, entry.response.status, body);
    matched += 1;
  }
  return matched;
}
