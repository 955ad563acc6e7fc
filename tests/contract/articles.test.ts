// "a" or "an": one rule (lib/contract/article.ts) for every sentence that puts an article before a
// name, the contract's own prose (summaries, descriptions, example names) included, and the
// sentences built from the contract's names (the stated rules name each machine's resource).
import { describe, expect, it } from 'vitest';
import { ContractModel, indefiniteArticle, statedRules } from '../../lib/contract/index.js';
import { loadContract } from '../support/contract.js';

/** Every "a X" / "an X" in a text whose article is not the one the rule gives X. */
function wrongArticles(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w-])(a|an) ([`"'(*_[]*[A-Za-z0-9][\w-]*)/gi)) {
    if (m[1].toLowerCase() !== indefiniteArticle(m[2])) found.push(m[0]);
  }
  return found;
}

function strings(node: unknown, at: string, out: Array<[string, string]>): Array<[string, string]> {
  if (typeof node === 'string') out.push([at, node]);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) strings(v, `${at}/${k}`, out);
  return out;
}

describe('the indefinite article', () => {
  it.each([
    ['AI Visuals draft', 'an'],
    ['URL to Video draft', 'a'],
    ['url-based draft', 'a'],
    ['B-Roll draft', 'a'],
    ['MP4 file', 'an'],
    ['HTTP answer', 'an'],
    ['faceless video', 'a'],
    ['auto top-up preference', 'an'],
    ['image/png body', 'an'],
    ['application/json body', 'an'],
    ['user', 'a'],
    ['one-time charge', 'a'],
    ['hour', 'an'],
    ['2xx status', 'a'],
    ['8-second clip', 'an'],
    ['operation extension', 'an'],
  ])('before "%s" is "%s"', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });

  it("is the rule's everywhere in the contract's prose", () => {
    const wrong = strings(loadContract(), '', []).flatMap(([at, text]) => wrongArticles(text).map((w) => `${at}: ${w}`));
    expect(wrong).toEqual([]);
  });

  it("is the rule's in the rules stated from a machine's resource name", () => {
    const doc = loadContract();
    const machine = doc.components!.schemas!.FacelessVideoStatus as { 'x-state-machine': { resource: string } };
    machine['x-state-machine'].resource = 'Image render';
    const texts = statedRules(ContractModel.of(doc)).map((r) => r.text);
    expect(texts.filter((t) => / an image render /.test(t)).length).toBeGreaterThan(0);
    expect(texts.flatMap(wrongArticles)).toEqual([]);
  });
});
