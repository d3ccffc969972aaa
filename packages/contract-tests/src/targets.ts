/**
 * Where a document's suite sends its requests: a Prism mock started for the run, the emulator behind
 * `prism proxy --errors` (the emulator project), or a real host.
 */
export interface Target {
  name: string;
  url: string;
  /** True for the Prism mock: mock-only cases (errors chosen with `Prefer`) run only there. */
  mock: boolean;
  /**
   * The emulator itself, for the emulator project: requests meant to be rejected go there, since the
   * proxy answers an invalid request itself (422) and never forwards it; `url` is the proxy.
   */
  direct?: string;
}

/** `XADS_TARGET_<NAME>` (e.g. XADS_TARGET_ADS=https://ads-api-sandbox.x.com) sends a suite to a real host. */
export function realTargetUrl(name: string): string | undefined {
  const key = `XADS_TARGET_${name.toUpperCase().replaceAll("-", "_")}`;
  return process.env[key] || undefined;
}

declare module "vitest" {
  export interface ProvidedContext {
    targets: Target[];
  }
}
