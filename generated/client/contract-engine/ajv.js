// The one Ajv set-up of the repository: JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with the
// formats, every error collected. What differs between callers (coercing text, strictness about
// the schema itself, defaults) is an option here, not a second set-up.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
export function newAjv(options = {}) {
    // Both are CommonJS; under NodeNext their default import is the module object, which is callable.
    const ajv = new Ajv2020({
        strict: false,
        allErrors: true,
        allowUnionTypes: true,
        allowMatchingProperties: true,
        validateFormats: true,
        // Each error keeps the schema it broke (parentSchema): its words for a pattern are read there
        // (lib/contract/schema-messages.ts).
        verbose: true,
        ...options,
    });
    addFormats(ajv);
    return ajv;
}
