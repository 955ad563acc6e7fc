// Turn Schemathesis's JUnit report into a short, readable list of failures: the operation, the check
// that failed (code and title), and a curl command that reproduces it.

import type { Finding } from '../report/model.js';

export type { Finding };

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };
const decodeEntities = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi,
    (m) => ENTITIES[m] ?? String.fromCodePoint(m[2] === 'x' || m[2] === 'X' ? parseInt(m.slice(3, -1), 16) : parseInt(m.slice(2, -1), 10)),
  );

/** One JUnit <failure>/<error> body can hold several numbered cases; each names its checks with "- CODE title". */
function parseBody(operation: string, fallbackCode: string, body: string): Finding[] {
  const findings: Finding[] = [];
  for (const chunk of body.split(/\n(?=\d+\. Test Case ID:)/)) {
    const lines = chunk.split('\n');
    const reproduceAt = lines.findIndex((l) => l.trim() === 'Reproduce with:');
    // A stateful failure is reproduced by a sequence of calls, one curl per line.
    const curls =
      reproduceAt < 0
        ? []
        : lines
            .slice(reproduceAt + 1)
            .map((l) => l.trim())
            .filter((l) => l.startsWith('curl '));
    const curl = curls.length ? curls.join(' && \\\n        ') : undefined;
    const heads = lines.map((l, i) => ({ i, m: /^- (ST\d+|[A-Z][\w-]*) (.+)$/.exec(l) })).filter((h) => h.m);
    if (!heads.length) {
      findings.push({
        operation,
        code: fallbackCode,
        title: lines.find((l) => l.trim())?.trim() ?? 'error',
        detail: chunk.trim().slice(0, 400),
        curl,
      });
      continue;
    }
    for (const { i, m } of heads) {
      const detail: string[] = [];
      for (const line of lines.slice(i + 1)) {
        if (/^(- |\[\d{3}\]|Reproduce with:)/.test(line)) break;
        if (line.trim()) detail.push(line.trim());
      }
      findings.push({ operation, code: m![1], title: m![2].trim(), detail: detail.join(' '), curl, response: responseOf(lines) });
    }
  }
  return findings;
}

/** The answer Schemathesis printed with a failure (`[422] Unprocessable Entity:` and the body after it), cut at 1,000 characters. */
function responseOf(lines: readonly string[]): string | undefined {
  const at = lines.findIndex((l) => /^\[\d{3}\]/.test(l.trim()));
  if (at < 0) return undefined;
  const end = lines.findIndex((l, i) => i > at && l.trim() === 'Reproduce with:');
  const text = lines
    .slice(at, end < 0 ? undefined : end)
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
  return text.length > 1000 ? `${text.slice(0, 1000)}… (cut)` : text;
}

export function parseJUnit(xml: string): Finding[] {
  const findings: Finding[] = [];
  for (const testcase of xml.matchAll(/<testcase\s+name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const operation = decodeEntities(testcase[1]);
    for (const problem of (testcase[2] ?? '').matchAll(/<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
      const code = decodeEntities(/message="([^"]*)"/.exec(problem[2])?.[1] ?? problem[1]);
      findings.push(...parseBody(operation, code, decodeEntities(problem[3] ?? '')));
    }
  }
  return findings;
}

export function formatSummary(findings: Finding[], options: { rewriteOrigin?: [string, string] } = {}): string {
  if (!findings.length) return 'No failures.';
  const byOperation = new Map<string, Finding[]>();
  for (const f of findings) byOperation.set(f.operation, [...(byOperation.get(f.operation) ?? []), f]);
  const lines = [`${findings.length} failure(s) in ${byOperation.size} operation(s):`];
  for (const [operation, list] of byOperation) {
    lines.push('', `  ${operation}`);
    for (const f of list) {
      lines.push(`    ✗ ${f.code} ${f.title}${f.detail ? ` — ${f.detail.slice(0, 300)}` : ''}`);
      if (f.curl) {
        let curl = f.curl.replaceAll("'Authorization: [Filtered]'", '"Authorization: Bearer $CONFORMANCE_TOKEN"');
        if (options.rewriteOrigin) curl = curl.split(options.rewriteOrigin[0]).join(options.rewriteOrigin[1]);
        lines.push(`      reproduce: ${curl}`);
      }
    }
  }
  const codes = [...new Set(findings.map((f) => f.code).filter((c) => /^ST\d+$/.test(c)))];
  if (codes.length)
    lines.push('', `Checks failed: ${codes.join(', ')}. Explain one: .venv/bin/schemathesis --config-file /dev/null explain ${codes[0]}`);
  return lines.join('\n');
}
