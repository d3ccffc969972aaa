// Where a link of the site leads, checked as a reader follows it. A fragment names an id of the site's
// own pages, or, on a reference page, one of Redoc's hash routes: `#/<tag>` or `#/<tag>/<operation>`
// (the element with that id, which Redoc renders only once the route is shown) and
// `#/<route>#<anchor>` (the anchor's id as well, rendered with its route). `#/` is the page's top.
import type { Page } from "playwright-core";

export interface Link {
  /** The attribute as written. */
  href: string;
  /** Resolved against the page's URL. */
  url: string;
}

/** The links of the page as it is now. */
export function linksOf(page: Page): Promise<Link[]> {
  return page.$$eval("a[href]", (as) =>
    as.map((a) => ({ href: a.getAttribute("href") ?? "", url: (a as HTMLAnchorElement).href })),
  );
}

/** The fragment of an href as written (without `#`), or `undefined`: after the first `#`, undecoded. */
export function fragmentOf(href: string): string | undefined {
  const at = href.indexOf("#");
  return at >= 0 && at < href.length - 1 ? href.slice(at + 1) : undefined;
}

/** The fragments of the page on screen that name no element of it (as written or decoded). */
export function missingIds(page: Page, fragments: string[]): Promise<string[]> {
  return page.evaluate(
    (all) =>
      all.filter((f) => {
        let decoded = f;
        try {
          decoded = decodeURIComponent(f);
        } catch {}
        return !document.getElementById(f) && !document.getElementById(decoded);
      }),
    fragments,
  );
}

/**
 * The fragments of the reference page on screen that lead nowhere: each route is shown (by setting
 * the location's hash, as a click does) until its element appears, within `timeoutMs`.
 */
export function missingRoutes(page: Page, fragments: string[], timeoutMs = 5_000): Promise<string[]> {
  return page.evaluate(
    async ([all, timeout]) => {
      const appears = (id: string) =>
        new Promise<boolean>((done) => {
          const start = performance.now();
          const look = () => {
            if (document.getElementById(id)) done(true);
            else if (performance.now() - start > timeout) done(false);
            else requestAnimationFrame(look);
          };
          look();
        });
      const missing: string[] = [];
      for (const fragment of all) {
        if (!fragment.startsWith("/")) {
          if (!(await appears(fragment))) missing.push(fragment);
          continue;
        }
        const [route = "", anchor] = fragment.slice(1).split("#");
        if (route === "") continue;
        if (!document.getElementById(route)) window.location.hash = `#/${route}`;
        if (!(await appears(route)) || (anchor !== undefined && !(await appears(anchor)))) missing.push(fragment);
      }
      return missing;
    },
    [fragments, timeoutMs] as const,
  );
}
