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
 * The subscription / verification gate, evaluated before ownership, credits and validation.
 * Returns the name of the contract's error example to answer with, or undefined to pass.
 */
export function gateFailure(kind: AccountKind): string | undefined {
  switch (kind) {
    case 'trial':
      return 'ErrorPaidSubscriptionRequired';
    case 'unsubscribed':
      return 'ErrorSubscriptionRequired';
    case 'unverified':
      return 'ErrorEmailNotVerified';
    default:
      return undefined;
  }
}

/** How each kind shows in GET /me (overlaid on the contract's profile example). */
export function profileFacts(kind: AccountKind) {
  return {
    email_verified: kind !== 'unverified',
    subscription: {
      exists: kind !== 'unsubscribed',
      active: kind !== 'unsubscribed',
      trial: kind === 'trial',
    },
  };
}
