// The one typed model of the contract. Everything that reads the API's description (the mock, the
// validating proxy, the docs build, the conformance runner, the client build step, the tests)
// reads it through here: operations in document order and by id, internal $ref resolution, JSON
// pointers, request schemas and examples, and the vendor extensions, typed from their schemas. Like stripe-mock's spec package, it refuses a document it
// does not understand (an unknown or malformed extension, an external $ref, a duplicate
// operationId) instead of guessing. What needs no file and no extension schema is BundleModel
// (bundle-model.ts), which a browser can load.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BundleModel, ContractError } from './bundle-model.js';
import { checkExtensions, formatProblems } from './extensions.js';

export * from './bundle-model.js';

/** The bundled contract every consumer reads (internal `$ref`s only). */
export const BUNDLE_JSON = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

function checkDocument(doc: object): void {
  const problems = checkExtensions(doc);
  if (problems.length)
    throw new ContractError(`the contract's vendor extensions are not as their schemas say:\n${formatProblems(problems)}`);
}

export class ContractModel extends BundleModel {
  static #cache = new Map<string, ContractModel>();

  /** Checks `doc`, its vendor extensions included, and builds the model; throws ContractError on anything it does not understand. */
  constructor(doc: unknown) {
    super(doc, checkDocument);
  }

  /** The model of a parsed document, built once per document object (later edits to it stay visible). */
  static override of(doc: object): ContractModel {
    if (doc instanceof ContractModel) return doc;
    const known = BundleModel.known(doc);
    return known instanceof ContractModel ? known : new ContractModel(doc);
  }

  /** The model of a bundle file (default generated/openapi.json), read once per process. */
  static load(file = BUNDLE_JSON): ContractModel {
    let model = ContractModel.#cache.get(file);
    if (!model) {
      model = new ContractModel(JSON.parse(readFileSync(file, 'utf8')));
      ContractModel.#cache.set(file, model);
    }
    return model;
  }
}
