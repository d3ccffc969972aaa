// Bundles a smoke program for one kind of runtime with esbuild, the way that runtime's users would:
// Node, Bun and Deno keep their `node:` built-ins outside the bundle; workerd and Chromium get no
// Node built-ins at all, so a program that needs one fails to build (or, for a global such as
// Buffer, to run).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build, type Message, type Plugin } from "esbuild";

export type BundleTarget = "node" | "bun" | "deno" | "workerd" | "chromium";
/** A module of smoke/ that exports `run()`: the smoke program, or one of the harness's own checks. */
export type Program = "program" | "trivial" | "node-import" | "node-global";

const smokeDir = join(dirname(fileURLToPath(import.meta.url)), "../smoke");

const TARGETS: Record<BundleTarget, { entry: string; file: string; options: BuildOptions }> = {
  node: { entry: "process", file: "node.mjs", options: { platform: "node", format: "esm", target: "node20" } },
  // Bun and Deno read the export conditions named after them before `node` (as @xads/client's imports do).
  bun: { entry: "process", file: "bun.mjs", options: { platform: "node", format: "esm", conditions: ["bun"] } },
  deno: { entry: "process", file: "deno.mjs", options: { platform: "node", format: "esm", conditions: ["deno"] } },
  workerd: {
    entry: "worker",
    file: "workerd.js",
    options: {
      platform: "neutral",
      format: "esm",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["browser", "module", "main"],
    },
  },
  chromium: { entry: "browser", file: "chromium.js", options: { platform: "browser", format: "iife" } },
};

/** Resolves the entries' `xads-smoke:program` to the program being bundled. */
const programSlot = (program: Program): Plugin => ({
  name: "xads-smoke-program",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^xads-smoke:program$/ }, () => ({ path: join(smokeDir, `${program}.ts`) }));
  },
});

/** esbuild's message with its place and its notes (which say, for a Node built-in, that it is one). */
function describeMessage(message: Message): string {
  const place = message.location ? `${message.location.file}:${message.location.line}: ` : "";
  return [`${place}${message.text}`, ...message.notes.map((note) => `  ${note.text}`)].join("\n");
}

export class BundleError extends Error {
  override name = "BundleError";
}

/** Writes the bundle of `program` for `target` into `outDir` and answers its path. */
export async function bundle(target: BundleTarget, program: Program, outDir: string): Promise<string> {
  const { entry, file, options } = TARGETS[target];
  const outfile = join(outDir, `${program}-${file}`);
  try {
    await build({
      ...options,
      entryPoints: [join(smokeDir, "entries", `${entry}.ts`)],
      outfile,
      bundle: true,
      logLevel: "silent",
      plugins: [programSlot(program)],
    });
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!errors) throw error;
    throw new BundleError(errors.map(describeMessage).join("\n"));
  }
  return outfile;
}
