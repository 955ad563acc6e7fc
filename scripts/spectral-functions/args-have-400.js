// House rule: an operation that takes arguments (a path or query parameter, or a request body)
// documents 400 GEN-WRONG-ARGS, the source's code for malformed arguments.
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export default function argsHave400(paths) {
  const results = [];
  for (const [path, item] of Object.entries(paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const takesArgs =
        (item.parameters ?? []).length > 0 || (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined;
      if (takesArgs && !('400' in (operation.responses ?? {}))) {
        results.push({
          message: `${method.toUpperCase()} ${path} takes arguments but documents no 400 (GEN-WRONG-ARGS).`,
          path: [path, method, 'responses'],
        });
      }
    }
  }
  return results;
}
