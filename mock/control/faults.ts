// Faults set through POST /__mock/faults: the next `count` API calls matching an operationId (or
// `*`) and, optionally, a token wait `delayMs` and/or answer `status`. Oldest fault first; a call
// uses at most one fault.
export interface FaultInput {
  operationId: string;
  status?: number;
  count?: number;
  delayMs?: number;
  token?: string;
}

export interface Fault {
  id: number;
  operationId: string;
  status?: number;
  remaining: number;
  delayMs: number;
  token?: string;
}

export class Faults {
  private faults: Fault[] = [];
  private nextId = 1;

  add(input: FaultInput): Fault {
    const fault: Fault = {
      id: this.nextId++,
      operationId: input.operationId,
      ...(input.status !== undefined ? { status: input.status } : {}),
      remaining: input.count ?? 1,
      delayMs: input.delayMs ?? 0,
      ...(input.token !== undefined ? { token: input.token } : {}),
    };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** Removes every fault (or those aimed at one token); returns how many. */
  clear(token?: string): number {
    const before = this.faults.length;
    this.faults = token === undefined ? [] : this.faults.filter((fault) => fault.token !== token);
    return before - this.faults.length;
  }

  /** The fault this call uses up, if any. */
  take(operationId: string | undefined, token: string | undefined): Fault | undefined {
    const fault = this.faults.find(
      (f) => (f.operationId === '*' || f.operationId === operationId) && (f.token === undefined || f.token === token),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }
}
