// Which contract operation a method and a path below the base path are: the matcher of the
// contract's router (lib/contract/request.ts), the one the mock routes with. The charge block asks
// it once per method a request may mean (the method and its override headers), and the recorder and
// the target-error list ask it for an exchange the checker never judged. Path parameters come back decoded.
import { type ContractModel, type ContractOperation, RequestRouter } from '../../lib/contract/index.js';

export interface Match {
  op: ContractOperation;
  params: Record<string, string>;
}

/**
 * The mock's routing (a trailing slash forgiven): what the proxy's charge block must see through.
 * An exchange is judged by the checker's own router over the paths the contract writes exactly.
 */
export function operationMatcher(contract: ContractModel): (method: string, path: string) => Match | undefined {
  const { matcher } = new RequestRouter(contract.operations(), '');
  return (method, path) => {
    const m = matcher.match(method, path);
    return m.kind === 'operation' ? { op: m.op, params: m.params } : undefined;
  };
}
