// `replay --shrink`: for a case that still fails, the smallest request that fails the same way.
// The query parameters and the top-level fields of a JSON body are left out one at a time, each
// smaller request replayed, and a part stays out when the answer still fails with the same reason.
// A case about input the contract refuses (an acceptance of invalid data) is not shrunk: leaving
// a part out can make the input valid, and its acceptance would then prove nothing.
import type { RecordedRequest, ReportFailure } from '../report/model.js';

/** What replaying one request says: `fails` with its reason, or another verdict. */
export interface ReplayVerdict {
  verdict: string;
  why?: string;
}

/** The most requests one case's shrinking sends. */
export const MAX_SHRINK_SENDS = 40;
/** Kinds whose failure is an acceptance of input the contract refuses. */
const ABOUT_INVALID_INPUT = new Set(['ST201', 'RULE', 'ACCEPTED-INVALID']);

export interface Shrunk {
  request: RecordedRequest;
  /** What was left out (`query foo`, `body field topic`), in the order it was. */
  dropped: string[];
}

/** Every request one part smaller than `request`, each with the part it leaves out. */
export function oneSmaller(request: RecordedRequest): { request: RecordedRequest; dropped: string }[] {
  const [pathOnly, search = ''] = request.path.split(/\?(.*)/s, 2);
  const query = new URLSearchParams(search);
  const out: { request: RecordedRequest; dropped: string }[] = [];
  for (const name of new Set(query.keys())) {
    const rest = new URLSearchParams([...query].filter(([n]) => n !== name));
    out.push({ request: { ...request, path: rest.size ? `${pathOnly}?${rest}` : pathOnly }, dropped: `query ${name}` });
  }
  const body = parsedObject(request.body);
  for (const key of Object.keys(body ?? {})) {
    const { [key]: _left, ...rest } = body!;
    out.push({ request: { ...request, body: JSON.stringify(rest) }, dropped: `body field ${key}` });
  }
  return out;
}

function parsedObject(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value = text ? JSON.parse(text) : undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Greedy shrinking: keeps the first smaller request that fails with the same reason, and starts
 * over from it, until none does or MAX_SHRINK_SENDS requests were sent.
 */
export async function shrink(
  failure: ReportFailure,
  why: string | undefined,
  replay: (candidate: ReportFailure) => Promise<ReplayVerdict>,
): Promise<Shrunk> {
  let current: Shrunk = { request: failure.request!, dropped: [] };
  if (ABOUT_INVALID_INPUT.has(failure.kind)) return current;
  let sends = 0;
  for (let smaller = true; smaller && sends < MAX_SHRINK_SENDS; ) {
    smaller = false;
    for (const candidate of oneSmaller(current.request)) {
      if (sends++ >= MAX_SHRINK_SENDS) break;
      const outcome = await replay({ ...failure, request: candidate.request });
      if (outcome.verdict !== 'fails' || outcome.why !== why) continue;
      current = { request: candidate.request, dropped: [...current.dropped, candidate.dropped] };
      smaller = true;
      break;
    }
  }
  return current;
}
