// What each charging operation costs in the mock, decided once at start-up from the contract:
//   1. `x-credits.cost` where the source states a flat cost (launch clip, ideas, character train);
//   2. otherwise the `meta.credits.cost` of the operation's own success example (renders match
//      their estimate examples; script generation shows the CONTENT_PROMPT_REQUESTED amount);
//   3. otherwise UNPRICED_CHARGE: the contract has no number for that charge (README lists them).
import type { MockContract } from './contract.js';

/** The one number the mock invents: the charge of a charging call the contract gives no price for. */
export const UNPRICED_CHARGE = 1;

export interface Price {
  cost: number;
  source: 'x-credits.cost' | 'success example' | 'unpriced';
}

export function priceList(contract: MockContract): Map<string, Price> {
  const prices = new Map<string, Price>();
  for (const op of contract.operations()) {
    if (!op.credits?.charges) continue;
    if (typeof op.credits.cost === 'number') {
      prices.set(op.id, { cost: op.credits.cost, source: 'x-credits.cost' });
      continue;
    }
    const fromExample = Object.values(contract.examples(op))
      .map((example) => example?.meta?.credits?.cost)
      .find((cost) => typeof cost === 'number');
    prices.set(
      op.id,
      typeof fromExample === 'number' ? { cost: fromExample, source: 'success example' } : { cost: UNPRICED_CHARGE, source: 'unpriced' },
    );
  }
  return prices;
}
