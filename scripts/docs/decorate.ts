// The docs-only copy of the bundle: the original generated/openapi.json is never changed. Adds to a
// deep copy what readers need and Redoc shows: per-operation credits and limits, x-codeSamples, and
// the tags' introductions (credits, state diagrams), sections of the introduction (error catalogue,
// render preconditions, limits, tool server, change log, credits, state machines, known gaps, the
// Markdown pages for assistants), every
// one derived from the contract.
import { codeSamples, type SampleContext } from './code-samples.js';
import { creditsOverviewMarkdown, operationCreditsMarkdown } from './credits.js';
import { errorCatalogueMarkdown, renderPreconditionsMarkdown } from './errors.js';
import { knownGaps, knownGapsMarkdown } from './known-gaps.js';
import { limitsMarkdown } from './limits.js';
import { llmsDocs, llmsLinksMarkdown } from './llms.js';
import { upsertSection } from './markdown.js';
import { stateMachinesMarkdown } from './state-diagrams.js';
import { tagIntroMarkdown } from './tags.js';
import { ContractModel, type Document, isGuessedOperation, UNCONFIRMED_LABEL, unconfirmedNote } from '../../lib/contract/index.js';
import { changelogMarkdown, toolServerMarkdown } from './tool-server.js';

export async function decorate(bundle: Document, ctx: SampleContext): Promise<Document> {
  const doc = structuredClone(bundle);
  // Read from the untouched bundle, so nothing the docs add is counted as a gap or a fact.
  const gaps = knownGaps(bundle);

  for (const o of ContractModel.of(doc).operations()) {
    const credits = operationCreditsMarkdown(bundle, o);
    o.operation.description = o.operation.description ? `${o.operation.description.replace(/\s+$/, '')}\n\n${credits}` : credits;
    if (isGuessedOperation(o.operation)) {
      // A badge beside the title (Redoc's x-badges) and the note first in the description.
      o.operation['x-badges'] = [...(o.operation['x-badges'] ?? []), { name: UNCONFIRMED_LABEL, color: '#b35900' }];
      o.operation.description = `> **${unconfirmedNote(o.operation).replace(`${UNCONFIRMED_LABEL} (x-unspecified):`, `${UNCONFIRMED_LABEL}.**`)}\n\n${o.operation.description}`;
    }
    o.operation['x-codeSamples'] = codeSamples(bundle, o, ctx);
    o.operation.description = `${o.operation.description}\n\n**As Markdown:** [md/${o.id}.md](md/${o.id}.md) (this operation on one page, for an AI assistant or a text editor).`;
  }

  for (const tag of doc.tags ?? []) {
    const extra = await tagIntroMarkdown(bundle, tag.name);
    if (extra) tag.description = tag.description ? `${tag.description.replace(/\s+$/, '')}\n\n${extra}` : extra;
  }

  let intro = doc.info.description ?? '';
  const errors = [errorCatalogueMarkdown(bundle), renderPreconditionsMarkdown(bundle)].filter(Boolean).join('\n\n');
  if (errors) intro = upsertSection(intro, 'Errors', errors, 'append');
  // Limits, tool server and change log are written only as extensions; their sections are made here.
  const limits = limitsMarkdown(bundle);
  if (limits) intro = upsertSection(intro, 'Limits', limits, 'replace', 'Versioning');
  const tools = toolServerMarkdown(bundle);
  if (tools) intro = upsertSection(intro, 'Tool server', tools, 'append', 'Versioning');
  const changelog = changelogMarkdown(bundle);
  if (changelog) intro = upsertSection(intro, 'Change log', changelog, 'replace');
  intro = upsertSection(intro, 'Credits', creditsOverviewMarkdown(bundle), 'append');
  intro = upsertSection(intro, 'State machines', await stateMachinesMarkdown(bundle), 'append');
  intro = upsertSection(intro, 'Known gaps', knownGapsMarkdown(gaps), 'append');
  intro = upsertSection(intro, 'Markdown and llms.txt', llmsLinksMarkdown(llmsDocs(bundle)), 'append');
  doc.info.description = intro;
  return doc;
}
