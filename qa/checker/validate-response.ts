// The answer half of an exchange against the contract: the one answer check of lib/contract
// (response-check.ts, which the client's validate entry runs too), fed what crossed the proxy.
import {
  type ObservedAnswer,
  type AnswerCheck,
  checkAnswer,
  type ParsedBody,
  parseJsonBody,
  type Relaxation,
} from '../../lib/contract/index.js';
import type { Match } from './match.js';
import type { Schemas } from './schemas.js';
import type { Observed } from './types.js';

/** The answer of an exchange as the answer check reads it; its body is parsed as JSON at most once. */
export function answerOf(ex: Observed): ObservedAnswer {
  let read: ParsedBody | undefined;
  return {
    status: ex.status,
    header: (name) => {
      const value = ex.responseHeaders[name];
      return value === undefined ? undefined : String(Array.isArray(value) ? value[0] : value);
    },
    hasBody: ex.responseBody.length > 0,
    text: () => ex.responseBody.toString('utf8'),
    json: () => {
      read ??= parseJsonBody(ex.responseBody.toString('utf8'));
      return read;
    },
  };
}

/** `relaxed`: the operation's entry in the shared leniency rule (lib/contract/leniency.ts), if any. */
export function validateResponse(schemas: Schemas, match: Match, answer: ObservedAnswer, relaxed?: Relaxation): AnswerCheck {
  return checkAnswer(schemas.validators, match.op, answer, relaxed);
}
