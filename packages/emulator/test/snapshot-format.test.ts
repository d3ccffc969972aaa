// The snapshot format: every snapshot the emulator makes passes assertSnapshot, and restore refuses a
// broken one before anything changes, naming the first problem by its JSON path.
import { beforeAll, describe, expect, it } from "vitest";
import type { Emulator, Snapshot } from "../src/index.js";
import { assertSnapshot } from "../src/snapshot.js";
import { all, array, json, nullable } from "../src/snapshot-check.js";
import type { Data, SavedRecord } from "../src/store/store.js";
import { accountPath, call, newEmulator, SANDBOX } from "./helpers.js";

const UPLOAD = "https://upload.x.com/1.1/media/upload.json";
const AUTH = "https://api.x.com";

/** Writes to every part of the state: records created, updated and deleted, a feature, an upload, credentials. */
async function write(emu: Emulator): Promise<void> {
  const { fixture } = emu;
  const campaign = await call(
    emu,
    "POST",
    accountPath(emu, `/campaigns?funding_instrument_id=${fixture.fundingInstrumentId}&name=saved`),
  );
  expect(campaign.status).toBe(200);
  const id = campaign.body.data.id as string;
  const answers = [
    await call(
      emu,
      "POST",
      accountPath(
        emu,
        `/line_items?campaign_id=${id}&objective=ENGAGEMENTS&product_type=PROMOTED_TWEETS&placements=ALL_ON_TWITTER`,
      ),
    ),
    await call(emu, "PUT", accountPath(emu, `/campaigns/${id}?name=renamed`)),
    await call(emu, "DELETE", accountPath(emu, `/campaigns/${fixture.campaignId}`)),
    await call(emu, "POST", accountPath(emu, "/custom_audiences?name=saved")),
    await call(emu, "POST", `${SANDBOX}${accountPath(emu, "/features?feature_keys=SHARE_AUDIENCE_OUTSIDE_BUSINESS")}`),
    await call(emu, "POST", UPLOAD, { form: "command=INIT&total_bytes=100&media_type=image%2Fpng" }),
    await call(emu, "POST", `${AUTH}/oauth/request_token?oauth_callback=oob`, { token: "" }),
    await call(emu, "POST", `${AUTH}/oauth2/token`, {
      headers: { authorization: `Basic ${btoa(`${fixture.consumerKey}:${fixture.consumerSecret}`)}` },
      form: "grant_type=client_credentials",
      anonymous: true,
    }),
  ];
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
}

function recordOf(snapshot: Snapshot, collection: string, index: number): SavedRecord {
  const record = snapshot.store.records[collection]?.[index];
  if (!record) throw new Error(`the snapshot has no ${collection}[${index}]`);
  return record;
}

const dataOf = (snapshot: Snapshot, collection: string, index: number): Data =>
  recordOf(snapshot, collection, index).data;

/** Arrays nested `depth` levels deep: `[]` is 1 level. */
function nested(depth: number): unknown[] {
  let value: unknown[] = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

/** The error restore throws (failing the test when it throws none). */
function refusal(emu: Emulator, snapshot: unknown): Error {
  try {
    emu.restore(snapshot as Snapshot);
  } catch (error) {
    return error as Error;
  }
  throw new Error("restore accepted a broken snapshot");
}

describe("the emulator's own snapshots", () => {
  it("pass: fresh, after writes to every part of the state, and after a JSON round trip", async () => {
    const emu = await newEmulator();
    expect(() => assertSnapshot(emu.snapshot())).not.toThrow();
    await write(emu);
    const written = emu.snapshot();
    expect(written.store.records.media_upload?.length).toBeGreaterThan(1);
    expect(written.store.records.account_feature).toHaveLength(1);
    expect(Object.keys(written.auth.requestTokens)).toHaveLength(1);
    expect(() => assertSnapshot(written)).not.toThrow();
    const parsed: unknown = JSON.parse(JSON.stringify(written));
    expect(() => assertSnapshot(parsed)).not.toThrow();
    emu.reset();
    emu.restore(parsed as Snapshot);
    expect(emu.snapshot()).toEqual(written);
  });
});

describe("a broken snapshot is refused, naming its first problem, and the state is kept", () => {
  let emu: Emulator;
  let saved: Snapshot;
  beforeAll(async () => {
    emu = await newEmulator();
    await write(emu);
    saved = emu.snapshot();
  });

  /** Breaks a copy of the saved snapshot; restore must refuse it with `message`, changing nothing. */
  function expectRefused(breaks: (snapshot: Snapshot) => void, message: string | RegExp): void {
    const broken = structuredClone(saved);
    breaks(broken);
    const error = refusal(emu, broken);
    expect(error).toBeInstanceOf(TypeError);
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    expect(emu.snapshot()).toEqual(saved);
  }

  const cases: { name: string; breaks: (snapshot: Snapshot) => void; message: (saved: Snapshot) => string | RegExp }[] =
    [
      {
        name: "a record whose data is null",
        breaks: (s) => {
          recordOf(s, "campaign", 1).data = null as never;
        },
        message: () => "snapshot: store.records.campaign[1].data must be an object (got null)",
      },
      {
        name: "a record whose id is null",
        breaks: (s) => {
          dataOf(s, "campaign", 3).id = null;
        },
        message: () => "snapshot: store.records.campaign[3].data.id must be a string (got null)",
      },
      {
        name: "a record without its id",
        breaks: (s) => {
          delete dataOf(s, "campaign", 0).id;
        },
        message: () => "snapshot: store.records.campaign[0].data.id is missing (must be a non-empty string)",
      },
      {
        name: "a media library object without its key",
        breaks: (s) => {
          delete recordOf(s, "media", 0).key;
        },
        message: () =>
          "snapshot: store.records.media[0].key is missing (must be a non-empty string: the record's media_key)",
      },
      {
        name: "an empty id",
        breaks: (s) => {
          dataOf(s, "campaign", 0).id = "";
        },
        message: () => 'snapshot: store.records.campaign[0].data.id must be a non-empty string (got "")',
      },
      {
        name: "two records of a resource with one id",
        breaks: (s) => {
          dataOf(s, "campaign", 2).id = dataOf(s, "campaign", 0).id;
        },
        message: (s) =>
          `snapshot: store.records.campaign[2].data.id "${dataOf(s, "campaign", 0).id}" is also the id of store.records.campaign[0]`,
      },
      {
        name: "a field of the wrong type",
        breaks: (s) => {
          dataOf(s, "campaign", 0).name = 5;
        },
        message: () => "snapshot: store.records.campaign[0].data.name must be a string (got 5)",
      },
      {
        name: "a nullable field of the wrong type",
        breaks: (s) => {
          dataOf(s, "campaign", 0).total_budget_amount_local_micro = "lots";
        },
        message: () =>
          'snapshot: store.records.campaign[0].data.total_budget_amount_local_micro must be null or an integer (got "lots")',
      },
      {
        name: "a seq that is not an integer",
        breaks: (s) => {
          recordOf(s, "campaign", 0).seq = 1.5;
        },
        message: () => "snapshot: store.records.campaign[0].seq must be a safe integer >= 1 (got 1.5)",
      },
      {
        name: "a seq two records have",
        breaks: (s) => {
          recordOf(s, "campaign", 0).seq = recordOf(s, "account", 0).seq;
        },
        message: (s) =>
          `snapshot: store.records.campaign[0].seq ${recordOf(s, "account", 0).seq} is also the seq of store.records.account[0]`,
      },
      {
        name: "a seq the store has not reached",
        breaks: (s) => {
          recordOf(s, "campaign", 0).seq = s.store.seq + 1;
        },
        message: (s) =>
          `snapshot: store.records.campaign[0].seq must be at most store.seq (${s.store.seq}) (got ${s.store.seq + 1})`,
      },
      {
        name: "a parent id of the wrong type",
        breaks: (s) => {
          recordOf(s, "campaign", 0).parentId = 7 as never;
        },
        message: () => "snapshot: store.records.campaign[0].parentId must be null or a string (got 7)",
      },
      {
        name: "a saved record with a field it does not have",
        breaks: (s) => {
          Object.assign(recordOf(s, "campaign", 0), { extra: true });
        },
        message: () =>
          "snapshot: store.records.campaign[0].extra is not allowed here (the fields are seq, parentId, data, key)",
      },
      {
        name: "a resource the emulator does not know",
        breaks: (s) => {
          s.store.records.campaigns = [];
        },
        message: () => /^snapshot: store\.records\.campaigns is not a collection of the emulator \(one of account, /,
      },
      {
        name: "an upload with a field of the wrong type",
        breaks: (s) => {
          dataOf(s, "media_upload", 0).total_bytes = "1024";
        },
        message: () => 'snapshot: store.records.media_upload[0].data.total_bytes must be a finite number (got "1024")',
      },
      {
        name: "an account's features that are not a list",
        breaks: (s) => {
          dataOf(s, "account_feature", 0).feature_keys = "SHARE_AUDIENCE_OUTSIDE_BUSINESS";
        },
        message: () =>
          'snapshot: store.records.account_feature[0].data.feature_keys must be an array (got "SHARE_AUDIENCE_OUTSIDE_BUSINESS")',
      },
      {
        name: "a store seq below zero",
        breaks: (s) => {
          s.store.seq = -1;
        },
        message: () => "snapshot: store.seq must be a safe integer >= 0 (got -1)",
      },
      {
        name: "a random seed that is not a number",
        breaks: (s) => {
          s.store.random.seed = "seed" as never;
        },
        message: () => 'snapshot: store.random.seed must be a safe integer (got "seed")',
      },
      {
        name: "an access token that is not an object",
        breaks: (s) => {
          s.auth.accessTokens["broken-token"] = "secret" as never;
        },
        message: () => 'snapshot: auth.accessTokens["broken-token"] must be an object (got "secret")',
      },
      {
        name: "a request token without its verifier",
        breaks: (s) => {
          s.auth.requestTokens["broken-token"] = { secret: "s", consumerKey: "k", callback: "oob" } as never;
        },
        message: () => 'snapshot: auth.requestTokens["broken-token"].verifier is missing (must be null or a string)',
      },
      {
        name: "an application whose revoked bearers are not strings",
        breaks: (s) => {
          Object.values(s.auth.apps)[0]?.revokedBearers.push(1 as never);
        },
        message: (s) => `snapshot: auth.apps.${Object.keys(s.auth.apps)[0]}.revokedBearers[0] must be a string (got 1)`,
      },
      {
        name: "a clock whose value is not a number",
        breaks: (s) => {
          s.clock.value = Number.NaN;
        },
        message: () => "snapshot: clock.value must be a number from -8640000000000000 to 8640000000000000 (got NaN)",
      },
      {
        name: "a clock built on a prototype holding its fields",
        breaks: (s) => {
          s.clock = Object.create({ frozen: true, value: 0 });
        },
        message: () => "snapshot: clock must be an object (got an object with another prototype)",
      },
      {
        name: "another version",
        breaks: (s) => {
          s.version = 2 as never;
        },
        message: () => "snapshot: version must be 1 (got 2)",
      },
      {
        name: "a function in a record",
        breaks: (s) => {
          dataOf(s, "campaign", 0).notes = { hooks: [() => 1] };
        },
        message: () => "snapshot: store.records.campaign[0].data.notes.hooks[0] must be JSON data (got a function)",
      },
      {
        name: "a number JSON cannot hold",
        breaks: (s) => {
          dataOf(s, "campaign", 0).scores = [1, Number.POSITIVE_INFINITY];
        },
        message: () => "snapshot: store.records.campaign[0].data.scores[1] must be JSON data (got Infinity)",
      },
      {
        name: "an object that is not plain data",
        breaks: (s) => {
          dataOf(s, "campaign", 0)["seen at"] = new Date(0);
        },
        message: () => 'snapshot: store.records.campaign[0].data["seen at"] must be JSON data (got a Date)',
      },
      {
        name: "a value that holds itself",
        breaks: (s) => {
          const loop: Record<string, unknown> = {};
          loop.self = loop;
          dataOf(s, "campaign", 0).loop = loop;
        },
        message: () =>
          "snapshot: store.records.campaign[0].data.loop.self must be JSON data (got a circular reference)",
      },
      {
        name: "a record nested 6,000 levels deep",
        breaks: (s) => {
          dataOf(s, "campaign", 0).frequency_cap = nested(6000);
        },
        message: () => "snapshot: store.records.campaign[0].data.frequency_cap nests deeper than 100 levels",
      },
    ];

  it.each(cases)("$name", ({ breaks, message }) => {
    expectRefused(breaks, message(saved));
  });

  it("names the first problem when there are several", () => {
    expectRefused((s) => {
      dataOf(s, "campaign", 2).id = null;
      dataOf(s, "campaign", 0).name = 5;
      dataOf(s, "campaign", 0).deleted = "no";
    }, "snapshot: store.records.campaign[0].data.name must be a string (got 5)");
  });

  it("refuses what is not a snapshot", () => {
    expect(refusal(emu, null).message).toBe("snapshot: the snapshot must be an object (got null)");
    expect(refusal(emu, {}).message).toBe('snapshot: format is missing (must be "xads-emulator-snapshot")');
    expect(emu.snapshot()).toEqual(saved);
  });

  it("a value nested 10,000 levels deep is a clear error, not a stack overflow", () => {
    const broken = structuredClone(saved);
    dataOf(broken, "line_item", 0).targeting = { criteria: nested(10_000) };
    const error = refusal(emu, broken);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("snapshot: store.records.line_item[0].data.targeting nests deeper than 100 levels");
    expect(emu.snapshot()).toEqual(saved);
  });

  it("a field may nest 100 levels deep, not 101", () => {
    const deepest = structuredClone(saved);
    dataOf(deepest, "campaign", 0).frequency_cap = nested(100);
    expect(() => assertSnapshot(deepest)).not.toThrow();
    expectRefused((s) => {
      dataOf(s, "campaign", 0).frequency_cap = nested(101);
    }, "snapshot: store.records.campaign[0].data.frequency_cap nests deeper than 100 levels");
  });

  describe("keys named like Object.prototype's properties are the snapshot's own, never read through the prototype", () => {
    const NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    /** Sets an own property (`broken.__proto__ = x` would set the prototype instead). */
    const setOwn = (target: object, name: string, value: unknown) =>
      Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });

    it.each(NAMES)("a collection named %s is refused", (name) => {
      expectRefused(
        (s) => setOwn(s.store.records, name, []),
        new RegExp(`^snapshot: store\\.records\\.${name} is not a collection of the emulator`),
      );
    });

    it.each(NAMES)("an application named %s is checked as one", (name) => {
      expectRefused((s) => setOwn(s.auth.apps, name, "x"), `snapshot: auth.apps.${name} must be an object (got "x")`);
    });

    it("a record's fields so named are its data, kept through a restore, and the emulator answers it", async () => {
      const withFields = structuredClone(saved);
      const data = dataOf(withFields, "campaign", 1);
      for (const name of NAMES) setOwn(data, name, `own ${name}`);
      emu.restore(JSON.parse(JSON.stringify(withFields)));
      try {
        const restored = dataOf(emu.snapshot(), "campaign", 1);
        for (const name of NAMES) expect(Object.getOwnPropertyDescriptor(restored, name)?.value).toBe(`own ${name}`);
        expect((await call(emu, "GET", accountPath(emu, `/campaigns/${data.id}`))).status).toBe(200);
      } finally {
        emu.restore(saved);
      }
    });

    it("a record's id is never one its data inherits", () => {
      Object.defineProperty(Object.prototype, "id", { value: "inherited", configurable: true });
      try {
        expectRefused((s) => {
          delete dataOf(s, "campaign", 0).id;
        }, "snapshot: store.records.campaign[0].data.id is missing (must be a non-empty string)");
      } finally {
        delete (Object.prototype as { id?: unknown }).id;
      }
    });
  });
});

describe("the checker", () => {
  it("says what a nullable value must be, but keeps a problem deeper than the value's kind", () => {
    const list = nullable(all(array, json));
    expect(list(null)).toBeUndefined();
    expect(list("x")?.problem).toBe('must be null or an array (got "x")');
    expect(list(nested(101))?.problem).toBe("nests deeper than 100 levels");
    expect(list([[1, Number.NaN]])?.path).toBe("[0][1]");
  });
});
