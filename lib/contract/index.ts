// The contract model: import from here (`lib/contract/index.js`), not from the files inside.
export * from './model.js';
export * from './openapi.js';
export * from './pointer.js';
export { checkExtensions, extensionOccurrences, formatProblems, EXTENSIONS, EXTENSIONS_DIR, type ExtensionName, type ExtensionProblem } from './extensions.js';
export type * from '../../generated/extensions.js';
