// Which contract operation a request is: the contract model's one path matcher
// (lib/contract/paths.ts), the same the mock routes with. Path parameters come back decoded.
import { type Contract, type ContractOperation as Operation, PathMatcher } from '../../lib/contract/index.js';

export interface Match {
  op: Operation;
  params: Record<string, string>;
}

export function operationMatcher(contract: Contract): (method: string, path: string) => Match | undefined {
  const matcher = new PathMatcher(contract.operations.values());
  return (method, path) => {
    const m = matcher.match(method, path);
    return m.kind === 'operation' ? { op: m.op, params: m.params } : undefined;
  };
}
