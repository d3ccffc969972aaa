// `GET /_emulator/coverage`: the report as JSON, or as the HTML page for `Accept: text/html` or
// `?format=html` (`?format=json` wins over the Accept header).
import { coverageHtml } from "./html.js";
import type { CoverageReport } from "./report.js";

function wantsHtml(request: Request): boolean {
  const format = new URL(request.url).searchParams.get("format");
  if (format !== null) return format === "html";
  return /\btext\/html\b/i.test(request.headers.get("accept") ?? "");
}

export function coverageResponse(report: CoverageReport, request: Request): Response {
  if (!wantsHtml(request))
    return new Response(JSON.stringify(report), {
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  return new Response(coverageHtml(report), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      // The page has no script and loads nothing: say so to the browser.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
