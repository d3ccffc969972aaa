// Builds one self-contained reference page per bundle with Redocly (script inlined), plus an index.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const appDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const specDir = dirname(require.resolve("@xads/spec/documents.json"));
const cli = join(dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");
const documents = JSON.parse(readFileSync(join(specDir, "documents.json"), "utf8"));
const outDir = join(appDir, "dist");
mkdirSync(outDir, { recursive: true });

const built = [];
for (const { name, title, bundle } of documents) {
  const { paths = {} } = JSON.parse(readFileSync(join(specDir, bundle), "utf8"));
  if (Object.keys(paths).length === 0) continue;
  const run = spawnSync(
    process.execPath,
    [cli, "build-docs", join(specDir, bundle), "-o", join(outDir, `${name}.html`), "--inlineBundle"],
    { stdio: "inherit", env: { ...process.env, REDOCLY_TELEMETRY: "off" } },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  built.push({ name, title });
}

const links = built.map((d) => `<li><a href="${d.name}.html">${d.title}</a></li>`).join("\n");
writeFileSync(
  join(outDir, "index.html"),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>X Ads API reference</title></head>
<body><h1>X Ads API reference</h1><ul>${links}</ul></body></html>\n`,
);
