// Reading Content-Type headers the way the validator of record (Prism 5.12) reads them, so the mock's
// own request check answers exactly as Prism's did: the WHATWG MIME sniffing rules for a request's
// header, and the looser type/subtype(+suffix) comparison for matching against the contract.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HTTP_SPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** A request's Content-Type, parsed as the WHATWG MIME Sniffing standard says; throws when it is not one. */
export function parseMediaType(header) {
    const text = header.replace(HTTP_SPACE, '');
    const slash = text.indexOf('/');
    const type = slash < 0 ? '' : text.slice(0, slash);
    const semi = text.indexOf(';', slash + 1);
    const subtype = (semi < 0 ? text.slice(slash + 1) : text.slice(slash + 1, semi)).replace(HTTP_SPACE, '');
    if (!TOKEN.test(type) || !TOKEN.test(subtype))
        throw new Error(`Could not parse MIME type string "${header}"`);
    const parameters = new Map();
    if (semi >= 0) {
        for (const part of text.slice(semi + 1).split(';')) {
            const eq = part.indexOf('=');
            if (eq < 0)
                continue;
            const name = part.slice(0, eq).replace(HTTP_SPACE, '').toLowerCase();
            let value = part.slice(eq + 1).replace(HTTP_SPACE, '');
            if (value.startsWith('"'))
                value = value.slice(1, value.endsWith('"') && value.length > 1 ? -1 : undefined).replace(/\\(.)/g, '$1');
            if (name && TOKEN.test(name) && value !== '' && !parameters.has(name))
                parameters.set(name, value);
        }
    }
    return { essence: `${type}/${subtype}`.toLowerCase(), parameters };
}
/** `application/vnd.x+json` -> type `application`, subtype `json` (the suffix counts), or undefined. */
function typeAndSubtype(mediaType) {
    const essence = mediaType.split(';')[0].trim().toLowerCase();
    const match = /^([^/]+)\/(?:(.+)\+)?(.+)$/.exec(essence);
    if (!match || !/^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(essence))
        return undefined;
    return { type: match[1], subtype: match[3] };
}
/** Whether `actual` is covered by `declared` (`*` type or subtype in the declared one is a wildcard). */
export function mediaTypeCovers(actual, declared) {
    const a = typeAndSubtype(actual);
    const d = typeAndSubtype(declared);
    if (!a || !d)
        return false;
    return (a.type === d.type || d.type === '*') && (a.subtype === d.subtype || d.subtype === '*');
}
/** Adds one name and value to a form's fields: a repeated name (`samples[]` sent three times) keeps every value. */
export function addFormField(fields, name, value) {
    const known = fields[name];
    if (known === undefined)
        fields[name] = value;
    else if (Array.isArray(known))
        known.push(value);
    else
        fields[name] = [known, value];
}
/** The fields of a multipart/form-data text: name -> value, every value of a repeated name kept. */
export function multipartFields(text, boundary) {
    const fields = Object.create(null);
    const delimiter = `--${boundary}`;
    const sections = text.split(`\r\n${delimiter}`);
    sections[0] = sections[0].startsWith(delimiter) ? sections[0].slice(delimiter.length) : '';
    for (const section of sections) {
        if (section.startsWith('--'))
            break;
        const start = section.indexOf('\r\n');
        const end = section.indexOf('\r\n\r\n', start);
        if (start < 0 || end < 0)
            continue;
        const disposition = section
            .slice(start + 2, end)
            .split('\r\n')
            .find((line) => /^content-disposition:/i.test(line));
        const name = disposition ? /\bname="([^"]*)"/.exec(disposition)?.[1] : undefined;
        if (name !== undefined)
            addFormField(fields, name, section.slice(end + 4));
    }
    return fields;
}
/** The type of a Content-Type header value (the first of a repeated one), lower case, without parameters; '' when absent. */
export function headerMediaType(value) {
    return String(Array.isArray(value) ? value[0] : (value ?? ''))
        .split(';')[0]
        .trim()
        .toLowerCase();
}
/** Whether a declared media type admits `actual` exactly: `image/*` admits image/png; `*\/*` admits anything. */
export function mediaMatches(declared, actual) {
    if (declared === actual || declared === '*/*')
        return true;
    const [type, sub] = declared.split('/');
    return sub === '*' && actual.startsWith(`${type}/`);
}
