// Runs a smoke program on one runtime and always answers a report: a bundle that does not build
// fails at the step "bundle", a runtime that answers no report fails at the step "run", each with
// its message, so that every runtime's outcome reads the same way.
import type { SmokeReport } from "../smoke/report.js";
import { type BundleTarget, bundle, type Program } from "./bundle.js";
import type { Runtime } from "./runtimes.js";

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Bundles once per target and program: the three Nodes share one bundle. */
export function bundler(outDir: string): (target: BundleTarget, program: Program) => Promise<string> {
  const built = new Map<string, Promise<string>>();
  return (target, program) => {
    const key = `${target}/${program}`;
    let file = built.get(key);
    if (!file) {
      file = bundle(target, program, outDir);
      built.set(key, file);
    }
    return file;
  };
}

export async function smokeOn(
  runtime: Runtime,
  program: Program,
  bundleFor: ReturnType<typeof bundler>,
): Promise<SmokeReport> {
  let file: string;
  try {
    file = await bundleFor(runtime.target, program);
  } catch (error) {
    return { runtime: runtime.name, steps: [{ name: "bundle", ok: false, error: describeError(error) }] };
  }
  try {
    return await runtime.run(file);
  } catch (error) {
    return { runtime: runtime.name, steps: [{ name: "run", ok: false, error: describeError(error) }] };
  }
}
