// The README's TypeScript blocks, compiled as a user's modules against the built package: each block
// imports "@xads/types" or "@xads/types/facts" (resolved through the package's own exports to dist/)
// under the package's compiler options. Run after `pnpm build` (turbo's test task depends on it).
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No @types/node here: the files are read through TypeScript's own system interface.
const packageDir = decodeURIComponent(new URL("..", import.meta.url).pathname).replace(/\/$/, "");
const readme = ts.sys.readFile(`${packageDir}/README.md`) ?? "";
const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? "");

/** Compiles `modules` ({ name: source }) as files of test/ and returns each one's diagnostics as text. */
function compile(modules: Record<string, string>): Record<string, string[]> {
  const { config } = ts.readConfigFile(`${packageDir}/tsconfig.json`, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, packageDir);
  const files = new Map(Object.entries(modules).map(([name, text]) => [`${packageDir}/test/${name}.ts`, text]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => files.has(file) || fileExists(file);
  host.readFile = (file) => files.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = files.get(file);
    return text === undefined ? getSourceFile(file, language, ...rest) : ts.createSourceFile(file, text, language);
  };
  const program = ts.createProgram([...files.keys()], { ...options, noEmit: true }, host);
  return Object.fromEntries(
    [...files.keys()].map((file) => [
      file.slice(`${packageDir}/test/`.length, -".ts".length),
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")),
    ]),
  );
}

describe("the README", () => {
  it("has a TypeScript example that imports the package", () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).toMatch(/from "@xads\/types(\/facts)?"/);
  });

  // A whole TypeScript program against the built types: under a second alone, several seconds while
  // `pnpm test` runs the other suites and the type checks beside it on two cores.
  it("compiles, and a wrong use of the same types does not", () => {
    const modules = Object.fromEntries(blocks.map((block, i) => [`readme-${i + 1}`, block]));
    // The controls show that the examples are checked against the real types, not against `any`.
    modules.control = [
      'import type { Ads } from "@xads/types";',
      'const query: Ads.operations["listCampaigns"]["parameters"]["query"] = { count: "200" };',
    ].join("\n");
    modules.factsControl = [
      'import { batchLimits } from "@xads/types/facts";',
      'const perRequest: 41 = batchLimits["/12/batch/accounts/{account_id}/campaigns"].items;',
    ].join("\n");
    const { control, factsControl, ...examples } = compile(modules);
    for (const [name, errors] of Object.entries(examples)) expect(errors, `${name}: ${errors.join("\n")}`).toEqual([]);
    expect(control?.join("\n")).toMatch(/Type 'string' is not assignable to type 'number'/);
    expect(factsControl?.join("\n")).toMatch(/Type '40' is not assignable to type '41'/);
  }, 60_000);
});
