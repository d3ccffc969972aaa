// Evaluates code of the schema compiler in a test (the package never evaluates code: it ships the
// compiled functions), with the runtime names it uses, and returns its named functions.
import type { ModuleCode } from "../../scripts/compile/schema-compiler.mjs";
import type { SchemaFunction } from "../../src/runtime/schema-runtime.js";
import * as runtime from "../../src/runtime/schema-runtime.js";

export function evaluate(module: ModuleCode, names: string[]): Record<string, SchemaFunction> {
  const scope = Object.entries(runtime);
  const source = `${module.source()}\nreturn { ${names.join(", ")} };`;
  const factory = new Function(...scope.map(([name]) => name), source);
  return factory(...scope.map(([, value]) => value)) as Record<string, SchemaFunction>;
}

/** The verdict of a compiled function, and the errors of its slow path (which must agree). */
export function verdict(fn: SchemaFunction, value: unknown) {
  const fast = fn(value, null, "", 0);
  const sink = new runtime.ErrorSink(1000);
  const slow = fn(value, sink, "", 0);
  return { fast, slow, errors: sink.errors };
}
