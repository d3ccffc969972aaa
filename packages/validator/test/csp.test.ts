// The built output runs under a strict Content-Security-Policy: no eval, no new Function, and no
// import of Ajv (whose compiler uses new Function) or of any other package.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = join(dirname(fileURLToPath(import.meta.url)), "../dist");

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith(".js") ? [path] : [];
  });
}

describe("built output", () => {
  const files = jsFiles(dist);

  it("holds the operation modules, the shared module and both entries (run the build first)", () => {
    const operations = files.filter((f) => f.includes(join("generated", "operations")));
    expect(operations.length).toBeGreaterThan(100);
    for (const entry of ["index.js", "node.js", join("generated", "shared.js")])
      expect(files.some((f) => f.endsWith(join("dist", entry)))).toBe(true);
  });

  it("contains no eval, new Function or string timers", () => {
    const offenders = files.filter((file) => {
      const code = readFileSync(file, "utf8");
      return /\beval\s*\(|\bnew\s+Function\b|\bFunction\s*\(|set(?:Timeout|Interval)\s*\(\s*["'`]/.test(code);
    });
    expect(offenders).toEqual([]);
  });

  it("imports only its own modules (no Ajv, no require)", () => {
    const external = files.flatMap((file) => {
      const code = readFileSync(file, "utf8");
      const specifiers = [
        ...code.matchAll(/(?:import|export)[^"';]*?from\s*["']([^"']+)["']|require\(\s*["']([^"']+)["']/g),
      ].map((m) => m[1] ?? m[2]);
      return specifiers.filter((s) => !s?.startsWith(".")).map((s) => `${file}: ${s}`);
    });
    expect(external).toEqual([]);
  });
});
