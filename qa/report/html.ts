// report.html: one self-contained page a person opens from disk. No script, no external resource
// (a Content-Security-Policy forbids any), every text from the run escaped: a deployment's answer
// may hold markup, and the page must show it as text.
import type { CoverageReport, Ratio } from '../checker/coverage.js';
import type { ReportFailure, RuleRow, RunReport } from './model.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or attribute value. */
export const esc = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
/** An id safe in an attribute and a URL fragment. */
export const anchor = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '-');

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}table{border-collapse:collapse}
td,th{border:1px solid #ddd;padding:.25rem .6rem;text-align:left}td.n{text-align:right}
.verdict{display:inline-block;padding:.2rem .8rem;border-radius:1rem;font-weight:700;color:#fff}
.passed{background:#1a7f37}.failed{background:#cf222e}.rv{padding:0 .4rem;border-radius:.3rem;color:#fff;white-space:nowrap}.unreached{background:#6e7781}pre{background:#f6f8fa;padding:.6rem;overflow:auto;white-space:pre-wrap;word-break:break-all}
section.failure{border:1px solid #e5a0a0;border-radius:.4rem;padding:.2rem 1rem;margin:1rem 0}dt{font-weight:600;margin-top:.5rem}`;

function ratioRow(name: string, r: Ratio, uncovered: string[]): string {
  const pct = r.total ? ((100 * r.covered) / r.total).toFixed(1) : '100.0';
  const missing = uncovered.length
    ? `<details><summary>${uncovered.length} not covered</summary><ul>${uncovered.map((u) => `<li>${esc(u)}</li>`).join('')}</ul></details>`
    : 'all covered';
  return `<tr><td>${esc(name)}</td><td class="n">${r.covered}</td><td class="n">${r.total}</td><td class="n">${pct}%</td><td>${missing}</td></tr>`;
}

function coverageTable(c: CoverageReport): string {
  const charging = `<tr><td>charging operations</td><td class="n">${c.charging.called}</td><td class="n">${c.charging.total}</td><td class="n"></td><td>refunds seen: ${c.charging.refundsSeen}</td></tr>`;
  return `<table><thead><tr><th>what</th><th>covered</th><th>total</th><th>percent</th><th>uncovered</th></tr></thead><tbody>
${ratioRow('operations', c.operations, c.uncovered.operations)}
${ratioRow('documented responses', c.responses, c.uncovered.responses)}
${ratioRow('state-machine transitions', c.transitions, c.uncovered.transitions)}
${ratioRow('terminal states', c.terminalStates, c.uncovered.terminalStates)}
${ratioRow('error codes', c.errorCodes, c.uncovered.errorCodes)}
${charging}</tbody></table>
<p>Checked leniently (the source is silent there): ${c.lenient.length} operation(s).</p>`;
}

const VERDICT_CLASS: Record<RuleRow['verdict'], string> = { passed: 'passed', failed: 'failed', 'not reachable': 'unreached' };

/** The rules table: every stated rule, its verdict, and why (the evidence of a failure, the reason it was not reachable). */
function rulesTable(rules: readonly RuleRow[]): string {
  const count = (v: RuleRow['verdict']) => rules.filter((r) => r.verdict === v).length;
  const row = (r: RuleRow) =>
    `<tr id="rule-${anchor(r.id)}"><td>${esc(r.family)}</td><td>${esc(r.rule)}<br><small><code>${esc(r.id)}</code></small></td><td><span class="rv ${VERDICT_CLASS[r.verdict]}">${esc(r.verdict)}</span></td><td>${
      r.verdict === 'failed' ? `<pre>${esc(r.evidence.join('\n\n'))}</pre>` : esc(r.why ?? '')
    }</td></tr>`;
  return `<p>${count('passed')} passed, ${count('failed')} failed, ${count('not reachable')} not reachable on this target.</p>
<table><thead><tr><th>family</th><th>rule</th><th>verdict</th><th>what came back, or why not checked</th></tr></thead><tbody>
${[...rules]
  .sort((a, b) => ['failed', 'not reachable', 'passed'].indexOf(a.verdict) - ['failed', 'not reachable', 'passed'].indexOf(b.verdict))
  .map(row)
  .join('\n')}
</tbody></table>`;
}

function failureSection(f: ReportFailure, report: RunReport): string {
  const replay = f.request
    ? `<dt>Replay</dt><dd><pre>CONFORMANCE_TOKEN=&lt;token&gt; npx video-api-conformance replay ${esc(report.reportDir)} --case ${esc(f.id)} --base-url ${esc(report.target)}</pre></dd>`
    : '<dt>Replay</dt><dd>not one request (a sequence or a flow): run the phase again</dd>';
  return `<section class="failure" id="${anchor(f.id)}"><h3>${esc(f.kind)} · ${esc(f.operation)}</h3>
<dl><dt>Failure</dt><dd>${esc(f.title)} <small>(${esc(f.source)}, case <code>${esc(f.id)}</code>)</small></dd>
<dt>What the contract says</dt><dd>${esc(f.contract)}</dd>
<dt>What came back</dt><dd><pre>${esc(f.got)}</pre></dd>
${f.curl ? `<dt>Reproduce</dt><dd><pre>${esc(f.curl)}</pre></dd>` : ''}${replay}</dl></section>`;
}

export function renderReportHtml(report: RunReport): string {
  const counts = Object.entries(report.counts);
  const figures = Object.entries(report.figures);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(report.title)}: ${esc(report.verdict)}</title><style>${STYLE}</style></head><body>
<h1>${esc(report.title)} <span class="verdict ${report.verdict === 'passed' ? 'passed' : 'failed'}" id="verdict">${esc(report.verdict.toUpperCase())}</span></h1>
<p>Target <code>${esc(report.target)}</code>; started ${esc(report.startedAt)}; ${report.seconds.toFixed(1)} s${report.shard ? `; shard ${esc(report.shard)}` : ''}.</p>
<ul>${report.because.map((b) => `<li>${esc(b)}</li>`).join('')}</ul>
<h2 id="counts">Failures by kind</h2>
${counts.length ? `<table><tbody>${counts.map(([k, n]) => `<tr><td>${esc(k)}</td><td class="n">${n}</td></tr>`).join('')}</tbody></table>` : '<p>No failures.</p>'}
${figures.length ? `<p>${figures.map(([k, n]) => `${esc(k)}: ${n}`).join('; ')}</p>` : ''}
<h2 id="coverage">Coverage</h2>
${coverageTable(report.coverage)}
${report.rules ? `<h2 id="rules">Stated rules</h2>\n${rulesTable(report.rules)}` : ''}
<h2 id="failures">Failures (${report.failures.length})</h2>
${report.failures.map((f) => failureSection(f, report)).join('\n') || '<p>None.</p>'}
${report.notes.length ? `<h2 id="notes">Notes</h2><ul>${report.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}
