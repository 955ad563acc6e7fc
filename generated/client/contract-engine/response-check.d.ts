import type { BundleModel, ContractOperation } from './bundle-model.js';
import type { Relaxation } from './leniency.js';
import type { Response } from './openapi.js';
import type { Validators } from './validators.js';
/** One error of a schema's validator: where in the body, which rule (the JSON Schema keyword), its text. */
export interface SchemaProblem {
    /** JSON pointer into the body (`/credits`); '' for the body itself. */
    pointer: string;
    keyword: string;
    message: string;
}
export interface AnswerFinding {
    kind: 'status' | 'header' | 'content-type' | 'schema';
    expected: string;
    got: string;
    /** A body the schema refuses: each of the validator's errors. */
    problems?: SchemaProblem[];
}
/** One answer as the check reads it. */
export interface ObservedAnswer {
    status: number;
    /** A header's value by lower-case name (the first of a repeated one). */
    header(name: string): string | undefined;
    hasBody: boolean;
    /** The body as text: read only when the documented type is JSON. */
    text(): string;
    /**
     * The body's JSON, parsed once by whoever observed the answer and kept (`parsed: false`: not
     * JSON). Without it the check parses text() itself.
     */
    json?(): ParsedBody;
}
/** A body read as JSON, or the word that it is not JSON. */
export type ParsedBody = {
    parsed: true;
    value: unknown;
} | {
    parsed: false;
};
/** Parses a body's text as JSON. */
export declare function parseJsonBody(text: string): ParsedBody;
/** What the check found; where the operation is a guess, what it spared is `unverified`. */
export interface AnswerCheck {
    findings: AnswerFinding[];
    unverified: AnswerFinding[];
    /** The parsed JSON body, when there was one. */
    body?: unknown;
}
interface Documented {
    key: string;
    ref: string;
    response: Response;
}
/** The documented response key for a status, and where its schema lives. */
export declare function documentedResponse(model: BundleModel, entry: ContractOperation, status: number): Documented | undefined;
/**
 * `relaxed`: the operation's entry in the shared leniency rule, if any. On a guessed operation only
 * the rate-limit headers and the error envelope are judged: a status the guess does not document,
 * and a success answer's content type and body, are unverified; an error status it does not
 * document is judged against the operation's declared error responses.
 */
export declare function checkAnswer(validators: Validators, entry: ContractOperation, answer: ObservedAnswer, relaxed?: Relaxation): AnswerCheck;
export {};
