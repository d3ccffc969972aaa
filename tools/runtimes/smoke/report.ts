// The report every smoke program answers, whatever runtime ran it, and the loop that fills it.
import { runtimeName } from "./runtime-name.js";

export interface StepResult {
  name: string;
  ok: boolean;
  /** The failure, `Name: message`, on the step that failed (the last one reported). */
  error?: string;
}

export interface SmokeReport {
  /** The runtime as the program itself sees it, such as `bun 1.4.5` or `node 22.23.3`. */
  runtime: string;
  steps: StepResult[];
}

export interface Step<World> {
  name: string;
  run(world: World): Promise<void>;
}

/** Throws `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * Runs the steps in order and stops at the first failure: later steps build on earlier ones. The world
 * is set up inside the first step, so a program that cannot even start fails at its first step.
 */
export async function runSteps<World>(
  setUp: () => Promise<World>,
  steps: readonly Step<World>[],
): Promise<SmokeReport> {
  const results: StepResult[] = [];
  let world: World | undefined;
  for (const step of steps) {
    try {
      world ??= await setUp();
      await step.run(world);
      results.push({ name: step.name, ok: true });
    } catch (error) {
      results.push({ name: step.name, ok: false, error: describeError(error) });
      break;
    }
  }
  return { runtime: runtimeName(), steps: results };
}
