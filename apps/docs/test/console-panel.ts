// Drives the reference pages' "Try it" console as a reader does (choose, edit, send) and through the
// page's own send function for the whole-document parity run.
import type { Page } from "playwright-core";

export interface PageAnswer {
  status: number;
  body: string;
}

/** Opens a reference page and waits until its console has the in-page emulator. */
export async function openConsole(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector("html[data-console-ready=true]", { timeout: 30_000 });
}

/** Chooses `id` in the panel, types `values` (by `in.name`) and sends it; answers what the panel shows. */
export async function sendFromPanel(page: Page, id: string, values: Record<string, string> = {}): Promise<PageAnswer> {
  const panel = page.locator("#xads-console");
  if (await panel.isHidden()) await page.getByRole("button", { name: "Try it" }).click();
  await page.evaluate((operation) => {
    const console = (window as unknown as { xadsConsole: { choose(id: string): boolean } }).xadsConsole;
    if (!console.choose(operation)) throw new Error(`the console has no operation ${operation}`);
    document.querySelector("[data-console=answer]")?.replaceChildren();
  }, id);
  for (const [name, value] of Object.entries(values)) await panel.locator(`input[name="${name}"]`).fill(value);
  await panel.locator("[data-console=send]").click();
  const status = panel.locator("[data-console=status] strong");
  await status.waitFor();
  return {
    status: Number(await status.textContent()),
    body: (await panel.locator("[data-console=body]").textContent()) ?? "",
  };
}

/** Sends every operation id through the page's console, each from the fixture's state (a reset first). */
export function sendEachFromFixture(page: Page, ids: string[]): Promise<Array<PageAnswer & { id: string }>> {
  return page.evaluate(async (operations) => {
    const console = (
      window as unknown as { xadsConsole: { send(id: string): Promise<{ status: number; body: string }> } }
    ).xadsConsole;
    const answers = [];
    for (const id of operations) {
      await fetch("_emulator/reset", { method: "POST" });
      const { status, body } = await console.send(id);
      answers.push({ id, status, body });
    }
    return answers;
  }, ids);
}
