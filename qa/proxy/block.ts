// PROXY_BLOCK_CHARGES=1: the proxy answers every operation the contract marks
// x-credits.charges itself, in the API's error envelope, and never forwards it, so a team can click
// through staging without spending. The answer is the proxy's choice, not the API's: 403 (the
// request is understood and refused) with the code PROXY-CHARGE-BLOCKED, which the API itself never
// sends, and an X-Proxy-Blocked header naming the operation.
import type { ContractOperation as Operation } from '../../lib/contract/index.js';
import type { Answer } from '../http-forward.js';

export const BLOCKED_STATUS = 403;
export const BLOCKED_CODE = 'PROXY-CHARGE-BLOCKED';

export function blockedAnswer(op: Operation): Answer {
  const body = {
    message: `Not forwarded: ${op.id} (${op.method.toUpperCase()} ${op.path}) charges credits and the validating proxy runs with PROXY_BLOCK_CHARGES=1.`,
    status: BLOCKED_STATUS,
    error: { code: BLOCKED_CODE },
  };
  return {
    status: BLOCKED_STATUS,
    statusText: 'Forbidden',
    headers: { 'content-type': 'application/json', 'x-proxy-blocked': op.id },
    body: Buffer.from(JSON.stringify(body)),
  };
}
