// The README's ```ts blocks type-check under the package's strict settings (tsconfig.json), as written.
// test/readme-examples.test.ts runs them (transpiled, not checked); here each block becomes a virtual
// module: the names the README leaves to the reader, typed (PRELUDE, and the value exports of
// "@xads/client"), then the block as written, then `export {}`. All of them are checked in one program
// whose "@xads/client", "@xads/client/operations", "@xads/client/sign-proxy" and "@xads/client/signing-fetch" are the package's
// source and whose "@xads/emulator" and "@xads/validator" are the built packages (node_modules).
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import * as client from "../src/index.js";
import { type Block, topLevelNames, tsBlocks } from "./support/readme-blocks.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const README = join(PACKAGE, "README.md");

/**
 * What the README leaves to the reader besides the value exports of "@xads/client", with its type: the
 * names test/readme-examples.test.ts defines at run time (from the emulator's fixture).
 */
const PRELUDE: Record<string, string> = {
  consumerKey: "string",
  consumerSecret: "string",
  token: "string",
  tokenSecret: "string",
  oauth1: 'import("@xads/client").OAuth1Credentials',
  credentials: 'import("@xads/client/sign-proxy").ProxyCredentials',
  ownerToken: "string",
  ownerTokenSecret: "string",
  fundingInstrumentId: "string",
  ads: 'import("@xads/client").AdsClient',
  operations: 'import("@xads/client").BatchItem<"/12/batch/accounts/{account_id}/campaigns">[]',
  videoBytes: "Uint8Array",
  metrics: "{ gauge(name: string, value: number): void }",
  console: "Console",
  verifier: "string",
  emulator: 'import("@xads/emulator").Emulator',
};

/** The value exports of "@xads/client": a block may use them without importing them (after the first block). */
const CLIENT_EXPORTS = new Set(Object.keys(client));

/** The blocks checked, by heading. */
const CHECKED = [
  "@xads/client",
  "@xads/client (2)",
  "1. OAuth 1.0a signing",
  "2. Auth flows",
  "3. Cursor paging",
  "4. Batches",
  "5. Errors",
  "5. Errors (2)",
  "5. Errors (3)",
  "6. Rate limits and retries",
  "7. Uploads",
  "8. Audience identifiers",
  "9. Validation",
  "10. Signing proxy (`xads-sign-proxy`)",
  "10. Signing proxy (`xads-sign-proxy`) (2)",
  "11. Waiting for processing",
  "12. Named operations",
  "13. Node transport",
  "14. Rate-limit scheduler",
  "15. Layers",
];

/**
 * Blocks that are not TypeScript programs (fragments), by heading, with the reason. Each is checked and
 * must still fail, so that one that compiles fails here until it moves to CHECKED.
 */
const FRAGMENTS: Record<string, string> = {};

/** The names a block uses as values or types, property names left out (over-approximated: any scope). */
function usedNames(code: string): Set<string> {
  const source = ts.createSourceFile("block.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const propertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isPropertyDeclaration(parent)) &&
          parent.name === node) ||
        (ts.isBindingElement(parent) && parent.propertyName === node) ||
        (ts.isQualifiedName(parent) && parent.right === node);
      if (!propertyName) names.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The block as a module: the prelude it needs, the block as written, `export {}`; and the prelude's line count. */
function moduleOf(block: Block): { text: string; preludeLines: number } {
  const { imported, declared } = topLevelNames(block.code);
  const free = [...usedNames(block.code)].filter((name) => !imported.has(name) && !declared.has(name));
  const fromClient = free.filter((name) => CLIENT_EXPORTS.has(name));
  const prelude = [
    ...(fromClient.length > 0 ? [`import { ${fromClient.join(", ")} } from "@xads/client";`] : []),
    ...free.flatMap((name) => (PRELUDE[name] ? [`declare const ${name}: ${PRELUDE[name]};`] : [])),
  ];
  return { text: [...prelude, block.code, "export {};", ""].join("\n"), preludeLines: prelude.length };
}

function compilerOptions(): ts.CompilerOptions {
  const configFile = join(PACKAGE, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configFile, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const json = {
    ...config,
    compilerOptions: {
      ...config.compilerOptions,
      noEmit: true,
      paths: {
        "@xads/client": ["./src/index.ts"],
        "@xads/client/operations": ["./src/operations.ts"],
        "@xads/client/sign-proxy": ["./src/sign-proxy/index.ts"],
        "@xads/client/signing-fetch": ["./src/sign-proxy/signing-fetch.ts"],
        "@xads/client/node": ["./src/node/index.ts"],
      },
    },
  };
  const parsed = ts.parseJsonConfigFileContent(json, ts.sys, PACKAGE, undefined, configFile);
  if (parsed.errors.length > 0) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost));
  return parsed.options;
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => PACKAGE,
  getNewLine: () => "\n",
};

/** The parsed files of the package, its dependencies and the libs, shared by the programs of this file. */
const sourceFiles = new Map<string, ts.SourceFile>();

/**
 * Type-checks the blocks in one program. Answers each block's diagnostics as `<id>: line N: message` (N
 * the line in the block as the README shows it), and under "" those of the program itself (options,
 * globals).
 */
function typeCheck(blocks: Block[]): Map<string, string[]> {
  const options = compilerOptions();
  const virtual = new Map(
    blocks.map((block, i) => [join(PACKAGE, "test", `readme-block-${i}.ts`), { block, ...moduleOf(block) }]),
  );
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name)?.text ?? readFile.call(host, name);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const own = virtual.get(name);
    if (own) return ts.createSourceFile(name, own.text, languageVersion, true);
    const cached = sourceFiles.get(name);
    if (cached) return cached;
    const file = getSourceFile.call(host, name, languageVersion, onError, shouldCreate);
    if (file) sourceFiles.set(name, file);
    return file;
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });

  const answer = new Map<string, string[]>();
  answer.set(
    "",
    [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((d) =>
      ts.formatDiagnostic(d, formatHost).trim(),
    ),
  );
  for (const [name, { block, preludeLines }] of virtual) {
    const file = program.getSourceFile(name);
    if (!file) throw new Error(`${block.id}: not in the program`);
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    answer.set(
      block.id,
      diagnostics.map((d) => {
        const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
        if (d.file !== file || d.start === undefined) {
          const where = d.file ? relative(PACKAGE, d.file.fileName) : "program";
          return `${block.id}: ${where}: ${message}`;
        }
        const line = file.getLineAndCharacterOfPosition(d.start).line + 1 - preludeLines;
        return line >= 1 ? `${block.id}: line ${line}: ${message}` : `${block.id}: prelude: ${message}`;
      }),
    );
  }
  return answer;
}

describe("the README's examples type-check under the package's strict settings", () => {
  const blocks = tsBlocks(readFileSync(README, "utf8"));
  let diagnostics: Map<string, string[]>;
  beforeAll(() => {
    diagnostics = typeCheck(blocks);
  });

  it("every block is checked or listed as a fragment with a reason", () => {
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.map((b) => b.id).sort()).toEqual([...CHECKED, ...Object.keys(FRAGMENTS)].sort());
  });

  it("the program has no diagnostics of its own", () => {
    expect(diagnostics.get("")).toEqual([]);
  });

  it.each(blocks.map((b) => [b.id] as const))("%s", (id) => {
    const found = diagnostics.get(id) ?? [];
    const reason = FRAGMENTS[id];
    if (reason === undefined) expect(found).toEqual([]);
    else expect(found, `${id} compiles now (listed as a fragment: ${reason}): move it to CHECKED`).not.toEqual([]);
  });
});

describe("the check fails for a README that does not type-check", () => {
  it("reports a wrong option name and a name the reader is not given, at the block's line", () => {
    const readme = readFileSync(README, "utf8");
    const option = "  timeoutMs: 30_000, // per attempt";
    expect(readme).toContain(option);
    const broken = readme
      .replace(option, option.replace("timeoutMs", "timeoutMS"))
      .replace("const url = auth.authorizeUrl(", "const url = authorizeUrl(");
    const ids = ["2. Auth flows", "6. Rate limits and retries"];
    const blocks = tsBlocks(broken).filter((b) => ids.includes(b.id));
    expect(blocks.map((b) => b.id)).toEqual(ids);
    /** The line of `text` in the block, as the README shows it. */
    const lineOf = (id: string, text: string) =>
      (blocks
        .find((b) => b.id === id)
        ?.code.split("\n")
        .findIndex((line) => line.includes(text)) ?? -1) + 1;
    const found = typeCheck(blocks);
    expect(found.get("")).toEqual([]);
    expect(found.get("2. Auth flows")).toEqual([
      `2. Auth flows: line ${lineOf("2. Auth flows", "= authorizeUrl(")}: Cannot find name 'authorizeUrl'.`,
    ]);
    const line = lineOf("6. Rate limits and retries", "timeoutMS");
    expect(found.get("6. Rate limits and retries")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^6\\. Rate limits and retries: line ${line}: Object literal may only specify known properties, .*'timeoutMS'`,
        ),
      ),
    ]);
  });
});
