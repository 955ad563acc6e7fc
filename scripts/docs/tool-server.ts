// The tool-server section (`x-tool-server`) and the change log (`info.x-changelog`).
import { ContractModel, type Document } from '../../lib/contract/index.js';
import { code } from './markdown.js';

export function toolServerMarkdown(doc: Document): string {
  const ts = doc['x-tool-server'];
  if (!ts) return '';
  const byId = new Map(
    ContractModel.of(doc)
      .operations()
      .map((o) => [o.id, o.label]),
  );
  const out = ts.description
    ? [ts.description, '', '### Tools and the operations they wrap', '']
    : ['### Tools and the operations they wrap', ''];
  if (ts.toolCount !== undefined) {
    out.push(
      `${ts.toolCount} tools: ${ts.freeToolCount} free, ${ts.chargingToolCount} charging. Authentication: ${(ts.auth ?? []).join(', ')}.` +
        (ts.trialRejection ? ` A trial account gets ${code(ts.trialRejection)} on every call.` : '') +
        (ts.renderBillingMinimumSeconds ? ` Renders bill at least ${ts.renderBillingMinimumSeconds} seconds.` : ''),
      '',
    );
  }
  for (const t of ts.tools ?? []) {
    const ops = t.operationIds.map((id) => code(byId.get(id) ?? id)).join(', ');
    const notes = [
      t.resultField ? `result ${code(t.resultField)}: ${(t.resultValues ?? []).map(code).join(', ')}` : '',
      t['x-unspecified'],
    ].filter(Boolean);
    out.push(
      `- ${code(t.name)} (${t.charges ? 'charges' : 'free'}): ${ops || 'no REST operation named'}.${notes.length ? ` ${notes.join('; ')}` : ''}`,
    );
  }
  const gaps = [typeof ts.url === 'object' ? ts.url['x-unspecified'] : undefined, ts['x-unspecified']].filter(Boolean);
  if (gaps.length) out.push('', ...gaps.map((g) => `- Not shown: ${g}`));
  return out.join('\n');
}

// The change log is rendered per version by its own module.
export { changelogMarkdown } from './changelog.js';
