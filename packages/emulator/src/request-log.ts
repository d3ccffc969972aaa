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
  /** The client doctor's findings on this request, by id (doctor/). */
  findings?: string[];
}

/** A ring of the last `size` entries: adding one costs the same however full it is. */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  private next = 0;
  /** Entries added since the start, cleared ones too: the next entry's sequence number. */
  private added = 0;

  constructor(private readonly size: number) {}

  /** Answers the entry's sequence number: `list()[sequence - firstSequence]` while it is held. */
  add(entry: LoggedRequest): number {
    const sequence = this.added++;
    if (this.size <= 0) return sequence;
    if (this.entries.length < this.size) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.size;
    return sequence;
  }

  /** The sequence number of the oldest entry held (of the next one when none is). */
  get firstSequence(): number {
    return this.added - this.entries.length;
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
