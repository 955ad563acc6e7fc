// Which contract operation a request is: method plus path template, literal segments before
// parameters (/faceless/options is not /faceless/{faceless}). Path parameters come back decoded.
import type { Contract, ContractOperation as Operation } from '../../lib/contract/index.js';

export interface Match {
  op: Operation;
  params: Record<string, string>;
}

export function operationMatcher(contract: Contract): (method: string, path: string) => Match | undefined {
  const compiled = [...contract.operations.values()]
    .map((op) => {
      const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const source = op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)');
      return { op, names, re: new RegExp(`^${source}/?$`) };
    })
    .sort((a, b) => a.names.length - b.names.length);
  return (method, path) => {
    const lower = method.toLowerCase();
    for (const c of compiled) {
      if (c.op.method !== lower) continue;
      const m = c.re.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      c.names.forEach((name, i) => {
        try {
          params[name] = decodeURIComponent(m[i + 1]);
        } catch {
          params[name] = m[i + 1];
        }
      });
      return { op: c.op, params };
    }
    return undefined;
  };
}
