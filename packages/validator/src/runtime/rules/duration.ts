// ISO 8601 durations (P7D, P13M, PT1H) added to instants in UTC, calendar-aware for years and months.

const DURATION = /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

export interface Duration {
  years: number;
  months: number;
  days: number;
  milliseconds: number;
}

export function parseDuration(text: string): Duration {
  const match = DURATION.exec(text);
  if (!match) throw new Error(`"${text}" is not an ISO 8601 duration`);
  const n = (index: number) => Number(match[index] ?? 0);
  return {
    years: n(1),
    months: n(2),
    days: n(3) * 7 + n(4),
    milliseconds: ((n(5) * 60 + n(6)) * 60 + n(7)) * 1000,
  };
}

/** The instant `duration` after `start`; a month end clamps (Jan 31 + P1M is the last day of February). */
export function addDuration(start: Date, duration: Duration): Date {
  const result = new Date(start.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCFullYear(result.getUTCFullYear() + duration.years);
  result.setUTCMonth(result.getUTCMonth() + duration.months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  result.setUTCDate(result.getUTCDate() + duration.days);
  return new Date(result.getTime() + duration.milliseconds);
}

/** The instant of an ISO 8601 timestamp, or undefined when the value is not one. */
export function instantOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== "string" || !/^\d{4}-\d\d-\d\d/.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}
