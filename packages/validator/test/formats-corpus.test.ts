// The inlined date and time checks agree with ajv-formats' full mode on a large seeded corpus:
// well-formed values across the calendar (leap years, month ends, leap seconds, zones, fractions)
// and single and double mutations of them (any character replaced, inserted or deleted).
import ajvFormats from "ajv-formats/dist/formats.js";
import { describe, expect, it } from "vitest";
import { isDate, isDateTime, isTime } from "../src/runtime/formats.js";

const { fullFormats } = ajvFormats as unknown as {
  fullFormats: Record<string, ((value: string) => boolean) | { validate: (value: string) => boolean }>;
};
const reference = (name: string) => {
  const format = fullFormats[name];
  if (!format) throw new Error(`ajv-formats has no ${name}`);
  return typeof format === "function" ? format : format.validate;
};

/** A small seeded generator (mulberry32), so every run checks the same corpus. */
function random(seed: number) {
  let state = seed >>> 0;
  return (limit: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * limit);
  };
}

const pad = (value: number, width: number) => String(value).padStart(width, "0");
const ALPHABET = "0123456789-:.+TtZz \t\n\u00a0\u2028\u3000x/ٳ０";
const YEARS = [0, 1, 4, 100, 400, 1900, 1999, 2000, 2023, 2024, 2025, 2100, 9999];

function corpus(seed: number, size: number, make: (pick: (limit: number) => number) => string): string[] {
  const pick = random(seed);
  const out: string[] = [];
  while (out.length < size) {
    let text = make(pick);
    const mutations = pick(3); // 0: as made, 1 or 2 mutations
    for (let m = 0; m < mutations; m++) {
      const at = pick(text.length + 1);
      const char = ALPHABET[pick(ALPHABET.length)] ?? "";
      const kind = pick(3);
      text =
        kind === 0
          ? text.slice(0, at) + char + text.slice(at + 1)
          : kind === 1
            ? text.slice(0, at) + char + text.slice(at)
            : text.slice(0, at) + text.slice(at + 1);
    }
    out.push(text);
  }
  return out;
}

const date = (pick: (limit: number) => number) =>
  `${pad(YEARS[pick(YEARS.length)] ?? 2024, 4)}-${pad(pick(14), 2)}-${pad(pick(10) < 7 ? 28 + pick(5) : pick(33), 2)}`;

const ZONES = ["Z", "z", "+00:00", "-00:00", "+05:30", "-08:00", "+0530", "+05", "+23:59", "+24:00", "-00:01", ""];
const time = (pick: (limit: number) => number) => {
  const leap = pick(8) === 0;
  const hour = leap ? 23 + pick(2) - pick(2) : pick(26);
  const minute = leap ? 59 + pick(2) - pick(2) : pick(62);
  const second = leap ? 60 : pick(10) === 0 ? 60 + pick(2) : pick(60);
  const fraction = pick(4) === 0 ? `.${"123456789".slice(0, 1 + pick(9))}` : "";
  return `${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}${ZONES[pick(ZONES.length)]}`;
};
const SEPARATORS = ["T", "T", "T", "t", " ", "\t", "\u2003", "_", "TT"];
const dateTime = (pick: (limit: number) => number) =>
  `${date(pick)}${SEPARATORS[pick(SEPARATORS.length)]}${time(pick)}`;

/** The common shape `YYYY-MM-DDThh:mm:ssZ` over every day of four years, one a leap year, and the days after month ends. */
function calendar(): string[] {
  const out: string[] = [];
  for (const year of [1900, 2000, 2023, 2024]) {
    for (let month = 0; month <= 13; month++) {
      for (let day = 0; day <= 32; day++) out.push(`${year}-${pad(month, 2)}-${pad(day, 2)}T12:34:56Z`);
    }
  }
  return out;
}

describe("date and time formats against ajv-formats (full)", () => {
  const cases: [string, (value: string) => boolean, string[]][] = [
    ["date-time", isDateTime, [...calendar(), ...corpus(7, 150_000, dateTime)]],
    ["date", isDate, corpus(11, 30_000, date)],
    ["time", isTime, corpus(13, 30_000, time)],
  ];
  for (const [name, ours, values] of cases) {
    it(`${name}: ${values.length} strings, the same verdict for each`, () => {
      const theirs = reference(name);
      const disagreements = values.filter((value) => ours(value) !== theirs(value));
      expect(disagreements.slice(0, 10)).toEqual([]);
      // The corpus exercises both verdicts in quantity.
      const accepted = values.filter((value) => theirs(value)).length;
      expect(accepted).toBeGreaterThan(values.length / 10);
      expect(values.length - accepted).toBeGreaterThan(values.length / 10);
    });
  }
});
