// Which runtime runs this bundle, from the globals each one defines. Bun and Deno also define
// `process.versions.node`, so they are asked first.
interface RuntimeGlobals {
  Bun?: { version: string };
  Deno?: { version: { deno: string } };
  process?: { versions?: { node?: string } };
  navigator?: { userAgent?: string };
}

export function runtimeName(): string {
  const runtime = globalThis as unknown as RuntimeGlobals;
  if (runtime.Bun) return `bun ${runtime.Bun.version}`;
  if (runtime.Deno) return `deno ${runtime.Deno.version.deno}`;
  const userAgent = runtime.navigator?.userAgent ?? "";
  if (userAgent === "Cloudflare-Workers") return "workerd";
  const node = runtime.process?.versions?.node;
  if (node) return `node ${node}`;
  const chrome = /Chrome\/([\d.]+)/.exec(userAgent);
  if (chrome) return `chromium ${chrome[1]}`;
  return `unknown (${userAgent || "no navigator.userAgent"})`;
}
