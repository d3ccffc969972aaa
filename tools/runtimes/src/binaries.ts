// Where each runtime's binary is, all of them from the npm registry: Node 22 is this package's `node`
// dependency (its preinstall fetches the platform package), Node 24 is tools/node24's, and Bun, Deno
// and workerd ship their binary in the one optional dependency that matches the platform, which is
// used directly so that their postinstall scripts never need to run.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { node24 } from "@xads/node24/binary.mjs";

const require = createRequire(import.meta.url);
const exe = process.platform === "win32" ? ".exe" : "";

/** The directory of the platform package of `parent` that the install chose (pnpm installs only that one). */
function platformPackageDir(parent: string): string {
  const manifestPath = require.resolve(`${parent}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { optionalDependencies?: Record<string, string> };
  const fromParent = createRequire(manifestPath);
  for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
    try {
      return dirname(fromParent.resolve(`${name}/package.json`));
    } catch {
      // Another platform's package: not installed here.
    }
  }
  throw new Error(
    `${parent}: none of its platform packages is installed for ${process.platform}-${process.arch}: run pnpm install`,
  );
}

export const binaries = {
  /** The Node that runs the tests: the machine's, or Node 24 under `pnpm test:node24`. */
  testRunnerNode: () => process.execPath,
  node22: () => join(dirname(require.resolve("node/package.json")), "bin", `node${exe}`),
  node24: () => node24,
  bun: () => join(platformPackageDir("bun"), "bin", `bun${exe}`),
  deno: () => join(platformPackageDir("deno"), `deno${exe}`),
  workerd: () => join(platformPackageDir("workerd"), "bin", `workerd${exe}`),
};
