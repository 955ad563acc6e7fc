/** The extension that carries a pattern's rule in words. */
export const PATTERN_MESSAGE = 'x-pattern-message';
/** What a value that fails a pattern is told when its schema gives no words for it. */
export const PATTERN_FALLBACK = 'is not in the form this field takes';
/** The message of one schema error, in words (never a raw regular expression). */
export function schemaErrorMessage(error) {
    if (error.keyword === 'pattern')
        return patternMessage(error.parentSchema);
    return error.message ?? '';
}
function patternMessage(schema) {
    const own = schema?.[PATTERN_MESSAGE];
    if (typeof own === 'string' && own.trim())
        return own.trim();
    const description = schema?.description;
    if (typeof description === 'string' && description.trim())
        return `${PATTERN_FALLBACK} (${description.trim().replace(/\.$/, '')})`;
    return PATTERN_FALLBACK;
}
