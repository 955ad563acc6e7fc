// One body serializer for every operation: JSON by default; multipart/form-data when the body
// carries a File/Blob (voice clone samples[], character image, ai-visuals upload), so callers pass
// plain objects with files and never build FormData by hand. A FormData passes through unchanged.
function isBlob(value) {
    return typeof Blob !== 'undefined' && value instanceof Blob;
}
function hasFile(body) {
    if (!body || typeof body !== 'object')
        return false;
    return Object.values(body).some((v) => isBlob(v) || (Array.isArray(v) && v.some(isBlob)));
}
function appendField(form, name, value) {
    if (value === undefined || value === null)
        return;
    if (isBlob(value))
        form.append(name, value, value.name || 'blob');
    else if (typeof value === 'object')
        form.append(name, JSON.stringify(value));
    else
        form.append(name, String(value));
}
/** Object with files -> FormData; arrays repeat their key (`samples[]` three times for three files). */
export function toFormData(body) {
    const form = new FormData();
    for (const [name, value] of Object.entries(body)) {
        if (Array.isArray(value))
            for (const item of value)
                appendField(form, name, item);
        else
            appendField(form, name, value);
    }
    return form;
}
export function serializeBody(body) {
    if (typeof FormData !== 'undefined' && body instanceof FormData)
        return body;
    if (hasFile(body))
        return toFormData(body);
    return JSON.stringify(body);
}
