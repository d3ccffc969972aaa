/** Where a document's suite sends its requests: a Prism mock started for the run, or a real host. */
export interface Target {
  name: string;
  url: string;
  /** True for the Prism mock: mock-only cases (errors chosen with `Prefer`) run only there. */
  mock: boolean;
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
