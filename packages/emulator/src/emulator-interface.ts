// The emulator's interface, apart from createEmulator so that the controls (admin/) can name it
// without importing the module that imports them.
import type { Clock } from "./clock.js";
import type { Fault, FaultInput } from "./faults.js";
import type { Fixture } from "./fixture.js";
import type { Observer } from "./observe/exchange.js";
import type { LoggedRequest } from "./request-log.js";
import type { ListenOptions, Served } from "./serve.js";
import type { Snapshot } from "./snapshot.js";

export interface Emulator {
  readonly fixture: Fixture;
  /** fetch-compatible: routes by path, whatever the host. */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  listen(options?: ListenOptions): Promise<Served>;
  /** Back to the start: the fixture's records and credentials, the clock at its start. */
  reset(): void;
  readonly clock: Clock;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
  readonly faults: { add(fault: FaultInput): Fault; list(): Fault[]; clear(): void };
  /** The request log, oldest first. */
  readonly requests: LoggedRequest[];
  /**
   * Attaches an observer that sees every exchange as it ends (what was asked, what was answered, the
   * state rules it ran); answers a function that detaches it.
   */
  observe(observer: Observer): () => void;
}
