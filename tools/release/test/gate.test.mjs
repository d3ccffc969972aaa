import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSpec } from "@xads/spec/lib/model.mjs";
import { afterEach, describe, expect, it } from "vitest";
import { declareBaseline } from "../src/baseline.mjs";
import { readPendingChangesets } from "../src/changesets.mjs";
import { layout, readBaseline } from "../src/layout.mjs";
import { changeset, fixture, gate, removeRepositories, repository } from "./repository.mjs";

afterEach(removeRepositories);

const NEEDS_MAJOR = "needs a changeset with a major bump of @xads/types, @xads/client, @xads/validator, @xads/emulator";

describe("the breaking-change gate", () => {
  it("passes without a release baseline, and says so", () => {
    const root = repository({ documents: { ads: fixture("remove-operation") } });
    const { code, output } = gate(root);
    expect(code).toBe(0);
    expect(output).toContain("no release baseline in spec/releases/ yet");
  });

  it("passes a compatible change (a new operation) without any changeset", () => {
    const root = repository();
    declareBaseline(root);
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("add-operation"));
    expect(gate(root)).toEqual({ code: 0, output: "gate: no breaking change since release 1.0.0.\n" });
  });

  /** @type {Record<string, string>} a line each fixture's change must be named by */
  const named = {
    "remove-operation":
      "ads: deleteCampaign (DELETE /12/accounts/{account_id}/campaigns/{campaign_id}): operation removed [types]",
    "narrow-enum": 'query parameter `entity_status`: enum narrowed: "DRAFT" removed [types]',
    "add-required-parameter": "required query parameter `funding_instrument_ids` added [types]",
    "response-field-optional": "response 200.data[].name: made optional",
  };
  for (const [breaking, line] of Object.entries(named)) {
    it(`fails on ${breaking} with only a minor changeset, naming it, and passes once a major one is pending`, () => {
      const root = repository();
      declareBaseline(root);
      writeFileSync(join(root, "spec/dist/ads.json"), fixture(breaking));
      changeset(root, "minor-change.md", { "@xads/client": "minor" });
      const blocked = gate(root);
      expect(blocked.code).toBe(1);
      expect(blocked.output).toContain("breaking change(s) since release 1.0.0");
      expect(blocked.output).toContain(line);
      expect(blocked.output).toContain(NEEDS_MAJOR);

      changeset(root, "breaking-spec.md", { "@xads/validator": "major" });
      const allowed = gate(root);
      expect(allowed.code).toBe(0);
      expect(allowed.output).toContain("declared major by:\n  .changeset/breaking-spec.md");
    });
  }

  it("does not count a major bump of a package outside the generated group", () => {
    const root = repository();
    declareBaseline(root);
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("remove-operation"));
    changeset(root, "other.md", { "@xads/mock": "major" });
    expect(gate(root).code).toBe(1);
  });

  it("does not count a major changeset that was pending when the baseline was declared", () => {
    const root = repository();
    changeset(root, "earlier-major.md", { "@xads/types": "major" });
    declareBaseline(root);
    writeFileSync(join(root, "spec/dist/ads.json"), fixture("remove-operation"));
    const blocked = gate(root);
    expect(blocked.code).toBe(1);
    expect(blocked.output).toContain(
      "gate: .changeset/earlier-major.md declares major but was pending when 1.0.0 was declared",
    );
    expect(blocked.output).toContain(NEEDS_MAJOR);

    changeset(root, "remove-delete.md", { "@xads/types": "major" });
    const allowed = gate(root);
    expect(allowed.code).toBe(0);
    expect(allowed.output).toContain("declared major by:\n  .changeset/remove-delete.md\n  ads:");
  });

  it("names a malformed changeset and its bad bump", () => {
    const root = repository();
    changeset(root, "typo.md", { "@xads/types": "mayor" });
    expect(() => readPendingChangesets(join(root, ".changeset"))).toThrow(
      '.changeset/typo.md: "@xads/types" has bump "mayor"; expected major, minor, patch or none',
    );
    const { code, output } = gate(root);
    expect(code).toBe(1);
    expect(output).toContain('"@xads/types" has bump "mayor"');
  });
});

describe("the repository's own baseline", () => {
  const committed = readBaseline(layout());

  it("is declared (spec/releases/<version>/, by pnpm release:baseline)", () => {
    expect(committed?.documents.ads?.openapi).toBe("3.1.0");
  });

  it("catches an operation removed from a copy of it, until a major changeset is added", () => {
    if (!committed) throw new Error("no baseline in spec/releases/");
    const documents = Object.fromEntries(
      Object.entries(committed.documents).map(([name, document]) => [name, JSON.stringify(document)]),
    );
    const root = repository({ documents, version: committed.version });
    cpSync(committed.dir, join(root, "spec/releases", committed.version), { recursive: true });
    expect(gate(root).output).toBe(`gate: no breaking change since release ${committed.version}.\n`);

    const ads = loadSpec(join(root, "spec"), { fresh: true }).document("ads");
    const [operation] = ads.operations();
    if (!operation) throw new Error("the baseline's ads document has no operation");
    const changed = JSON.parse(documents.ads ?? "{}");
    delete changed.paths[operation.path][operation.method];
    writeFileSync(join(root, "spec/dist/ads.json"), JSON.stringify(changed));
    const blocked = gate(root);
    expect(blocked.code).toBe(1);
    expect(blocked.output).toContain(
      `ads: ${operation.id} (${operation.method.toUpperCase()} ${operation.path}): operation removed [types]`,
    );
    expect(blocked.output).toContain(NEEDS_MAJOR);

    changeset(root, "remove-operation.md", { "@xads/types": "major" });
    expect(gate(root).code).toBe(0);
  });
});
