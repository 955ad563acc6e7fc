// The one Ajv set-up of the repository: JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with the
// formats, every error collected. What differs between callers (coercing text, strictness about
// the schema itself, defaults) is an option here, not a second set-up.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type AjvInstance = import('ajv').default;
export type ValidateFunction = import('ajv').ValidateFunction;
export type AjvError = import('ajv').ErrorObject;

export interface AjvOptions {
  /** Parameters and form fields arrive as text: `true` reads "12" as 12, as Prism's validator did. */
  coerceTypes?: boolean | 'array';
  /** For the repository's own schemas (extensions, Arazzo): unknown keywords are errors. */
  strict?: boolean;
  useDefaults?: boolean;
  /** Check each schema against the meta-schema first (default true; off for schemas lint has checked). */
  validateSchema?: boolean;
}

export function newAjv(options: AjvOptions = {}): AjvInstance {
  // Both are CommonJS; under NodeNext their default import is the module object, which is callable.
  const ajv = new (Ajv2020 as unknown as new (options: object) => AjvInstance)({
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
  (addFormats as unknown as (instance: AjvInstance) => void)(ajv);
  return ajv;
}
