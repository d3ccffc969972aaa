// The program an entry runs: the harness's esbuild plugin resolves this name to smoke/program.ts or
// another program of smoke/, so each entry shape is written once for every program.
declare module "xads-smoke:program" {
  export function run(): Promise<import("./report.js").SmokeReport>;
}
