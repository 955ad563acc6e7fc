// The contract model: import from here (`lib/contract/index.js`), not from the files inside.
export * from './model.js';
export * from './openapi.js';
export * from './pointer.js';
export {
  describeRelaxations,
  hasUnspecified,
  isGuessedBodyPlace,
  isGuessedMissingBody,
  declaredPropertyNames,
  isGuessedOperation,
  isGuessedParameter,
  isGuessedViolation,
  relaxations,
  type Relaxation,
} from './leniency.js';
export { UNCONFIRMED_LABEL, unconfirmedNote, withUnconfirmedNotes } from './unconfirmed.js';
export {
  checkExtensions,
  extensionOccurrences,
  extensionSchema,
  formatProblems,
  schemaFile,
  EXTENSIONS,
  EXTENSIONS_DIR,
  type ExtensionName,
  type ExtensionProblem,
  type ExtensionSchemaText,
} from './extensions.js';
export type * from '../../generated/extensions.js';
export {
  Lifecycle,
  lifecycles,
  machinePolledBy,
  machinesOf,
  machinesTriggeredBy,
  type Outcome,
  type StatusPlace,
} from './lifecycle.js';
export { fillPath, PathMatcher, type PathMatcherOptions, type RouteMatch, type Routable } from './paths.js';
export {
  basePathOf,
  itemCollection,
  safeDecode,
  substituteParams,
  templateCollections,
  templateParams,
  templateSegments,
  templateValues,
  type TemplateSegment,
} from './templates.js';
export { canonicalPath, type CanonicalPath } from './canonical-path.js';
export { newAjv, type AjvError, type AjvInstance, type AjvOptions, type ValidateFunction } from './ajv.js';
export { PATTERN_FALLBACK, PATTERN_MESSAGE, schemaErrorMessage } from './schema-messages.js';
export { headerMediaType, mediaMatches, mediaTypeCovers, parseMediaType } from './media-type.js';
export {
  type ApiRequest,
  type RawRequest,
  RequestRouter,
  routeRequest,
  singleHeaders,
} from './request.js';
export { formBoolean, RequestCheck, type RequestInput } from './request-check.js';
export { defaultStyle, explodesByDefault, queryOf } from './serialisation.js';
export { Validators } from './validators.js';
export {
  checkAnswer,
  documentedResponse,
  type ObservedAnswer,
  type AnswerCheck,
  type ParsedBody,
  parseJsonBody,
  type AnswerFinding,
  type SchemaProblem,
} from './response-check.js';
export {
  capErrors,
  MAX_ERROR_FIELDS,
  MORE_ERRORS_KEY,
  requestErrorsMap,
  toViolations,
  type RequestPart,
  type RequestViolation,
} from './violations.js';
export { authorizationCheck, type AuthorizationCheck } from './security.js';
export { type RefusedUrl, type RefusedUrls, refusalOf, refusedUrlSpellings } from './refused-urls.js';
export {
  type RuleFamily,
  type StatedRule,
  type StateRefusal,
  statedRules,
  stateRefusals,
} from './stated-rules.js';
export { indefiniteArticle, withArticle } from './article.js';
