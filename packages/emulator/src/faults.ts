// Injected faults: for requests to an operation (or any, with "*"), answer a status or wait first, a
// given number of times.

export interface FaultInput {
  /** The operation to disturb, or "*" for every one. */
  operationId: string;
  /** The status to answer (429, 500, 503...); without one the request is only delayed. */
  status?: number;
  /** How many matching requests it applies to (default 1; Infinity for all). */
  times?: number;
  delayMs?: number;
  /** The retry-after seconds of a 503 (default 1). */
  retryAfter?: number;
}

export interface Fault extends Required<Omit<FaultInput, "status">> {
  id: number;
  status: number | null;
}

export class Faults {
  private next = 1;
  private faults: Fault[] = [];

  add(input: FaultInput): Fault {
    if (typeof input?.operationId !== "string") throw new TypeError('a fault needs an operationId (or "*")');
    const fault: Fault = {
      id: this.next++,
      operationId: input.operationId,
      status: input.status ?? null,
      times: input.times ?? 1,
      delayMs: input.delayMs ?? 0,
      retryAfter: input.retryAfter ?? 1,
    };
    this.faults.push(fault);
    return fault;
  }

  /** The first fault for this operation, used up once. */
  take(operationId: string): Fault | undefined {
    const fault = this.faults.find((f) => f.times > 0 && (f.operationId === "*" || f.operationId === operationId));
    if (!fault) return undefined;
    fault.times--;
    if (fault.times <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear() {
    this.faults = [];
  }
}
