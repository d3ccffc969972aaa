// Node, Bun and Deno: run the program and print its report as the last line of stdout.
import { run } from "xads-smoke:program";

console.log(JSON.stringify(await run()));
