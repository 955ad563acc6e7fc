// The answer half of an exchange against the contract: the one answer check of lib/contract
// (response-check.ts, which the client's validate entry runs too), fed what crossed the proxy.
import { type ObservedAnswer, type AnswerCheck, checkAnswer, type Relaxation } from '../../lib/contract/index.js';
import type { Match } from './match.js';
import type { Schemas } from './schemas.js';
import type { Observed } from './types.js';

export type Checked = AnswerCheck;

function answerOf(ex: Observed): ObservedAnswer {
  return {
    status: ex.status,
    header: (name) => {
      const value = ex.responseHeaders[name];
      return value === undefined ? undefined : String(Array.isArray(value) ? value[0] : value);
    },
    hasBody: ex.responseBody.length > 0,
    text: () => ex.responseBody.toString('utf8'),
  };
}

/** `relaxed`: the operation's entry in the shared leniency rule (lib/contract/leniency.ts), if any. */
export function validateResponse(schemas: Schemas, match: Match, ex: Observed, relaxed?: Relaxation): Checked {
  return checkAnswer(schemas.validators, match.op, answerOf(ex), relaxed);
}
