// time-window: two timestamps at most a duration apart, the end not before the start.
import { code } from "../markdown.mjs";
import { duration, ref } from "../schema.mjs";

/** @type {import("../registry.mjs").RuleKind} */
export default {
  name: "time-window",
  schema: {
    required: ["start", "end", "max"],
    properties: {
      start: ref,
      end: ref,
      max: duration,
      endDefaultsToNow: { type: "boolean" },
    },
  },
  references: { start: "reference", end: "reference" },
  defaults: { endDefaultsToNow: false },
  describe: (rule) =>
    `${code(rule.end)} − ${code(rule.start)} is between 0 and ${code(rule.max)}${
      rule.endDefaultsToNow ? ` (${code(rule.end)} defaults to now)` : ""
    }`,
  example: {
    id: "at-most-seven-days",
    kind: "time-window",
    description: "`end_time` (now when absent) is at most 7 days after `start_time`, and not before it.",
    error: "INVALID_TIME_WINDOW",
    start: "query.start_time",
    end: "query.end_time",
    max: "P7D",
    endDefaultsToNow: true,
  },
  runtime: "time-window",
  readme: {
    fields: "`start`, `end`, `max` (ISO 8601 duration), `endDefaultsToNow`",
    meaning: "`end - start` is at most `max`, and not negative",
    error: "INVALID_TIME_WINDOW",
    holds:
      "`0 <= end - start <= max` (ISO 8601 duration, calendar months and years in UTC); `endDefaultsToNow` measures to `now` when `end` is absent",
  },
};
