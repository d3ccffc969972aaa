// Where a coverage collector (coverage-file.ts, Node only) learns of every emulator made in its
// process: createEmulator announces each new emulator to the hooks installed here. The hooks live on
// the global object under a registered symbol, so that the built package and its sources (tests) share
// them; without a hook, announcing does nothing.
import type { Emulator } from "../emulator-interface.js";

type Hook = (emulator: Emulator) => void;

const HOOKS = Symbol.for("@xads/emulator: emulator created");

function hooks(): Set<Hook> {
  const global = globalThis as { [HOOKS]?: Set<Hook> };
  global[HOOKS] ??= new Set();
  return global[HOOKS];
}

/** Calls `hook` with every emulator made from now on; answers a function that stops it. */
export function onEmulatorCreated(hook: Hook): () => void {
  hooks().add(hook);
  return () => hooks().delete(hook);
}

export function announceCreated(emulator: Emulator): void {
  const installed = (globalThis as { [HOOKS]?: Set<Hook> })[HOOKS];
  if (installed) for (const hook of installed) hook(emulator);
}
