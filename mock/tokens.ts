// Who a bearer token is. The special tokens are the product's public interface (PRODUCT.md);
// any other token is a paid, verified account with the contract's example balance.

export type AccountKind = 'paid' | 'trial' | 'unsubscribed' | 'unverified' | 'broke' | 'no-payment-method' | 'invalid';

export const SPECIAL_TOKENS: Record<string, { kind: AccountKind; effect: string }> = {
  'mock-trial': { kind: 'trial', effect: '403 PAID-SUBSCRIPTION-REQUIRED (trial)' },
  'mock-unsubscribed': { kind: 'unsubscribed', effect: '403 SUBSCRIPTION-REQUIRED' },
  'mock-unverified': { kind: 'unverified', effect: '403 EMAIL-NOT-VERIFIED' },
  'mock-broke': { kind: 'broke', effect: 'no credits: 402 INSUFFICIENT-CREDITS on charging calls' },
  'mock-no-payment-method': { kind: 'no-payment-method', effect: 'no saved card: enabling auto top-up is 422' },
  'mock-invalid': { kind: 'invalid', effect: '401 GEN-UNAUTHORIZED (invalid or revoked key; so is any token containing "invalid")' },
};

export function kindOf(token: string): AccountKind {
  // An invalid or revoked key is 401 in the API; Schemathesis probes with such a value too.
  if (/invalid/i.test(token)) return 'invalid';
  return SPECIAL_TOKENS[token]?.kind ?? 'paid';
}

/** The bearer token of a request, or undefined when there is none. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * What the mock holds about an account besides its credits. A token's kind sets the starting
 * facts; the control API (PATCH /__mock/accounts/{token}) changes them afterwards.
 */
export interface AccountFacts {
  subscription: 'paid' | 'trial' | 'none';
  emailVerified: boolean;
  paymentMethod: boolean;
}

export function factsOf(kind: AccountKind): AccountFacts {
  return {
    subscription: kind === 'trial' ? 'trial' : kind === 'unsubscribed' ? 'none' : 'paid',
    emailVerified: kind !== 'unverified',
    paymentMethod: kind !== 'no-payment-method',
  };
}

/**
 * The subscription / verification gate, evaluated before ownership, credits and validation.
 * Returns the name of the contract's error example to answer with, or undefined to pass. When
 * several facts fail at once, the order (no subscription, trial, unverified email) is the mock's.
 */
export function gateFailure(facts: AccountFacts): string | undefined {
  if (facts.subscription === 'none') return 'ErrorSubscriptionRequired';
  if (facts.subscription === 'trial') return 'ErrorPaidSubscriptionRequired';
  if (!facts.emailVerified) return 'ErrorEmailNotVerified';
  return undefined;
}

/** How the facts show in GET /me (overlaid on the contract's profile example). */
export function profileFacts(facts: AccountFacts) {
  return {
    email_verified: facts.emailVerified,
    subscription: {
      exists: facts.subscription !== 'none',
      active: facts.subscription !== 'none',
      trial: facts.subscription === 'trial',
    },
  };
}
