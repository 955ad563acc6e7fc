// An answer against the contract, the one rule the proxy's checker and the client's validate entry
// run: the status is documented for the operation (exact code, then its NXX range, then `default`),
// every header the contract marks required is there (X-RateLimit-*), the content type is one
// documented for that status, and a JSON body validates against its schema (compiled once, by
// lib/contract/validators.ts). The contract is lenient where the source is silent (x-unspecified:
// a `2XX` key where the status is not shown, no required field where the body is not shown), so
// validating against it as written never turns a guess into a failure; where the operation itself
// is a guess, the shared leniency rule (lib/contract/leniency.ts) narrows what is judged.
// Imports nothing of Node: the client loads it in browsers.
import { withArticle } from './article.js';
import { headerMediaType, mediaMatches } from './media-type.js';
import { extendPointer, fragmentPointer } from './pointer.js';
import { schemaErrorMessage } from './schema-messages.js';
/** Parses a body's text as JSON. */
export function parseJsonBody(text) {
    try {
        return { parsed: true, value: JSON.parse(text) };
    }
    catch {
        return { parsed: false };
    }
}
/** The documented response key for a status, and where its schema lives. */
export function documentedResponse(model, entry, status) {
    const responses = entry.operation.responses;
    const code = String(status);
    const key = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => responses[k]);
    if (!key)
        return undefined;
    const ref = responses[key].$ref ?? fragmentPointer(['paths', entry.path, entry.method, 'responses', key]);
    return { key, ref, response: model.deref(responses[key]) };
}
/**
 * `relaxed`: the operation's entry in the shared leniency rule, if any. On a guessed operation only
 * the rate-limit headers and the error envelope are judged: a status the guess does not document,
 * and a success answer's content type and body, are unverified; an error status it does not
 * document is judged against the operation's declared error responses.
 */
export function checkAnswer(validators, entry, answer, relaxed) {
    const guess = relaxed?.kind === 'guess';
    const documented = documentedResponse(validators.model, entry, answer.status);
    if (!documented) {
        const listed = Object.keys(entry.operation.responses);
        const status = { kind: 'status', expected: `one of ${listed.join(', ')}`, got: String(answer.status) };
        if (!guess)
            return { findings: [status], unverified: [] };
        if (answer.status < 400)
            return { findings: [], unverified: [status] };
        // The error envelope stays a fact: the answer must fit one of the declared error responses.
        const tries = listed
            .filter((key) => /^[45]/.test(key))
            .map((key) => {
            const response = documentedResponse(validators.model, entry, key.startsWith('5') ? 500 : Number(key));
            return checkDocumented(validators, { ...response, key: `${key} (declared error responses)` }, answer);
        });
        const fits = tries.find((t) => !t.findings.length);
        return { findings: fits || !tries.length ? [] : tries[0].findings, unverified: [status], body: fits?.body };
    }
    const checked = checkDocumented(validators, documented, answer);
    if (!guess || answer.status >= 400)
        return { ...checked, unverified: [] };
    const unshown = (f) => f.kind === 'content-type' || f.kind === 'schema';
    return { findings: checked.findings.filter((f) => !unshown(f)), unverified: checked.findings.filter(unshown), body: checked.body };
}
function headerFindings(model, { response, key }, answer) {
    const findings = [];
    for (const [name, node] of Object.entries(response.headers ?? {})) {
        const header = model.deref(node);
        const value = answer.header(name.toLowerCase());
        if (value === undefined) {
            if (header.required)
                findings.push({ kind: 'header', expected: `header ${name} (required on ${key})`, got: 'absent' });
            continue;
        }
        const text = value.trim();
        if (header.schema?.type === 'integer' && !/^-?\d+$/.test(text))
            findings.push({ kind: 'header', expected: `${name} an integer`, got: JSON.stringify(text) });
    }
    return findings;
}
function checkDocumented(validators, documented, answer) {
    const findings = headerFindings(validators.model, documented, answer);
    const { response, ref, key } = documented;
    const content = response.content ?? {};
    const declared = Object.keys(content);
    if (!declared.length || !answer.hasBody)
        return { findings };
    const type = headerMediaType(answer.header('content-type'));
    const media = declared.find((d) => mediaMatches(d, type));
    if (!media) {
        findings.push({ kind: 'content-type', expected: declared.join(' or '), got: type || 'none' });
        return { findings };
    }
    if (!/json/.test(media))
        return { findings };
    const read = answer.json ? answer.json() : parseJsonBody(answer.text());
    if (!read.parsed) {
        findings.push({ kind: 'schema', expected: 'a JSON body', got: `unparseable: ${answer.text().slice(0, 80)}` });
        return { findings };
    }
    const body = read.value;
    if (content[media].schema !== undefined) {
        const validate = validators.schema(extendPointer(ref, 'content', media, 'schema'));
        if (!validate(body)) {
            const problems = (validate.errors ?? []).map((e) => ({
                pointer: e.instancePath,
                keyword: e.keyword,
                message: schemaErrorMessage(e),
            }));
            const got = validators.errorsText(validate, 'body');
            findings.push({ kind: 'schema', expected: `${withArticle(key)} body valid against the contract`, got, problems });
        }
    }
    return { findings, body };
}
