// Which Chromium the browser suite drives: the one CHROMIUM_PATH names, else the headless build that
// the @sparticuz/chromium npm package ships (unpacked once into the system's temporary directory).
import { existsSync } from "node:fs";

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
