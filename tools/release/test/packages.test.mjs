// The published packages as their users receive them: manifest shape and repository fields, publint
// and attw on the packed tarball, no packed file pointing at one left out of it, require(esm) from
// CommonJS, and the size of the client core (size-limit, .size-limit.json).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "../src/layout.mjs";
import {
  danglingReferences,
  expectedRepositoryFields,
  listPublishedPackages,
  packPackage,
  repositoryWebUrl,
} from "../src/published.mjs";

const packages = {
  "@xads/types": "packages/types",
  "@xads/client": "packages/client",
  "@xads/validator": "packages/validator",
  "@xads/emulator": "packages/emulator",
  "@xads/local-guard": "packages/local-guard",
  "@xads/oauth1": "packages/oauth1",
};
/** @param {string} name */
const bin = (name) => join(repositoryRoot, "node_modules/.bin", name);
/**
 * @param {string} command
 * @param {string[]} args
 */
const run = (command, args, cwd = repositoryRoot) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" } });
  return { code: result.status, stdout: result.stdout, output: `${result.stdout}\n${result.stderr}` };
};
// The packages are ESM only: Node >= 20.19 loads them from CommonJS through require(esm), so attw's
// esm-only profile leaves out the node10 and node16-from-CJS resolutions.
const IGNORED_RESOLUTIONS = ["node10", "node16-cjs"];
const rootManifest = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8"));

describe("the published packages", () => {
  it("are the six of this suite, found in the folders it checks", () => {
    const found = listPublishedPackages().map(({ dir, manifest }) => [manifest.name, dir]);
    expect(Object.fromEntries(found)).toEqual(packages);
  });

  it("take their repository from the root package.json, the one place that names it", () => {
    expect(rootManifest.repository).toEqual({ type: "git", url: expect.stringMatching(/^git\+https:\/\/.+\.git$/) });
    const web = repositoryWebUrl(rootManifest);
    expect(rootManifest.homepage).toBe(`${web}#readme`);
    expect(rootManifest.bugs).toEqual({ url: `${web}/issues` });
  });
});

describe.each(Object.entries(packages))("%s", (name, dir) => {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, dir, "package.json"), "utf8"));

  it("declares an ESM-only package with types first, ./package.json, files, sideEffects and engines", () => {
    expect(manifest.name).toBe(name);
    expect(manifest.type).toBe("module");
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.engines?.node).toBe(">=20.19");
    expect(manifest.files).toContain("dist");
    expect(manifest.exports["./package.json"]).toBe("./package.json");
    for (const [entry, conditions] of Object.entries(manifest.exports)) {
      if (typeof conditions === "string") continue;
      expect(Object.keys(conditions)[0], `exports["${entry}"] lists "types" first`).toBe("types");
    }
  });

  it("names the root's repository with its own folder as directory, its README as homepage, and the root's bugs", () => {
    const { repository, homepage, bugs } = manifest;
    expect({ repository, homepage, bugs }).toEqual(expectedRepositoryFields(rootManifest, dir));
  });

  describe("packed", () => {
    /** @type {ReturnType<typeof packPackage> | undefined} */
    let packed;
    const packedFiles = () => {
      if (!packed) throw new Error(`${dir} was not packed`);
      return packed.files;
    };
    beforeAll(() => {
      packed = packPackage(join(repositoryRoot, dir));
    });
    afterAll(() => packed?.remove());

    it("ships its README and its built entry points", () => {
      expect(packedFiles().has("README.md")).toBe(true);
      expect(packedFiles().has("dist/index.js")).toBe(true);
      expect(packedFiles().has("dist/index.d.ts")).toBe(true);
    });

    it("has no file pointing at one left out: every sourceMappingURL and every map source is packed", () => {
      expect(danglingReferences(packedFiles())).toEqual([]);
    });
  });

  it("is clean for publint (strict) on the packed files", () => {
    const { code, output } = run(bin("publint"), ["run", dir, "--strict", "--pack", "npm"]);
    expect(code, output).toBe(0);
    expect(output).toContain("All good!");
  });

  it("is clean for attw --pack: every entry point resolves to its types for ESM and bundlers", () => {
    const { code, stdout, output } = run(bin("attw"), ["--pack", dir, "--profile", "esm-only", "--format", "json"]);
    const { analysis, problems } = JSON.parse(stdout);
    /** @type {{ resolutionKind: string }[]} */
    const found = Object.values(problems ?? {}).flat();
    const remaining = found.filter((p) => !IGNORED_RESOLUTIONS.includes(p.resolutionKind));
    expect(remaining, output).toEqual([]);
    expect(code, output).toBe(0);
    expect(analysis.types.kind).toBe("included");
    expect(Object.keys(analysis.entrypoints)).toEqual(Object.keys(manifest.exports));
  });

  it("loads from CommonJS through require(esm) and from ESM through import", () => {
    const cwd = join(repositoryRoot, "tools/release");
    const required = run(process.execPath, ["--input-type=commonjs", "-e", `require(${JSON.stringify(name)})`], cwd);
    expect(required.code, required.output).toBe(0);
    const imported = run(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(name)})`], cwd);
    expect(imported.code, imported.output).toBe(0);
  });
});

describe("size of the client core", () => {
  it("stays within the limits of .size-limit.json (minified and gzipped)", () => {
    /** @type {{ name: string }[]} */
    const config = JSON.parse(readFileSync(join(repositoryRoot, ".size-limit.json"), "utf8"));
    const core = config.find((entry) => entry.name === "@xads/client core");
    expect(core).toMatchObject({ limit: "9.7 kB", gzip: true });
    const { code, stdout, output } = run(bin("size-limit"), ["--json"]);
    /** @type {{ name: string, passed: boolean, size: number, sizeLimit?: number }[]} */
    const results = JSON.parse(stdout);
    expect(results.map((r) => r.name)).toEqual(config.map((entry) => entry.name));
    for (const result of results.filter((r) => r.sizeLimit !== undefined)) {
      expect(result.passed, `${result.name}: ${result.size} B > ${result.sizeLimit} B`).toBe(true);
    }
    expect(code, output).toBe(0);
  });
});
