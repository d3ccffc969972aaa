// The program every openapi-fetch user writes compiles for every operation of every document, with
// `data` narrowed and `error` never a string: consumer/generated/every-operation.ts (generated from
// the spec by scripts/generate-type-test.mjs) is compiled as a consumer sees the package (dist/, with
// @xads/types and openapi-fetch from node_modules, no skipLibCheck) under strict,
// exactOptionalPropertyTypes and noUncheckedIndexedAccess, with module nodenext and bundler, on the
// oldest and the newest TypeScript the package supports (peerDependencies). One tsc per setting.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { outFile, typeTestSource } from "../scripts/generate-type-test.mjs";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  peerDependencies: Record<string, string>;
};

/** The TypeScript packages installed for the check: the newest (the catalog's) and the oldest supported. */
const compilers = ["typescript", "typescript-oldest"].map((name) => {
  const manifest = require.resolve(`${name}/package.json`);
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { version, tsc: join(dirname(manifest), "bin", "tsc") };
});

const modules = [
  { module: "nodenext", moduleResolution: "nodenext" },
  { module: "esnext", moduleResolution: "bundler" },
] as const;

const work = mkdtempSync(join(tmpdir(), "xads-type-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("every operation's program (consumer/generated/every-operation.ts)", () => {
  it("is the one the spec generates (run `pnpm --filter @xads/client generate:type-test`)", () => {
    expect(readFileSync(outFile, "utf8")).toBe(typeTestSource());
  });

  it("tests the range peerDependencies states", () => {
    const [newest, oldest] = compilers.map((c) => c.version.split(".").slice(0, 2).join("."));
    expect(packageJson.peerDependencies.typescript).toBe(`>=${oldest} <6`);
    expect(newest?.startsWith("5.")).toBe(true);
  });

  describe.concurrent("compiles against the built package", () => {
    for (const { version, tsc } of compilers) {
      for (const { module, moduleResolution } of modules) {
        it(`TypeScript ${version}, module ${module} (${moduleResolution})`, { timeout: 180_000 }, async () => {
          const config = join(work, `tsconfig.${version}.${moduleResolution}.json`);
          const compilerOptions = {
            strict: true,
            exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true,
            skipLibCheck: false,
            module,
            moduleResolution,
            target: "es2022",
            lib: ["es2022", "dom"],
            types: [],
            noEmit: true,
          };
          writeFileSync(config, JSON.stringify({ compilerOptions, files: [outFile] }));
          const output = await run(process.execPath, [tsc, "-p", config, "--pretty", "false"], {
            maxBuffer: 16 * 1024 * 1024,
          }).then(
            () => "",
            (error: { stdout?: string; stderr?: string; message: string }) =>
              `${error.stdout ?? ""}${error.stderr ?? ""}` || error.message,
          );
          expect(output).toBe("");
        });
      }
    }
  });
});
