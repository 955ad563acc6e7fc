import { type ContractOperation } from './bundle-model.js';
import type { RequestViolation } from './violations.js';
export interface Relaxation {
    operationId: string;
    /** `POST /faceless/{faceless}/render` */
    label: string;
    /** `guess`: the operation itself is not shown; `inputs`: its request is partly not shown. */
    kind: 'guess' | 'inputs';
    /** The request itself is not shown (operation-level `request` scope, or a guessed operation). */
    requestUnknown: boolean;
    charges: boolean;
    reason: string;
}
/** True when the operation itself (its path or method) is a guess (`x-unspecified-scope: [operation]`). */
export declare function isGuessedOperation(op: unknown): boolean;
/** Whether an `x-unspecified` marker stands anywhere under a node (a parameter, a schema), following `$ref`s. */
export declare function hasUnspecified(contract: object, node: unknown): boolean;
/** Whether the contract marks one of an operation's parameters (the parameter or its schema) as a guess. */
export declare function isGuessedParameter(contract: object, entry: ContractOperation, where: string, name: string): boolean;
/** Whether an operation's missing request body is a guess: the contract marks the request body itself. */
export declare function isGuessedMissingBody(contract: object, entry: ContractOperation): boolean;
/**
 * Whether the place a request violation is about is a guess: the parameter it names, the place in
 * the body where the validator stood (for the body's media type), or, for the request as a whole,
 * a missing body. Every reader of a request (the proxy's checker, the client's validation) asks here.
 */
export declare function isGuessedViolation(contract: object, entry: ContractOperation, violation: RequestViolation, mediaType?: string): boolean;
/**
 * Whether the place of a finding in an operation's request body (`['voice', 'speed']`: where the
 * validator stood) is a guess: a schema at that place carries its own `x-unspecified`. A stated field
 * of a body that is a guess elsewhere stays a fact, while a marker on
 * an object ("other fields are not shown") covers what is found at the object (a field it does not
 * list, one it requires).
 */
export declare function isGuessedBodyPlace(contract: object, entry: ContractOperation, mediaType: string | undefined, place: readonly string[]): boolean;
/** The property names a schema declares, its `$ref`s and allOf/anyOf/oneOf branches included (a body that is one of several shapes). */
export declare function declaredPropertyNames(contract: object, schema: unknown): Set<string>;
/** Every relaxed operation of the contract (a parsed bundle or its model), in document order. */
export declare function relaxations(contract: object): Relaxation[];
/** One line per relaxed operation, printed at the start of a conformance run and of the proxy. */
export declare function describeRelaxations(list: readonly Relaxation[]): string[];
