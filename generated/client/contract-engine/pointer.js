// JSON pointers (RFC 6901), the one implementation: reading one, building one from keys.
/** One reference token, escaped (`/` -> `~1`, `~` -> `~0`). */
export function escapeToken(token) {
    return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
export function unescapeToken(token) {
    return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
/** `['paths', '/me', 'get']` -> `/paths/~1me/get` */
export function toPointer(keys) {
    return keys.map((key) => `/${escapeToken(key)}`).join('');
}
/** `/paths/~1me/get` (or `#/paths/~1me/get`) -> `['paths', '/me', 'get']` */
export function parsePointer(pointer) {
    const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
    if (body === '')
        return [];
    if (!body.startsWith('/'))
        throw new Error(`not a JSON pointer: "${pointer}"`);
    return body.split('/').slice(1).map(unescapeToken);
}
/** The value at `pointer` inside `root`, or undefined when some key on the way is absent. */
export function readPointer(root, pointer) {
    const keys = typeof pointer === 'string' ? parsePointer(pointer) : pointer;
    let node = root;
    for (const key of keys) {
        if (node === null || typeof node !== 'object')
            return undefined;
        node = node[key];
    }
    return node;
}
/**
 * A pointer as a URI fragment (`#/paths/~1faceless~1%7Bfaceless%7D/get`), the form a `$ref` and
 * Ajv's schema references take: each token escaped, then percent-encoded.
 */
export function fragmentPointer(keys) {
    return `#${keys.map((key) => `/${encodeURIComponent(escapeToken(key))}`).join('')}`;
}
/** A fragment pointer (a `$ref`) extended by more keys: `#/components/responses/E` + `content`, `application/json`. */
export function extendPointer(base, ...keys) {
    return `${base}${fragmentPointer(keys).slice(1)}`;
}
