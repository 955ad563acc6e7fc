// Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) over the bundled contract. Schemas are
// compiled by reference into the bundle, so every $ref resolves inside the same document, once.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Contract } from '../../lib/contract/index.js';

type AjvInstance = import('ajv').default;
type Validate = import('ajv').ValidateFunction;
// Both are CommonJS; under NodeNext their default import is the module object, which is callable.
const create = (options: object): AjvInstance => {
  const ajv = new (Ajv2020 as unknown as new (options: object) => AjvInstance)({
    strict: false,
    allErrors: true,
    validateFormats: true,
    ...options,
  });
  (addFormats as unknown as (instance: AjvInstance) => void)(ajv);
  return ajv;
};

const DOC_ID = 'openapi.json';
const pointerPart = (part: string) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));
/** A JSON pointer (as a URI fragment) into the bundle. */
export const pointer = (...parts: string[]) => `#/${parts.map(pointerPart).join('/')}`;

export class Schemas {
  private readonly strict = create({});
  /** For parameters: values arrive as text, so "12" may be an integer and "a" a one-item array. */
  private readonly coercing = create({ coerceTypes: 'array' });
  private readonly cache = new Map<string, Validate>();

  constructor(readonly contract: Contract) {
    this.strict.addSchema({ ...contract.doc, $id: DOC_ID });
    this.coercing.addSchema({ ...contract.doc, $id: DOC_ID });
  }

  /** Validates `data` against the schema at `ref` (a pointer into the bundle). Returns the errors as text, or undefined. */
  check(ref: string, data: unknown): string | undefined {
    const validate = this.compiled(this.strict, ref, () => ({ $ref: `${DOC_ID}${ref}` }));
    return validate(data) ? undefined : this.strict.errorsText(validate.errors, { dataVar: 'body' });
  }

  /** Validates one parameter value (text, or a list of texts) against the schema at `ref`, coercing as a server would. */
  checkParameter(ref: string, value: unknown): string | undefined {
    const validate = this.compiled(this.coercing, `param:${ref}`, () => ({
      type: 'object',
      properties: { value: { $ref: `${DOC_ID}${ref}` } },
    }));
    return validate({ value }) ? undefined : this.coercing.errorsText(validate.errors, { dataVar: 'parameter' });
  }

  private compiled(ajv: AjvInstance, key: string, schema: () => object): Validate {
    let validate = this.cache.get(key);
    if (!validate) {
      validate = ajv.compile(schema());
      this.cache.set(key, validate);
    }
    return validate;
  }
}
