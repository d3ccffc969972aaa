// The last requests, newest last, at most `size` of them.

export interface LoggedRequest {
  /** On the emulator's clock, ms. */
  at: number;
  method: string;
  url: string;
  operationId: string | null;
  status: number;
  /** Real time spent, ms. */
  durationMs: number;
  /** An internal error's message and stack, for a 500 INTERNAL_ERROR. */
  error?: string;
}

export class RequestLog {
  private entries: LoggedRequest[] = [];

  constructor(private readonly size: number) {}

  add(entry: LoggedRequest) {
    this.entries.push(entry);
    if (this.entries.length > this.size) this.entries.splice(0, this.entries.length - this.size);
  }

  list(): LoggedRequest[] {
    return [...this.entries];
  }

  clear() {
    this.entries = [];
  }
}
