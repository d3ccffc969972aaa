// The built site speaks to readers, without a browser: no page's text (nor the documents and data
// its pages show) names the seeds, the facts file or the mock, which are the project's internal
// sources and names; mocks only as the Prism mocks `pnpm start --static` serves. Run after the build.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { rulesForReaders } from "../src/emulator.mjs";
import { loadSite } from "../src/site.mjs";
import { distDir } from "./harness.js";
import { maintainerSentences, maintainerWords, sentencesOf } from "./reader-words.js";
import { embeddedRedocJson, jsonStrings, visibleTexts } from "./visible-text.js";

/** The built files of a folder of dist with the given ending, as paths relative to dist. */
function built(folder: string, ending: string): string[] {
  const dir = join(distDir, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(ending))
    .sort()
    .map((name) => (folder ? `${folder}/${name}` : name));
}

const read = (file: string) => readFileSync(join(distDir, file), "utf8");

/** One line per sentence that speaks to maintainers: where, the sentence and its words. */
function findings(where: string, texts: string[]): string[] {
  return maintainerSentences(texts).map(
    ({ sentence, words }) => `${where}: "${sentence.replace(/\s+/g, " ")}" names ${words}`,
  );
}

describe("the words that speak to maintainers", () => {
  it("are the seeds, the facts file and the mock, in any case", () => {
    expect(maintainerWords("Seed 000 section 3: sandbox accounts are created at no cost.")).toBe('"Seed"');
    expect(maintainerWords("The state rules of the seeds.")).toBe('"seeds"');
    expect(maintainerWords("From the Facts File (upload host).")).toBe('"Facts File"');
    expect(maintainerWords("Where the mock answers every request.")).toBe('"mock"');
    expect(maintainerWords("Mocked answers and mocking.")).toBe('"Mocked", "mocking"');
  });

  it("leave readers' words alone: a seedling, a mockup, facts and files", () => {
    expect(maintainerWords("A seedling is no citation.")).toBeUndefined();
    expect(maintainerWords("A mockup of the page.")).toBeUndefined();
    expect(maintainerWords("The facts of the file.")).toBeUndefined();
    expect(maintainerWords("A DELETE answers the record with deleted=true.")).toBeUndefined();
  });

  it("allow mocks only in a sentence that also says --static or Prism, and never a single mock", () => {
    expect(maintainerWords("`pnpm start --static` serves stateless mocks instead.")).toBeUndefined();
    expect(maintainerWords("Prism's static mocks forget what you create.")).toBeUndefined();
    expect(maintainerWords("The mocks answer from the examples.")).toBe('"mocks"');
    expect(maintainerWords("A Prism mock answers from the examples.")).toBe('"mock"');
    expect(maintainerWords("prism mocks")).toBe('"mocks"');
  });

  it("are judged per sentence, so Prism in one sentence does not excuse mocks in the next", () => {
    expect(sentencesOf("Prism is a tool. The mocks answer. Done!")).toEqual([
      "Prism is a tool.",
      "The mocks answer.",
      "Done!",
    ]);
    expect(maintainerSentences(["Prism is a tool. The mocks answer."])).toEqual([
      { sentence: "The mocks answer.", words: '"mocks"' },
    ]);
  });
});

describe("a page's visible text", () => {
  const html = `<!doctype html><html><head><title>Seed page</title>
<meta name="description" content="Built from the facts file.">
<style>.seed { color: red }</style></head>
<body><!-- seed 000 --><h2>Prism</h2><p>The <code>mock</code>
answers &amp; <a href="#x" title="the seeds">forgets</a>.</p>
<script>const seed = "seed 001";</script><img alt="a mock" src="x.png"></body></html>`;
  const texts = visibleTexts(html);

  it("is the body's text in runs that block elements end, with the title, description and labels", () => {
    expect(texts).toContain("Seed page");
    expect(texts).toContain("Prism");
    expect(texts).toContain("The mock answers & forgets.");
    expect(texts).toContain("Built from the facts file.");
    expect(texts).toContain("the seeds");
    expect(texts).toContain("a mock");
  });

  it("leaves out scripts, styles and comments", () => {
    expect(texts.join(" ")).not.toMatch(/seed 00[01]|color/);
  });

  it("includes the JSON a Redoc page embeds", () => {
    const page = `<script type="module">
      const __redoc_definition = {"info":{"description":"Seed 002 section 3.","title":"X"},"paths":{}};
      const __redoc_options = {"codeSamples":{"languages":[{"label":"curl (mock)"}]}};
    </script>`;
    const strings = Object.values(embeddedRedocJson(page)).flatMap((json) => jsonStrings(json));
    expect(strings).toContainEqual({ path: ".info.description", text: "Seed 002 section 3." });
    expect(strings).toContainEqual({ path: ".codeSamples.languages[0].label", text: "curl (mock)" });
  });
});

describe("the emulator page's state rules", () => {
  const section = [
    "Phase 1's rules are tested in test/auth.test.ts, each test named after its rule and seed section.",
    "",
    "<!-- state-rules:start (generated by scripts/rules-table.mjs; do not edit) -->",
    "",
    "| id | rule | source | workflow |",
    "| --- | --- | --- | --- |",
    "| `a` | A \\| B | seed 000 section 3 | `wA` |",
    "",
    "Not shown by the emulator: `b`.",
    "",
    "<!-- state-rules:end -->",
  ].join("\n");

  it("are the README's generated table and list, without the prose for the package's maintainers", () => {
    const shown = rulesForReaders(section);
    expect(shown).not.toContain("Phase 1");
    expect(shown).not.toContain("state-rules:start");
    expect(shown).toContain("Not shown by the emulator: `b`.");
  });

  it("drop the source column and keep the others, escaped bars included", () => {
    expect(rulesForReaders(section).split("\n").slice(0, 3)).toEqual([
      "| id | rule | workflow |",
      "| --- | --- | --- |",
      "| `a` | A \\| B | `wA` |",
    ]);
  });

  it("leave a table without a source column as it is", () => {
    const table = "| id | rule |\n| --- | --- |\n| `a` | A |";
    expect(rulesForReaders(table)).toBe(table);
  });
});

describe("the built site", () => {
  const site = loadSite();
  const pages = built("", ".html");
  const data = [...built("openapi", ".json"), ...built("assets", ".json")];

  it("has every page of the registry, and the data its pages show", () => {
    expect(pages.length, "run the docs build (node scripts/build.mjs) first").toBeGreaterThan(0);
    expect(pages).toEqual(expect.arrayContaining(site.pages.map((p) => p.file)));
    expect(data.some((file) => file.startsWith("openapi/"))).toBe(true);
    expect(data.some((file) => /^assets\/workflows-.+\.json$/.test(file))).toBe(true);
  });

  it("embeds its document in every reference page", () => {
    for (const page of site.pages.filter((p) => p.kind === "reference")) {
      const definition = embeddedRedocJson(read(page.file)).__redoc_definition;
      const described = jsonStrings(definition).filter(({ path }) => /\.(description|summary)$/.test(path));
      expect(described.length, `${page.file} embeds a definition with descriptions`).toBeGreaterThan(0);
    }
  });

  it("speaks to readers on every page: no seeds, facts file or mock in its text or embedded documents", () => {
    const found = pages.flatMap((page) => {
      const html = read(page);
      const embedded = Object.entries(embeddedRedocJson(html)).flatMap(([name, json]) =>
        jsonStrings(json).flatMap(({ path, text }) => findings(`${page} ${name}${path}`, [text])),
      );
      return [...findings(page, visibleTexts(html)), ...embedded];
    });
    expect(found).toEqual([]);
  });

  it("speaks to readers in the documents and data its pages show (dist/openapi, dist/assets)", () => {
    const found = data.flatMap((file) =>
      jsonStrings(JSON.parse(read(file))).flatMap(({ path, text }) => findings(`${file} ${path}`, [text])),
    );
    expect(found).toEqual([]);
  });
});
