// Which contract operation a request is: the contract model's one path matcher
// (lib/contract/paths.ts), the same the mock routes with. Path parameters come back decoded.
import { type ContractModel, type ContractOperation, PathMatcher } from '../../lib/contract/index.js';

export interface Match {
  op: ContractOperation;
  params: Record<string, string>;
}

/**
 * `exact`: only the paths the contract writes (no forgiven trailing slash), for judging a
 * deployment; without it, the mock's routing (what the proxy's charge block must see through).
 */
export function operationMatcher(contract: ContractModel, exact = false): (method: string, path: string) => Match | undefined {
  const matcher = new PathMatcher(contract.operations(), { forgiveTrailingSlash: !exact });
  return (method, path) => {
    const m = matcher.match(method, path);
    return m.kind === 'operation' ? { op: m.op, params: m.params } : undefined;
  };
}
