// The emulator's interface, apart from createEmulator so that the controls (admin/) can name it
// without importing the module that imports them.
import type { Coverage } from "./api-coverage/coverage.js";
import type { Clock } from "./clock.js";
import type { Finding } from "./doctor/finding.js";
import type { Fault, FaultInput } from "./faults.js";
import type { Fixture } from "./fixture.js";
import type { Observer } from "./observe/exchange.js";
import type { RecordingHandle } from "./recording/har.js";
import type { LoggedRequest } from "./request-log.js";
import type { ListenOptions, Served } from "./serve.js";
import type { Snapshot } from "./snapshot.js";

/** One tenant's emulator: its credentials and records, its clock, faults and request log. */
export interface TenantEmulator {
  /** The tenant's id: "default" for the fixture's. */
  readonly tenant: string;
  readonly fixture: Fixture;
  /** fetch-compatible: routes by path, whatever the host. */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** Back to the start: the fixture's records and credentials, the clock at its start. */
  reset(): void;
  readonly clock: Clock;
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
  readonly faults: { add(fault: FaultInput): Fault; list(): Fault[]; clear(): void };
  /** The request log, oldest first. */
  readonly requests: LoggedRequest[];
}

/** The emulator: its default tenant (the fixture's), its other tenants, serving and observers. */
export interface Emulator extends TenantEmulator {
  listen(options?: ListenOptions): Promise<Served>;
  /**
   * Attaches an observer that sees every exchange as it ends (what was asked, what was answered, the
   * state rules it ran); answers a function that detaches it.
   */
  observe(observer: Observer): () => void;
  /**
   * Starts a flight recording of this emulator (its start and every exchange, credentials redacted);
   * `stop()` answers it as JSON data (HAR 1.2 with `_xads`).
   */
  record(): RecordingHandle;
  /**
   * The coverage of the API's rules by the traffic since the emulator was made (every tenant; `reset()`
   * keeps it): `coverage()` answers the report, `coverage.reset()` starts it again.
   */
  readonly coverage: Coverage;
  /**
   * The client doctor's findings (`createEmulator({ doctor: true })`) on the requests the tenant's log
   * holds (default: the default tenant's), oldest first; throws when the doctor is off.
   */
  findings(tenant?: string): Finding[];
  /**
   * Isolated tenants for parallel test workers: each has fresh credentials and its own records, id
   * sequence, clock, rate-limit windows, faults and log. A request goes to the tenant whose consumer
   * key (or bearer token) it carries; to the default tenant otherwise.
   */
  readonly tenants: {
    create(): TenantEmulator;
    get(id: string): TenantEmulator | undefined;
    delete(id: string): boolean;
    ids(): string[];
  };
}
