// House rule: responses every endpoint can return (source: "Every endpoint can return 401, 405,
// 409 (email not verified), 429") are documented on every operation.
export default function hasRequiredResponses(operation, options) {
  const responses = operation?.responses ?? {};
  return (options?.codes ?? [])
    .filter((code) => !(code in responses))
    .map((code) => ({ message: `Operation does not document ${code}.`, path: ['responses'] }));
}
