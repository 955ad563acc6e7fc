// Path templates (`/text-to-scene/{storyboard}/scenes/{scene}`) read once: the parameters a
// template names, the collection each parameter picks from, the values a concrete path gives them,
// and the base path every template is served under. The router (paths.ts), the mock's stores, the
// seeding and the checker all read templates through these, so they cannot split a path differently.
const PARAM_SEGMENT = /^\{([^}]+)\}$/;
// Templates are the contract's (a few hundred at most), read on every call the mock answers: each
// is split once and its segments kept, frozen, since every caller shares them. Beyond this many
// distinct templates (never, with one contract) the rest are split on each call instead.
const KEPT_TEMPLATES = 2048;
const segmentsOf = new Map();
/** A template's segments after the leading `/`: literals and `{name}` parameters. */
export function templateSegments(template) {
    const kept = segmentsOf.get(template);
    if (kept)
        return kept;
    const segments = Object.freeze(template
        .split('/')
        .slice(1)
        .map((segment) => {
        const param = PARAM_SEGMENT.exec(segment);
        return Object.freeze(param ? { param: param[1] } : { literal: segment });
    }));
    if (segmentsOf.size < KEPT_TEMPLATES)
        segmentsOf.set(template, segments);
    return segments;
}
const PARAM_ANYWHERE = /\{([^}]+)\}/g;
/**
 * The template with each `{name}` replaced by `value(name)` exactly as returned: the caller
 * percent-encodes (fillPath does) or writes a placeholder (a shell variable, a Python f-string field).
 */
export function substituteParams(template, value) {
    return template.replace(PARAM_ANYWHERE, (_whole, name) => value(name));
}
/** The names of a template's path parameters, in order (`/a/{x}/b/{y}` -> `['x', 'y']`). */
export function templateParams(template) {
    return templateSegments(template).flatMap((s) => ('param' in s ? [s.param] : []));
}
/**
 * Each parameter with the collection it picks from: the template up to (not including) its
 * segment (`/text-to-scene/{storyboard}/scenes/{scene}` -> `{storyboard}` from `/text-to-scene`,
 * `{scene}` from `/text-to-scene/{storyboard}/scenes`).
 */
export function templateCollections(template) {
    const segments = templateSegments(template);
    const path = (upTo) => segments.slice(0, upTo).map((s) => `/${'param' in s ? `{${s.param}}` : s.literal}`);
    return segments.flatMap((s, i) => ('param' in s ? [{ name: s.param, collection: path(i).join('') }] : []));
}
/** The template without its last segment when that segment is a parameter (`/presets/{id}` -> `/presets`). */
export function itemCollection(template) {
    const last = templateSegments(template).at(-1);
    return last && 'param' in last ? template.slice(0, template.lastIndexOf('/')) : undefined;
}
/** Percent-decoding that never throws: an invalid sequence stays as sent (an unknown id, so 404). */
export function safeDecode(value) {
    try {
        return decodeURIComponent(value);
    }
    catch {
        return value;
    }
}
/**
 * The values a concrete path gives a template's parameters, decoded (`/faceless/{faceless}` with
 * `/faceless/5` -> `{ faceless: '5' }`). Segments are paired by position; literals are not compared.
 */
export function templateValues(template, path) {
    const values = path.split('/').slice(1);
    const params = {};
    templateSegments(template).forEach((segment, i) => {
        if ('param' in segment && values[i] !== undefined)
            params[segment.param] = safeDecode(values[i]);
    });
    return params;
}
/**
 * The base path of a server URL, without a trailing slash (`https://{host}/v2/` -> `/v2`). Server
 * variables need not be filled: only the path is read.
 */
export function basePathOf(serverUrl) {
    const path = serverUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split(/[?#]/)[0];
    return path.replace(/\/+$/, '');
}
