// Builds the JavaScript of dist/ with esbuild (the types are tsc's: `tsc --emitDeclarationOnly`):
// - dist/generated/shared.js: the runtime and the schema functions many operations call, one module;
// - dist/generated/operations/<id>.js: one operation with the other schema functions it calls,
//   importing the shared module: importing an operation loads two modules;
// - dist/node.js (the package in Node): every operation in one module importing the shared one, so
//   that importing the package loads two modules, not one per operation;
// - dist/index.js (the package for bundlers): the sources' index, re-exporting the operation modules,
//   so that a bundler keeps only the operations a program imports.
// The generated code is minified (it is read in src/generated).
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const common = /** @type {const} */ ({ format: "esm", target: "es2022", logLevel: "warning", legalComments: "none" });

/**
 * Keeps the shared module out of a bundle: its import becomes `specifier` (relative to the output file).
 * @param {string} specifier
 * @returns {import("esbuild").Plugin}
 */
function sharedExternal(specifier) {
  return {
    name: "shared-external",
    setup(builder) {
      builder.onResolve({ filter: /\/shared\.js$/ }, () => ({ path: specifier, external: true }));
    },
  };
}

const operations = readdirSync(join(root, "src/generated/operations"))
  .filter((name) => name.endsWith(".ts") && name !== "index.ts")
  .map((name) => join(root, "src/generated/operations", name));

await build({
  ...common,
  bundle: true,
  minifyWhitespace: true,
  entryPoints: [join(root, "src/generated/shared.ts")],
  outfile: join(root, "dist/generated/shared.js"),
});
await build({
  ...common,
  bundle: true,
  minify: true,
  entryPoints: operations,
  outdir: join(root, "dist/generated/operations"),
  plugins: [sharedExternal("../shared.js")],
});
await build({
  ...common,
  bundle: true,
  minify: true,
  entryPoints: [join(root, "src/index.ts")],
  outfile: join(root, "dist/node.js"),
  plugins: [sharedExternal("./generated/shared.js")],
});
await build({
  ...common,
  entryPoints: [
    join(root, "src/index.ts"),
    join(root, "src/generated/registry.ts"),
    join(root, "src/generated/operations/index.ts"),
  ],
  outbase: join(root, "src"),
  outdir: join(root, "dist"),
});
