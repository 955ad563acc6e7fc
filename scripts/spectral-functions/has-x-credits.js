// House rule: every operation says whether it charges credits, so the client, the mock and the
// conformance filter can read it instead of keeping their own list.
export default function hasXCredits(operation) {
  const credits = operation?.['x-credits'];
  if (!credits || typeof credits !== 'object') return [{ message: 'Operation has no x-credits.' }];
  if (typeof credits.charges !== 'boolean') {
    return [{ message: 'x-credits.charges must be a boolean.', path: ['x-credits', 'charges'] }];
  }
  if ('cost' in credits && !Number.isInteger(credits.cost)) {
    return [{ message: 'x-credits.cost must be an integer number of credits.', path: ['x-credits', 'cost'] }];
  }
  return [];
}
