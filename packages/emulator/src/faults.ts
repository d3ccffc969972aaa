// Injected faults: for requests to an operation (or any, with "*"), answer a status, drop the
// connection or wait first, a given number of times; or make the next uploads' processing fail.

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
  /** Drop the connection instead of answering: a served port destroys the socket, `fetch` rejects. */
  drop?: boolean;
  /**
   * "failed": the next `times` uploads finalized through `operationId` (uploadMedia,
   * finalizeMediaUpload or "*") end their processing in `state: failed`; the request itself succeeds.
   */
  processing?: "failed";
}

export interface Fault extends Required<Omit<FaultInput, "status" | "processing">> {
  id: number;
  status: number | null;
  processing: "failed" | null;
}

export class Faults {
  private next = 1;
  private faults: Fault[] = [];

  add(input: FaultInput): Fault {
    if (typeof input?.operationId !== "string") throw new TypeError('a fault needs an operationId (or "*")');
    if (input.processing !== undefined && input.processing !== "failed")
      throw new TypeError('a fault\'s processing is "failed"');
    const fault: Fault = {
      id: this.next++,
      operationId: input.operationId,
      status: input.status ?? null,
      times: input.times ?? 1,
      delayMs: input.delayMs ?? 0,
      retryAfter: input.retryAfter ?? 1,
      drop: input.drop === true,
      processing: input.processing === "failed" ? "failed" : null,
    };
    this.faults.push(fault);
    return fault;
  }

  /** The first request fault for this operation, used up once. */
  take(operationId: string): Fault | undefined {
    return this.use((f) => f.processing === null && (f.operationId === "*" || f.operationId === operationId));
  }

  /** The first processing fault for an upload finalized through this operation, used up once. */
  takeProcessing(operationId: string): Fault | undefined {
    return this.use((f) => f.processing !== null && (f.operationId === "*" || f.operationId === operationId));
  }

  private use(matches: (fault: Fault) => boolean): Fault | undefined {
    const fault = this.faults.find((f) => f.times > 0 && matches(f));
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
