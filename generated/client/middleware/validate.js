/** The checks failed to load (a chunk the browser could not fetch, a broken install). */
function loadError(cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new Error(`video-api-v2-client: \`validate\` could not load the contract checks: ${reason}`, { cause });
}
export function contractValidation(mode, redact) {
    let loading;
    const checks = () => {
        loading ??= import('../validate.js').then((module) => module.contractChecks(redact), (error) => {
            loading = undefined; // a later call tries again (an install, a flaky chunk load)
            throw loadError(error);
        });
        return loading;
    };
    return {
        async onRequest({ request, schemaPath, params }) {
            const loaded = checks();
            if (mode !== 'all') {
                loaded.catch(() => undefined); // loads beside the call; an error surfaces on the answer
                return undefined;
            }
            const refused = await (await loaded).request(request, schemaPath, params.path);
            if (refused)
                throw refused;
            return undefined;
        },
        async onResponse({ request, response, schemaPath }) {
            const refused = await (await checks()).response(request.method, schemaPath, response);
            if (refused)
                throw refused;
            return undefined;
        },
    };
}
