import { describe, expect, it } from "vitest";
import { type BoundCase, casesOf } from "../../src/cases.js";
import { prismLimitation } from "../../src/limitations.js";
import { sitesOf } from "../../src/sites.js";
import { fixture, fixtureWith, operation } from "./fixture.js";

function bounds(operationId: string) {
  return Object.fromEntries(
    casesOf(fixture, operation(operationId)).bounds.map((c) => [c.id, [c.accepted, c.rejected, c.unbuildable]]),
  );
}

describe("sitesOf", () => {
  it("finds parameters, top-level body properties, the batch body and its items' params", () => {
    const refs = (id: string) => sitesOf(fixture, operation(id)).map((s) => s.ref);
    expect(refs("getThing")).toEqual([
      "path.thing_id",
      "header.x-trace",
      "query.count",
      "query.ratio",
      "query.ids",
      "query.sort",
      "query.statuses",
      "query.sort_by",
    ]);
    expect(refs("createThing")).toEqual(["body.name", "body.tags", "body.level"]);
    expect(refs("batchThings")).toEqual([
      "body",
      "body[].operation_type",
      "body[].params.name",
      "body[].params.budget",
    ]);
    expect(refs("createToken")).toEqual(["body.grant_type"]);
    expect(refs("appendMedia")).toEqual(["body.segment_index"]);
  });
});

describe("bound cases", () => {
  it("counts every numeric, length and item-count bound of the fixture", () => {
    const counts = Object.fromEntries(fixture.operations.map((e) => [e.id, casesOf(fixture, e).bounds.length]));
    expect(counts).toEqual({ getThing: 11, createThing: 3, batchThings: 4, createToken: 0, appendMedia: 2 });
  });

  it("sends the bound itself and the nearest value past it, for numbers", () => {
    const cases = bounds("getThing");
    expect(cases["query.count minimum 1"]).toEqual([1, 0, undefined]);
    expect(cases["query.count maximum 1000"]).toEqual([1000, 1001, undefined]);
    // exclusive: the bound itself is the rejected value; the accepted one is one multipleOf inside
    expect(cases["query.ratio exclusiveMinimum 0"]).toEqual([0.25, 0, undefined]);
    expect(cases["query.ratio maximum 1"]).toEqual([1, 1.25, undefined]);
    expect(bounds("appendMedia")).toEqual({
      "body.segment_index minimum 0": [0, -1, undefined],
      "body.segment_index maximum 999": [999, 1000, undefined],
    });
  });

  it("builds strings of the bound's length that still match the pattern", () => {
    const cases = bounds("getThing");
    const [atMax, pastMax] = cases["query.sort_by maxLength 12"] as [string, string];
    expect(atMax).toHaveLength(12);
    expect(pastMax).toHaveLength(13);
    for (const value of [atMax, pastMax]) expect(value).toMatch(/^[a-z][a-z0-9_]*-(asc|desc)$/);
    const [atPath, pastPath] = cases["path.thing_id maxLength 10"] as [string, string];
    expect([atPath.length, pastPath.length]).toEqual([10, 11]);
    expect(atPath + pastPath).toMatch(/^[a-z0-9]+$/);
    // "" also breaks the pattern, so no value past minLength 1 fits the rest: reported, never sent
    expect(cases["path.thing_id minLength 1"]).toEqual([
      "t",
      undefined,
      "no value past the bound fits the other keywords",
    ]);
    expect(cases["header.x-trace maxLength 8"]?.[0]).toHaveLength(8);
  });

  it("repeats the example item for item counts, and makes items distinct where they must be unique", () => {
    const cases = bounds("getThing");
    expect(cases["query.ids minItems 1"]).toEqual([["ab"], [], undefined]);
    expect(cases["query.ids maxItems 3"]).toEqual([["ab", "ab", "ab"], ["ab", "ab", "ab", "ab"], undefined]);
    // an item past its own bound is appended after the example items, so the list is not a lone empty value
    expect(cases["query.ids items.minLength 2"]).toEqual([["ab", "ab"], ["ab", "a"], undefined]);
    const [atTags, pastTags] = bounds("createThing")["body.tags maxItems 2"] as [string[], string[]];
    expect(new Set(atTags).size).toBe(2);
    expect(new Set(pastTags).size).toBe(3);
    for (const tag of [...atTags, ...pastTags]) expect(tag).toMatch(/^t[0-9]+$/);
  });

  it("covers the batch body's item count and the bounds of its items' params", () => {
    const cases = bounds("batchThings");
    const item = { operation_type: "Create", params: { name: "box", budget: 5 } };
    expect(cases["body minItems 1"]).toEqual([[item], [], undefined]);
    expect(cases["body maxItems 2"]).toEqual([[item, item], [item, item, item], undefined]);
    expect(cases["body[].params.budget minimum 0"]).toEqual([0, -1, undefined]);
    expect((cases["body[].params.name maxLength 5"] as string[]).slice(0, 2).map((v) => v.length)).toEqual([5, 6]);
  });

  it("says why a bound cannot be built instead of dropping it", () => {
    // three distinct enum values cannot make four unique items
    const copy = fixtureWith((document) => {
      const parameter = document.paths["/1/things/{thing_id}"].get.parameters[6];
      parameter.schema = { ...parameter.schema, uniqueItems: true, maxItems: 3 };
    });
    const entry = copy.operations.find((e) => e.id === "getThing");
    const found = casesOf(copy, entry as NonNullable<typeof entry>).bounds.find(
      (c: BoundCase) => c.id === "query.statuses maxItems 3",
    );
    expect(found?.accepted).toEqual(["A", "B", "C"]);
    expect(found?.rejected).toBeUndefined();
    expect(found?.unbuildable).toBe("no value past the bound fits the other keywords");
  });
});

describe("enum cases", () => {
  it("counts one case per enum parameter and body property", () => {
    const ids = fixture.operations.flatMap((e) => casesOf(fixture, e).enums.map((c) => `${e.id} ${c.id}`));
    expect(ids).toEqual([
      "getThing query.sort enum",
      "getThing query.statuses enum",
      "createThing body.level enum",
      "batchThings body[].operation_type enum",
      "createToken body.grant_type enum",
    ]);
  });

  it("accepts every listed value and rejects one outside the enum that fits the rest of the schema", () => {
    const [sort, statuses] = casesOf(fixture, operation("getThing")).enums;
    expect(sort?.accepted).toEqual(["asc", "desc"]);
    expect(sort?.rejected).toBe("NOT_LISTED");
    expect(statuses?.accepted).toEqual([["A"], ["B"], ["C"]]);
    expect(statuses?.rejected).toEqual(["NOT_LISTED"]);
    expect(sort?.sampled).toBe(false);
  });

  it("samples the first and last value of a long enum", () => {
    const values = Array.from({ length: 30 }, (_, i) => `V${i}`);
    const copy = fixtureWith((document) => {
      document.paths["/1/things/{thing_id}"].get.parameters[5].schema.enum = values;
    });
    const sort = casesOf(copy, copy.operations[0] as NonNullable<(typeof copy.operations)[0]>).enums[0];
    expect(sort?.sampled).toBe(true);
    expect(sort?.listed).toBe(30);
    expect(sort?.accepted).toEqual(["V0", "V29"]);
  });
});

describe("prismLimitation", () => {
  it("names the values Prism reads as an absent parameter", () => {
    const [path, header, count] = sitesOf(fixture, operation("getThing")) as [never, never, never];
    expect(prismLimitation(count, [])).toBe("an empty comma-separated list reads as an absent parameter");
    expect(prismLimitation(header, "")).toBe("an empty query or header value reads as an absent parameter");
    expect(prismLimitation(path, "")).toBeUndefined();
    expect(prismLimitation(count, 0)).toBeUndefined();
  });
});
