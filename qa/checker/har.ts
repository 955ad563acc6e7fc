// Schemathesis's HAR report (--report har) as coverage input: every exchange it made, matched to
// the contract's operation by the contract's router (lib/contract/request.ts), fed to the run's coverage recorder.
import { existsSync, readFileSync } from 'node:fs';
import { type ContractModel, parseJsonBody, RequestRouter, routeRequest } from '../../lib/contract/index.js';
import type { CoverageRecorder } from './coverage.js';

interface HarEntry {
  request: { method: string; url: string };
  response: { status: number; content?: { text?: string } };
}

/** Feeds every entry of a HAR file to `coverage`; returns how many exchanges matched an operation. */
export function recordHar(file: string, contract: ContractModel, coverage: CoverageRecorder, basePath: string): number {
  if (!existsSync(file)) return 0;
  const entries: HarEntry[] = JSON.parse(readFileSync(file, 'utf8'))?.log?.entries ?? [];
  const router = new RequestRouter(contract.operations(), basePath);
  let matched = 0;
  for (const entry of entries) {
    const op = routeRequest(router, { method: entry.request.method, url: entry.request.url, headers: {} }).operation;
    if (!op) continue;
    const read = entry.response.status >= 400 ? parseJsonBody(entry.response.content?.text ?? '') : undefined;
    coverage.exchange(op.id, entry.response.status, read?.parsed ? read.value : undefined);
    matched += 1;
  }
  return matched;
}
