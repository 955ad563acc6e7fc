// House rule: an operation on a path with a parameter (an id) documents 404 GEN-NOT-FOUND.
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export default function idPathsHave404(paths) {
  const results = [];
  for (const [path, item] of Object.entries(paths ?? {})) {
    if (!path.includes('{')) continue;
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation && !('404' in (operation.responses ?? {}))) {
        results.push({ message: `${method.toUpperCase()} ${path} has a path parameter but no 404.`, path: [path, method, 'responses'] });
      }
    }
  }
  return results;
}
