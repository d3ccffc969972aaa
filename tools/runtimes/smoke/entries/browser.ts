// Chromium: a classic script that leaves the program on the page, for page.evaluate to call.
import { run } from "xads-smoke:program";

(globalThis as { xadsSmoke?: typeof run }).xadsSmoke = run;
