// The client doctor: an observer that keeps the last exchanges of each caller (its credentials) and
// runs the checks of index.ts on every exchange as it ends. Findings name the request, the rule and
// the fix; their ids go on the request's log entry and, when asked for, in a header of its answer.
// What it holds is bounded by counts: HISTORY_SIZE exchanges for each of MAX_CALLERS callers (the
// least recent forgotten first) and MAX_FINDINGS findings, and only what the request log still holds
// (a reset, which empties the log, starts it over).
import { parseAuthorization } from "../auth/oauth1.js";
import { operations } from "../generated/index.js";
import type { Exchange, ExchangeNotes, Observer } from "../observe/exchange.js";
import type { OperationSpec } from "../spec-types.js";
import type { Finding, Seen } from "./finding.js";
import { doctorChecks } from "./index.js";
import { type Observed, observe } from "./observed.js";
import type { DoctorTenant } from "./secrets.js";
import { secretsOf } from "./secrets.js";

export type { DoctorTenant } from "./secrets.js";

export const DOCTOR_HEADER = "x-xads-emulator-doctor";
export const HISTORY_SIZE = 50;
export const MAX_CALLERS = 100;
export const MAX_FINDINGS = 1000;

export interface DoctorOptions {
  /** Add `x-xads-emulator-doctor: <finding ids>` to the answer of a request that showed a finding. */
  header?: boolean;
}

/** What the doctor holds, for a caller that checks it stays bounded. */
export interface DoctorHolding {
  callers: number;
  exchanges: number;
  findings: number;
}

interface Found {
  tenant: string;
  sequence: number;
  finding: Finding;
}

const operationsById = new Map<string, OperationSpec>(operations.map((operation) => [operation.id, operation]));

/** The query's parameters, then a form body's (ordinary POST and PUT parameters travel either way). */
function paramsOf(exchange: Exchange, url: URL): URLSearchParams {
  const params = new URLSearchParams(url.search);
  const form = /application\/x-www-form-urlencoded/i.test(exchange.requestHeaders["content-type"] ?? "");
  if (form && exchange.requestBody)
    for (const [key, value] of new URLSearchParams(exchange.requestBody)) params.append(key, value);
  return params;
}

/** Who sent it: the consumer key and token it names, or its other credentials, within its tenant. */
function callerOf(exchange: Exchange, oauth: Readonly<Record<string, string>> | undefined): string {
  const who = oauth
    ? `oauth ${oauth.oauth_consumer_key ?? ""} ${oauth.oauth_token ?? ""}`
    : (exchange.requestHeaders.authorization ?? "anonymous");
  return `${exchange.tenant}\n${who.slice(0, 512)}`;
}

export class Doctor implements Observer {
  private readonly histories = new Map<string, Observed[]>();
  private readonly found: Found[] = [];

  /** `tenantOf`: a tenant's request log and credentials (its runtime), undefined once it is deleted. */
  constructor(
    private readonly options: DoctorOptions,
    private readonly tenantOf: (tenant: string) => DoctorTenant | undefined,
  ) {}

  exchange(exchange: Exchange): ExchangeNotes | undefined {
    const { sequence } = exchange;
    const runtime = this.tenantOf(exchange.tenant);
    if (sequence === undefined || !runtime) return undefined;
    const url = new URL(exchange.url);
    const operation = exchange.operationId === null ? undefined : operationsById.get(exchange.operationId);
    const params = paramsOf(exchange, url);
    const oauth = parseAuthorization(exchange.requestHeaders.authorization ?? null);
    const current = observe(exchange, sequence, operation, url, params);
    const history = this.historyOf(callerOf(exchange, oauth), runtime.log.firstSequence);
    let known: readonly string[] | undefined;
    const secrets = () => {
      known ??= secretsOf(runtime, oauth);
      return known;
    };
    const seen: Seen = { exchange, current, history, operation, url, params, oauth, secrets };
    const findings: Finding[] = [];
    for (const check of doctorChecks) {
      const hit = check.detect(seen);
      if (!hit) continue;
      findings.push({
        id: check.id,
        severity: hit.severity,
        request: { index: 0, at: exchange.at, method: exchange.method, path: redacted(url.pathname, secrets()) },
        rule: hit.rule ?? check.rule,
        fix: redacted(hit.fix, secrets()),
      });
    }
    history.push(current);
    if (history.length > HISTORY_SIZE) history.shift();
    if (findings.length === 0) return undefined;
    for (const finding of findings) this.found.push({ tenant: exchange.tenant, sequence, finding });
    if (this.found.length > MAX_FINDINGS) this.found.splice(0, this.found.length - MAX_FINDINGS);
    const ids = findings.map((finding) => finding.id);
    return { findings: ids, ...(this.options.header ? { headers: { [DOCTOR_HEADER]: ids.join(", ") } } : {}) };
  }

  /** A tenant's findings on the requests its log still holds, oldest first, `index` their place in `requests`. */
  findings(tenant: string): Finding[] {
    const first = this.tenantOf(tenant)?.log.firstSequence;
    if (first === undefined) return [];
    return this.found
      .filter((found) => found.tenant === tenant && found.sequence >= first)
      .map(({ sequence, finding }) => ({
        ...finding,
        request: { ...finding.request, index: sequence - first },
        rule: { ...finding.rule },
      }));
  }

  holding(): DoctorHolding {
    let exchanges = 0;
    for (const history of this.histories.values()) exchanges += history.length;
    return { callers: this.histories.size, exchanges, findings: this.found.length };
  }

  /** The caller's history, most recent caller last, without what the log no longer holds (reset or wrapped). */
  private historyOf(caller: string, firstSequence: number): Observed[] {
    const history = this.histories.get(caller) ?? [];
    this.histories.delete(caller);
    this.histories.set(caller, history);
    if (this.histories.size > MAX_CALLERS) {
      const oldest = this.histories.keys().next().value;
      if (oldest !== undefined) this.histories.delete(oldest);
    }
    while (history.length > 0 && (history[0]?.sequence ?? 0) < firstSequence) history.shift();
    return history;
  }
}

/** A path that carried a secret (secret-leaked) is reported without it, and so is a fix that names it. */
function redacted(text: string, secrets: readonly string[]): string {
  let safe = text;
  for (const secret of secrets) safe = safe.split(secret).join("[secret]");
  return safe;
}

/** The doctor `createEmulator({ doctor })` asks for, or undefined when it is off. */
export function createDoctor(
  options: boolean | DoctorOptions | undefined,
  tenantOf: (tenant: string) => DoctorTenant | undefined,
): Doctor | undefined {
  if (!options) return undefined;
  return new Doctor(options === true ? {} : options, tenantOf);
}

/** `emu.findings(tenant)`: the doctor's findings; a doctor that is off says how to turn it on. */
export function findingsOf(doctor: Doctor | undefined, tenant: string): Finding[] {
  if (!doctor)
    throw new TypeError("the client doctor is off: createEmulator({ doctor: true }), or xads-emulator --doctor");
  return doctor.findings(tenant);
}
