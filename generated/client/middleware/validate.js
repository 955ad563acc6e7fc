/** The checks failed to load: most often the optional peers are not installed. */
function loadError(cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new Error(`video-api-v2-client: \`validate\` needs the optional peer dependencies ajv and ajv-formats; install them (npm install ajv ajv-formats). Loading the checks failed: ${reason}`, { cause });
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
