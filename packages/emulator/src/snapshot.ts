// The emulator's state as JSON: clock, records and issued credentials. Traffic (rate-limit windows,
// seen nonces, the request log, pending faults) is not state and is left out.
import type { AuthState } from "./auth/state.js";
import type { ClockState } from "./clock.js";
import { resources } from "./generated/index.js";
import { COLLECTION as FEATURES } from "./operations/features.js";
import {
  all,
  array,
  arrayOf,
  between,
  boolean,
  type Check,
  finiteNumber,
  integer,
  json,
  literal,
  Mismatch,
  mismatch,
  missing,
  nonEmptyString,
  nullable,
  object,
  plainObject,
  recordBy,
  recordOf,
  safeInteger,
  string,
} from "./snapshot-check.js";
import type { FieldSpec, ResourceSpec } from "./spec-types.js";
import { type Data, KEY_FIELDS, type SavedRecord, type StoreState } from "./store/store.js";
import { COLLECTION as UPLOADS, type Upload } from "./upload/uploads.js";

export const SNAPSHOT_FORMAT = "xads-emulator-snapshot";

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  clock: ClockState;
  store: StoreState;
  auth: AuthState;
}

/** Refuses anything but a whole, consistent snapshot, naming the first problem and its path. */
export function assertSnapshot(value: unknown): asserts value is Snapshot {
  const problem = snapshotShape(value) ?? recordPlacesProblem((value as Snapshot).store);
  if (problem) throw new TypeError(`snapshot: ${problem.path || "the snapshot"} ${problem.problem}`);
}

/** How far from the epoch a Date reaches, in ms: answering a time beyond it would throw. */
const MAX_TIME = 8.64e15;

const FIELD_TYPES = new Map<string, Check<unknown>>([
  ["string", string],
  ["integer", integer],
  ["number", finiteNumber],
  ["boolean", boolean],
  ["array", all(array, json)],
  ["object", all(plainObject, json)],
]);

/** A declared field: its JSON type (anything for `any` or a type the checker does not know). */
function fieldCheck(field: FieldSpec): Check<unknown> {
  const type = FIELD_TYPES.get(field.type) ?? json;
  return field.nullable ? nullable(type) : type;
}

/** A resource's record: declared fields of their types, other fields any JSON. */
const resourceData = (resource: ResourceSpec): Check<Data> =>
  object(
    {},
    {
      optional: Object.fromEntries(Object.entries(resource.fields).map(([name, field]) => [name, fieldCheck(field)])),
      rest: json,
    },
  );

const uploadData = object(
  {
    id: string,
    media_key: string,
    media_type: string,
    media_category: nullable(string),
    total_bytes: finiteNumber,
    segments: recordOf(finiteNumber),
    created_at: finiteNumber,
    finalized_at: nullable(finiteNumber),
    fail: boolean,
  },
  { rest: json },
) satisfies Check<Upload>;

const featureData = object({ id: string, feature_keys: arrayOf(string) }, { rest: json });

const savedRecords = (data: Check<Data>): Check<SavedRecord[]> =>
  arrayOf(object({ seq: safeInteger(1), parentId: nullable(string), data }, { optional: { key: nonEmptyString } }));

const COLLECTIONS = new Map<string, Check<SavedRecord[]>>([
  ...resources.map((resource): [string, Check<SavedRecord[]>] => [resource.name, savedRecords(resourceData(resource))]),
  [UPLOADS, savedRecords(uploadData)],
  [FEATURES, savedRecords(featureData)],
]);

const unknownCollection = `is not a collection of the emulator (one of ${[...COLLECTIONS.keys()].join(", ")})`;

const apps = recordOf(object({ secret: string, bearer: nullable(string), revokedBearers: arrayOf(string) }));
const requestTokens = recordOf(
  object({ secret: string, consumerKey: string, callback: string, verifier: nullable(string) }),
);
const accessTokens = recordOf(
  object({ secret: string, consumerKey: string, userId: string, screenName: string, invalidated: boolean }),
);

const snapshotShape: Check<Snapshot> = object({
  format: literal(SNAPSHOT_FORMAT),
  version: literal(1),
  // A frozen clock's value is its time, which must stay a Date's; a running clock's offset has the same bound.
  clock: object({ frozen: boolean, value: between(-MAX_TIME, MAX_TIME) }),
  store: object({
    seq: safeInteger(0),
    random: object({ seed: safeInteger() }),
    records: recordBy((name) => COLLECTIONS.get(name) ?? new Mismatch(unknownCollection)),
  }),
  auth: object({ apps, requestTokens, accessTokens }),
});

/**
 * What the types cannot say: each record's id (its key, else `data.id`) is unique in its collection, and
 * each sequence number is unique in the store and at most the store's.
 */
function recordPlacesProblem(store: StoreState): Mismatch | undefined {
  const seqs = new Set<number>();
  for (const [name, records] of Object.entries(store.records)) {
    const ids = new Set<string>();
    for (let i = 0; i < records.length; i++) {
      const problem = seqProblem(store, (records[i] as SavedRecord).seq, seqs) ?? idProblem(name, records, i, ids);
      if (problem) return problem.at(i).at(name).at("records").at("store");
    }
  }
  return undefined;
}

function seqProblem(store: StoreState, seq: number, seqs: Set<number>): Mismatch | undefined {
  if (seq > store.seq) return mismatch(`at most store.seq (${store.seq})`, seq).at("seq");
  if (seqs.has(seq)) return new Mismatch(`${seq} is also the seq of ${holderOf(store, seq)}`).at("seq");
  seqs.add(seq);
  return undefined;
}

function idProblem(
  name: string,
  records: readonly SavedRecord[],
  index: number,
  ids: Set<string>,
): Mismatch | undefined {
  const { key, data } = records[index] as SavedRecord;
  if (key === undefined && !Object.hasOwn(data, "id")) {
    const keyField = KEY_FIELDS.get(name);
    if (keyField) return new Mismatch(`is missing (must be a non-empty string: the record's ${keyField})`).at("key");
    return missing(nonEmptyString).at("id").at("data");
  }
  const id = key ?? data.id;
  if (typeof id === "string" && id !== "" && !ids.has(id)) {
    ids.add(id);
    return undefined;
  }
  const problem =
    typeof id === "string" && id !== ""
      ? new Mismatch(`${JSON.stringify(id)} is also the id of store.records.${name}[${firstWithId(records, id)}]`)
      : mismatch("a non-empty string", id);
  return key === undefined ? problem.at("id").at("data") : problem.at("key");
}

const firstWithId = (records: readonly SavedRecord[], id: string) =>
  records.findIndex((record) => (record.key ?? record.data.id) === id);

/** The path of the first record holding `seq`: found again for the message, rather than kept for each record. */
function holderOf(store: StoreState, seq: number): string {
  for (const [name, records] of Object.entries(store.records)) {
    const index = records.findIndex((record) => record.seq === seq);
    if (index >= 0) return `store.records.${name}[${index}]`;
  }
  return "another record";
}
