// The one leniency rule of every checker (conformance's Schemathesis run, the validating proxy):
// which operations are checked less strictly, derived from the contract's own honesty markers
// (`x-unspecified`, `x-unspecified-scope`; openapi/EXTENSIONS.md) and from nothing else. A check
// must never fail on a guess, and a stated fact stays strictly checked:
//
//   - an operation whose path or method is itself a guess (scope `operation`): only auth, the
//     rate-limit headers and the error envelope (bodies of the declared error responses) are checked;
//   - an operation whose request the source leaves partly open (scope `request`, or an
//     `x-unspecified` anywhere in its query/header parameters or request body schema): a documented
//     refusal (400, 404, 422) is an acceptable answer to valid input; where the operation-level
//     marker says the request itself is not shown (`requestUnknown`), the contract's request schema
//     is a guess and is not used to call a request, or a target's acceptance of it, wrong;
//   - scopes `response` and `status` need no switch here: the contract itself is lenient there (a
//     `2XX` success key, a success schema with nothing required beyond the envelope), so validating
//     against the contract as written cannot fail on the unshown part.
//
// Consumers: qa/conformance/relaxations.ts (Schemathesis config) and qa/checker/checker.ts.
import { BundleModel } from './bundle-model.js';
/** True when the operation itself (its path or method) is a guess (`x-unspecified-scope: [operation]`). */
export function isGuessedOperation(op) {
    const scope = op?.['x-unspecified-scope'];
    return Array.isArray(scope) && scope.includes('operation');
}
/** Whether an `x-unspecified` marker stands anywhere under a node (a parameter, a schema), following `$ref`s. */
export function hasUnspecified(contract, node) {
    return firstUnspecified(BundleModel.of(contract), node) !== undefined;
}
/** Whether the contract marks one of an operation's parameters (the parameter or its schema) as a guess. */
export function isGuessedParameter(contract, entry, where, name) {
    const model = BundleModel.of(contract);
    const param = [...(model.doc.paths[entry.path].parameters ?? []), ...(entry.operation.parameters ?? [])]
        .map((raw) => ({ raw, param: model.deref(raw) }))
        .find((p) => p.param.in === where && p.param.name.toLowerCase() === name.toLowerCase());
    return !!param && (hasUnspecified(model, param.raw) || hasUnspecified(model, param.param.schema));
}
/** Whether an operation's missing request body is a guess: the contract marks the request body itself. */
export function isGuessedMissingBody(contract, entry) {
    const body = BundleModel.of(contract).deref(entry.operation.requestBody);
    return typeof body?.['x-unspecified'] === 'string';
}
/**
 * Whether the place a request violation is about is a guess: the parameter it names, the place in
 * the body where the validator stood (for the body's media type), or, for the request as a whole,
 * a missing body. Every reader of a request (the proxy's checker, the client's validation) asks here.
 */
export function isGuessedViolation(contract, entry, violation, mediaType) {
    const [where, ...rest] = violation.path ?? [];
    if (where === 'body')
        return isGuessedBodyPlace(contract, entry, mediaType, rest);
    if (!where)
        return violation.code === 'required' && isGuessedMissingBody(contract, entry);
    const parameter = rest[0] ?? /required property '([^']+)'/.exec(violation.message)?.[1] ?? '';
    return isGuessedParameter(contract, entry, where, parameter);
}
/**
 * Whether the place of a finding in an operation's request body (`['voice', 'speed']`: where the
 * validator stood) is a guess: a schema at that place carries its own `x-unspecified`. A stated field
 * of a body that is a guess elsewhere stays a fact, while a marker on
 * an object ("other fields are not shown") covers what is found at the object (a field it does not
 * list, one it requires).
 */
export function isGuessedBodyPlace(contract, entry, mediaType, place) {
    const model = BundleModel.of(contract);
    const contents = Object.entries(model.deref(entry.operation.requestBody)?.content ?? {});
    const media = contents.find(([type]) => type === mediaType) ?? contents[0];
    return !!media && schemasAt(model, media[1].schema, place).some((node) => typeof node['x-unspecified'] === 'string');
}
/** The property names a schema declares, its `$ref`s and allOf/anyOf/oneOf branches included (a body that is one of several shapes). */
export function declaredPropertyNames(contract, schema) {
    const model = BundleModel.of(contract);
    return new Set(schemasAt(model, schema, []).flatMap((node) => Object.keys(node.properties ?? {})));
}
/** Every schema node standing at `place` under `node`: through `$ref`s and allOf/anyOf/oneOf branches, then properties or items. */
function schemasAt(model, node, place, depth = 0) {
    if (!node || typeof node !== 'object' || depth > 64)
        return [];
    const here = node;
    const same = [
        ...(typeof here.$ref === 'string' ? [model.deref(here)] : []),
        ...['allOf', 'anyOf', 'oneOf'].flatMap((key) => (Array.isArray(here[key]) ? here[key] : [])),
    ].flatMap((branch) => schemasAt(model, branch, place, depth + 1));
    if (!place.length)
        return [here, ...same];
    const [key, ...rest] = place;
    const child = here.properties?.[key] ??
        (/^\d+$/.test(key) ? (here.prefixItems?.[Number(key)] ?? here.items) : undefined) ??
        (typeof here.additionalProperties === 'object' ? here.additionalProperties : undefined);
    return [...schemasAt(model, child, rest, depth + 1), ...same];
}
/** The first `x-unspecified` text found under a node, following internal `$ref`s once each. */
function firstUnspecified(model, node, seen = new Set()) {
    if (!node || typeof node !== 'object')
        return undefined;
    const ref = node.$ref;
    if (typeof ref === 'string') {
        if (seen.has(ref))
            return undefined;
        seen.add(ref);
        return firstUnspecified(model, model.deref(node), seen);
    }
    const text = node['x-unspecified'];
    if (typeof text === 'string')
        return text;
    for (const value of Object.values(node)) {
        const found = firstUnspecified(model, value, seen);
        if (found)
            return found;
    }
    return undefined;
}
/** Every relaxed operation of the contract (a parsed bundle or its model), in document order. */
export function relaxations(contract) {
    const model = BundleModel.of(contract);
    const out = [];
    for (const entry of model.operations()) {
        const op = entry.operation;
        const scope = op['x-unspecified-scope'] ?? [];
        const base = { operationId: entry.id, label: entry.label, charges: op['x-credits']?.charges === true };
        if (isGuessedOperation(op)) {
            out.push({ ...base, kind: 'guess', requestUnknown: true, reason: op['x-unspecified'] ?? '' });
            continue;
        }
        const requestUnknown = scope.includes('request');
        // Path parameters are left out: an identifier's open type (ResourceId) decides nothing about
        // a request (conformance seeds real ids for them; the proxy sees the client's).
        const item = model.doc.paths[entry.path];
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].filter((p) => model.deref(p).in !== 'path');
        const nested = firstUnspecified(model, { parameters: params, body: op.requestBody });
        if (requestUnknown || nested) {
            const reasons = [requestUnknown ? op['x-unspecified'] : undefined, nested].filter((r, i, all) => !!r && all.indexOf(r) === i);
            out.push({ ...base, kind: 'inputs', requestUnknown, reason: reasons.join(' ') });
        }
    }
    return out;
}
/** One line per relaxed operation, printed at the start of a conformance run and of the proxy. */
export function describeRelaxations(list) {
    return list.map((r) => {
        const what = r.kind === 'guess'
            ? 'path or method not shown: only auth, rate-limit headers and the error envelope are checked'
            : `inputs partly not shown: a documented refusal (400/404/422) of valid input is accepted${r.requestUnknown ? '; the request schema is a guess, not used to call a request or its acceptance wrong' : ''}`;
        return `relaxed ${r.operationId} (${r.label}): ${what}. Why: ${r.reason.replace(/\s+/g, ' ').trim()}`;
    });
}
