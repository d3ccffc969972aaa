import { describe, expect, it } from "vitest";
import { stateRulesSection } from "../src/emulator.mjs";
import { eventTypes, renderEvents } from "../src/events.mjs";
import { findEndpoint, formatDate, parseHistory, renderHistory } from "../src/history.mjs";
import { fileOf, navOf, sitePages } from "../src/pages.mjs";

const operation = {
  id: "createReplay",
  method: "post",
  path: "/2/webhooks/replay",
  link: "activity.html#/webhooks/createreplay",
};
const pages = sitePages([{ name: "activity", title: "Activity", operations: [operation] }]);
const site = {
  pages,
  nav: navOf(pages),
  operationsById: new Map([[operation.id, operation]]),
  history: undefined,
  events: undefined,
};

describe("the page registry", () => {
  it("lists the landing page, a reference page per document with operations, events, history, emulator, parity and guides", () => {
    const listed = sitePages([
      { name: "ads", title: "Ads", operations: [operation] },
      { name: "empty", title: "Empty", operations: [] },
    ]);
    expect(listed.map((p) => [p.kind, p.file, p.document])).toEqual([
      ["landing", "index.html", undefined],
      ["reference", "ads.html", "ads"],
      ["events", "events.html", undefined],
      ["history", "history.html", undefined],
      ["emulator", "emulator.html", undefined],
      ["parity", "parity.html", undefined],
      ["guides", "guides.html", undefined],
    ]);
    expect(fileOf(listed, "parity")).toBe("parity.html");
    expect(fileOf(listed, "events")).toBe("events.html");
    expect(fileOf(listed, "guides")).toBe("guides.html");
    expect(() => fileOf([], "history")).toThrow("no history page");
  });
});

describe("change history", () => {
  it("sorts recent first, keeping the file's order within a day", () => {
    const entries = parseHistory([
      { date: "2026-01-28", summary: "old" },
      { date: "2026-03-18", summary: "b" },
      { date: "2026-03-18", summary: "c", time: "12:00 PM ET", also: ["2026-03-25"] },
    ]);
    expect(entries.map((e: { summary: string }) => e.summary)).toEqual(["b", "c", "old"]);
  });

  it.each([
    [{}, "the document must be a list of changes"],
    [[{ date: "March 18, 2026", summary: "x" }], 'entry 1: date must be a YYYY-MM-DD string (got "March 18, 2026")'],
    [
      [
        { date: "2026-03-18", summary: "x" },
        { date: "2026-03-18", summary: "" },
      ],
      "entry 2: summary must be a non-empty string",
    ],
    [[{ date: "2026-03-18", summary: "x", also: ["soon"] }], "entry 1: also must be a list of YYYY-MM-DD strings"],
    [
      [{ date: "2026-03-18", summary: "x", endpoints: "POST /2/tweets" }],
      "entry 1: endpoints must be a list of strings",
    ],
  ])("rejects %o, naming the entry and the rule", (raw, message) => {
    expect(() => parseHistory(raw, "changes.yaml")).toThrow(`changes.yaml: ${message}`);
  });

  it("links endpoints the reference documents, with or without the method", () => {
    expect(findEndpoint(site, "POST /2/webhooks/replay")).toBe(operation);
    expect(findEndpoint(site, "/2/webhooks/replay")).toBe(operation);
    expect(findEndpoint(site, "GET /2/webhooks/replay")).toBeUndefined();
    expect(formatDate("2026-03-18")).toBe("March 18, 2026");
  });

  it("renders each change, and a note while the file is missing", () => {
    expect(renderHistory(site)).toContain('id="history-unavailable"');
    const html = renderHistory({
      ...site,
      history: parseHistory([
        {
          date: "2026-03-25",
          time: "12:00 PM ET",
          summary: "Replay `moved`.",
          endpoints: ["POST /2/webhooks/replay", "POST /2/x"],
        },
      ]),
    });
    expect(html).toContain('<time datetime="2026-03-25">March 25, 2026</time>, 12:00 PM ET');
    expect(html).toContain("Replay <code>moved</code>.");
    expect(html).toContain('<a href="activity.html#/webhooks/createreplay"><code>POST /2/webhooks/replay</code></a>');
    expect(html).toContain("<li><code>POST /2/x</code></li>");
  });
});

describe("events", () => {
  const activity = {
    info: { title: "Activity", version: "1", description: "Event types." },
    components: {
      schemas: {
        ProfileUpdateBio: {
          type: "object",
          description: "Profile bio changed.",
          "x-event-type": "profile.update.bio",
          "x-legacy-name": "ProfileBioUpdate",
          "x-renamed-on": "2026-03-18",
          required: ["user_id"],
          properties: { user_id: { type: "string", description: "The user." } },
        },
        DmReceived: { type: "object", description: "A DM arrived.", "x-event-type": "dm.received" },
        Helper: { type: "object" },
      },
    },
    webhooks: {
      activityEvent: {
        post: {
          summary: "An event",
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/DmReceived" } } } },
          responses: {},
        },
      },
    },
  };

  it("lists the schemas that declare an event type, with legacy names and rename dates", () => {
    expect(eventTypes(activity).map((t: { type: string }) => t.type)).toEqual(["dm.received", "profile.update.bio"]);
    const html = renderEvents({ ...site, events: { name: "activity", bundle: activity } });
    expect(html).toContain("<code>ProfileBioUpdate</code>");
    expect(html).toContain('<time datetime="2026-03-18">March 18, 2026</time>');
    expect(html).toContain('<code>user_id</code> <span class="required">required</span>');
    expect(html).toContain("Payload: <code>DmReceived</code>");
    expect(html).not.toContain("Helper");
  });

  it("says the events are not yet available without the bundle", () => {
    expect(renderEvents(site)).toContain('id="events-unavailable"');
  });
});

describe("the emulator page", () => {
  it("takes its rules table from the emulator README's state-rules section, and says when there is none", () => {
    const readme =
      "# x\n\n### State rules implemented\n\n| rule | source |\n| --- | --- |\n| a | seed 000 |\n\n### Next\n";
    expect(stateRulesSection(readme)).toBe("| rule | source |\n| --- | --- |\n| a | seed 000 |");
    expect(stateRulesSection(`${readme.split("### Next")[0]}`)).toContain("| a | seed 000 |");
    expect(() => stateRulesSection("# x\n")).toThrow('no "### State rules" section');
  });
});
