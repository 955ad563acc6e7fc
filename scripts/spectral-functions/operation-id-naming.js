// House rule: operationIds are lowerCamelCase and start with one of the house verbs, so that the
// generated client reads as English (getFacelessVideo, renderBRollVideo, listCreditHistory).
export const VERBS = [
  'get',
  'list',
  'create',
  'update',
  'delete',
  'generate',
  'estimate',
  'render',
  'retry',
  'export',
  'scrape',
  'upload',
  'regenerate',
  'add',
  'sort',
  'set',
  'chain',
  'discover',
  'preview',
  'train',
];
const PATTERN = new RegExp(`^(${VERBS.join('|')})[A-Z][A-Za-z0-9]*$`);

export default function operationIdNaming(operationId) {
  if (typeof operationId !== 'string' || !PATTERN.test(operationId)) {
    return [{ message: `operationId "${operationId}" must be lowerCamelCase starting with one of: ${VERBS.join(', ')}.` }];
  }
  return [];
}
