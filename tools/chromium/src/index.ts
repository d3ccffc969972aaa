// Which Chromium the browser suites drive (the docs site's, the runtime matrix's), and its launch.
// CHROMIUM_PATH names one; without it, the headless build the @sparticuz/chromium npm package ships
// (unpacked once into the system's temporary directory), so a machine with Node and npm only has one.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export async function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = env.CHROMIUM_PATH;
  if (configured !== undefined && configured !== "") {
    if (!existsSync(configured)) {
      throw new Error(
        `CHROMIUM_PATH names ${configured}, which does not exist: unset it to use the npm-installed Chromium`,
      );
    }
    return configured;
  }
  const { default: packaged } = await import("@sparticuz/chromium");
  return packaged.executablePath();
}

const LAUNCH = {
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
  ],
};

/**
 * Chromium, launched once more if the first launch dies before it answers (seen once in many runs: a
 * SIGSEGV at start on a loaded 2-core machine); a second failure is the caller's failure. Only the
 * launch is retried, never a test.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromiumExecutable();
  try {
    return await chromium.launch({ executablePath, ...LAUNCH });
  } catch (error) {
    console.warn(`Chromium did not start (${(error as Error).message.split("\n")[0]}); launching it once more`);
    return chromium.launch({ executablePath, ...LAUNCH });
  }
}
