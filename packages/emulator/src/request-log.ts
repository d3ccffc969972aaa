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
  /** For a failed OAuth 1.0a signature: which signature the client made (auth/signature-hints.ts). */
  signatureHint?: string;
}

/** A ring of the last `size` entries: adding one costs the same however full it is. */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  private next = 0;

  constructor(private readonly size: number) {}

  add(entry: LoggedRequest) {
    if (this.size <= 0) return;
    if (this.entries.length < this.size) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.size;
  }

  list(): LoggedRequest[] {
    if (this.entries.length < this.size) return [...this.entries];
    return [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }

  clear() {
    this.entries = [];
    this.next = 0;
  }
}
