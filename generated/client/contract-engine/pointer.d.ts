/** One reference token, escaped (`/` -> `~1`, `~` -> `~0`). */
export declare function escapeToken(token: string): string;
export declare function unescapeToken(token: string): string;
/** `['paths', '/me', 'get']` -> `/paths/~1me/get` */
export declare function toPointer(keys: readonly string[]): string;
/** `/paths/~1me/get` (or `#/paths/~1me/get`) -> `['paths', '/me', 'get']` */
export declare function parsePointer(pointer: string): string[];
/** The value at `pointer` inside `root`, or undefined when some key on the way is absent. */
export declare function readPointer(root: unknown, pointer: string | readonly string[]): unknown;
/**
 * A pointer as a URI fragment (`#/paths/~1faceless~1%7Bfaceless%7D/get`), the form a `$ref` and
 * Ajv's schema references take: each token escaped, then percent-encoded.
 */
export declare function fragmentPointer(keys: readonly string[]): string;
/** A fragment pointer (a `$ref`) extended by more keys: `#/components/responses/E` + `content`, `application/json`. */
export declare function extendPointer(base: string, ...keys: string[]): string;
