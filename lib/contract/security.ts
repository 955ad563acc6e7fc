// Whether a call's credentials have the form an operation's `security` asks for, read from the
// contract: the check Prism's security validator made for the mock, without Prism's machinery, for
// the schemes this reads (HTTP bearer). Alternatives are OR-ed, the schemes of one requirement AND-ed.
import type { ContractModel, ContractOperation } from './model.js';

/** Tells whether the Authorization header satisfies the operation's security. */
export type AuthorizationCheck = (authorization: string | undefined) => boolean;

/** `Bearer <credentials>`, the scheme name as RFC 6750 writes it (what Prism accepts). */
const BEARER = /^Bearer\s.+$/;

/**
 * The operation's check, or undefined when its security uses a scheme this does not read (an API
 * key, basic, OAuth flows, an empty requirement): the caller then keeps a general validator.
 */
export function authorizationCheck(model: ContractModel, entry: ContractOperation): AuthorizationCheck | undefined {
  const requirements = entry.operation.security ?? model.doc.security ?? [];
  if (!requirements.length) return () => true;
  const schemes = model.doc.components?.securitySchemes ?? {};
  const readable = requirements.every((requirement) => {
    const names = Object.keys(requirement);
    return names.length > 0 && names.every((name) => schemes[name]?.type === 'http' && schemes[name]?.scheme?.toLowerCase() === 'bearer');
  });
  if (!readable) return undefined;
  return (authorization) => authorization !== undefined && BEARER.test(authorization);
}
