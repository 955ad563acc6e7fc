// OpenAPI's defaults for how a parameter or a form field is written on the wire, in one place: the
// request check reads values by them, and the diff gate tells a default written out from a change.
/** The style a parameter has when it names none: form in the query and cookies, simple in paths and headers. */
export function defaultStyle(where) {
    return where === 'query' || where === 'cookie' ? 'form' : 'simple';
}
/** Whether a value explodes when it does not say: only the form style does. */
export function explodesByDefault(style) {
    return style === 'form';
}
