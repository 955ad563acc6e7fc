// The contract compiled once: every request and response schema of every operation, compiled by
// one Ajv set-up (lib/contract/ajv.ts) when the set is made, and shared by whoever validates (the
// mock's request check, the proxy's checker, the conformance flows; the client may load it too).
// Schemas are compiled by reference into the bundle, so every `$ref` resolves inside one document.
//
// Why compiled at start-up rather than Ajv's standalone code generated at build time: the compiled
// functions are the same either way (standalone is their text), so the calls cost the same; the
// start-up compile measured ~0.3 s for the whole contract, and the handlers' browser build already
// carries Ajv through Prism's mocker, where pre-generated code would only add weight.
import { newAjv, type AjvInstance, type ValidateFunction } from './ajv.js';
import { ContractModel } from './model.js';
import type { Response } from './openapi.js';
import { extendPointer, fragmentPointer } from './pointer.js';
import { RequestCheck, type SchemaCompiler } from './request-check.js';

/** The `$id` the bundle is registered under: a schema pointer `#/x` is reached as `openapi.json#/x`. */
const DOC_ID = 'openapi.json';

export class Validators implements SchemaCompiler {
  private static readonly made = new WeakMap<object, Validators>();
  readonly model: ContractModel;
  private readonly plain: AjvInstance;
  /** Parameters and form fields are text: "12" is read as 12, as a server would. */
  private readonly coercing: AjvInstance;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly requests = new Map<string, RequestCheck>();

  /** The one compiled set of a contract (a parsed bundle or its model), made on first use. */
  static of(contract: object): Validators {
    const model = ContractModel.of(contract);
    let set = Validators.made.get(model);
    if (!set) {
      set = new Validators(model);
      Validators.made.set(model, set);
    }
    return set;
  }

  private constructor(model: ContractModel) {
    this.model = model;
    this.plain = newAjv();
    this.coercing = newAjv({ coerceTypes: true });
    for (const ajv of [this.plain, this.coercing]) ajv.addSchema({ ...model.doc, $id: DOC_ID });
    for (const entry of model.operations()) {
      this.requests.set(entry.id, new RequestCheck(model, this, entry));
      for (const ref of this.responseSchemaRefs(entry.id)) this.schema(ref);
    }
  }

  /** The request check of an operation (its schemas compiled when the set was made). */
  request(operationId: string): RequestCheck {
    const check = this.requests.get(operationId);
    if (!check) throw new Error(`no operation ${operationId} in the contract`);
    return check;
  }

  /** The compiled validator of the schema at a pointer into the bundle (`#/components/schemas/Me`). */
  schema(ref: string, coerce = false): ValidateFunction {
    const key = `${coerce ? 'text' : 'json'} ${ref}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = (coerce ? this.coercing : this.plain).compile({ $ref: `${DOC_ID}${ref}` });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** An object of text values (one location's parameters): each property the schema at its pointer. */
  object(properties: Record<string, string>, required: string[]): ValidateFunction {
    const key = `object ${JSON.stringify([properties, required])}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      const schema = Object.fromEntries(Object.entries(properties).map(([name, ref]) => [name, { $ref: `${DOC_ID}${ref}` }]));
      validate = this.coercing.compile({ type: 'object', properties: schema, required });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Ajv's own one-line text of a validator's last errors (`body/name must be string`). */
  errorsText(validate: ValidateFunction, dataVar: string): string {
    return this.plain.errorsText(validate.errors, { dataVar });
  }

  /** Pointers of every JSON response schema of an operation. */
  private responseSchemaRefs(operationId: string): string[] {
    const entry = this.model.operation(operationId);
    const refs: string[] = [];
    for (const [status, node] of Object.entries(entry.operation.responses ?? {})) {
      const base = (node as { $ref?: string }).$ref ?? fragmentPointer(['paths', entry.path, entry.method, 'responses', status]);
      const content = this.model.deref<Response>(node)?.content ?? {};
      for (const [media, body] of Object.entries(content))
        if (/json/.test(media) && body.schema !== undefined) refs.push(extendPointer(base, 'content', media, 'schema'));
    }
    return refs;
  }
}
