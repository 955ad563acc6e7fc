// OpenAPI's defaults for how a parameter or a form field is written on the wire, in one place: the
// request check reads values by them, and the diff gate tells a default written out from a change.
// The query string's one reading (the router's, lib/contract/request.ts) is here too.
/** The style a parameter has when it names none: form in the query and cookies, simple in paths and headers. */
export function defaultStyle(where) {
    return where === 'query' || where === 'cookie' ? 'form' : 'simple';
}
/** Whether a value explodes when it does not say: only the form style does. */
export function explodesByDefault(style) {
    return style === 'form';
}
/**
 * A query string as the wire has it: one value per name, or the list of a repeated name (the form
 * style's exploded array). The request check reads each parameter's value out of it by its style.
 */
export function queryOf(search) {
    const query = {};
    // No query string (the usual call): nothing to read.
    if (search.size === 0)
        return query;
    for (const key of new Set(search.keys())) {
        const values = search.getAll(key);
        query[key] = values.length === 1 ? values[0] : values;
    }
    return query;
}
