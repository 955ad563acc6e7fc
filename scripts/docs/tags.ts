// Tag introductions, extended from the contract: what the tag's operations cost, and the state
// diagram of any resource the tag's operations poll, drawn where the reader is.
import { ContractModel, type Document } from '../../lib/contract/index.js';
import { costText } from './credits.js';
import { code } from './markdown.js';
import { diagramBlock, slug, stateMachines } from './state-diagrams.js';

export async function tagIntroMarkdown(doc: Document, tag: string): Promise<string> {
  const ops = ContractModel.of(doc)
    .operations()
    .filter((o) => o.operation.tags?.[0] === tag);
  if (!ops.length) return '';
  const charging = ops.filter((o) => o.operation['x-credits']?.charges);
  const out = [
    charging.length
      ? `**Credits in this tag:** ${charging.length} of ${ops.length} operations charge credits: ` +
        charging
          .map((o) => `${code(o.label)}${costText(o.operation['x-credits']) ? ` (${costText(o.operation['x-credits'])})` : ''}`)
          .join(', ') +
        '.'
      : `**Credits in this tag:** none of the ${ops.length} operations charge credits.`,
  ];
  const ids = new Set(ops.map((o) => o.id));
  for (const m of stateMachines(doc).filter(({ machine }) => machine.pollOperationIds.some((id) => ids.has(id)))) {
    out.push(
      '',
      `**States of the ${m.machine.resource.toLowerCase()}** (${code(m.machine.statusLocation)}; the full table is under State machines in the introduction):`,
      '',
      await diagramBlock(m, `tag-${slug(tag)}`),
    );
  }
  return out.join('\n');
}
