import { afterEach, describe, expect, it } from "vitest";
import { onStopSignals, SAME_PRESS_MS } from "../src/signals.mjs";

let detach: (() => void) | undefined;
afterEach(() => detach?.());

describe("stop signals", () => {
  function listen() {
    let clock = 1_000;
    const calls: string[] = [];
    detach = onStopSignals({ stop: () => calls.push("stop"), kill: () => calls.push("kill"), now: () => clock });
    return { calls, advance: (ms: number) => (clock += ms) };
  }

  it("stops on the first Ctrl-C and counts pnpm's forwarded copy as the same press", () => {
    const { calls, advance } = listen();
    process.emit("SIGINT", "SIGINT");
    advance(2);
    process.emit("SIGINT", "SIGINT");
    process.emit("SIGTERM", "SIGTERM");
    expect(calls).toEqual(["stop"]);
  });

  it("kills at once on a second Ctrl-C", () => {
    const { calls, advance } = listen();
    process.emit("SIGINT", "SIGINT");
    advance(SAME_PRESS_MS + 1);
    process.emit("SIGINT", "SIGINT");
    expect(calls).toEqual(["stop", "kill"]);
  });
});
