// Format checks for the formats the documents use. The generator fails on any other format, so a
// new one is added here (with test vectors against ajv-formats) before a document may use it.

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const BYTE = /^(?:[a-z0-9+/]{4})*(?:[a-z0-9+/]{2}==|[a-z0-9+/]{3}=)?$/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MIN_INT32 = -(2 ** 31);
const MAX_INT32 = 2 ** 31 - 1;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : (DAYS[month] ?? 0));
}

/** RFC 3339 time; the zone is required (as for date-time). */
export function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match?.[4]) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  const zoneHour = Number(match[6] ?? 0);
  const zoneMinute = Number(match[7] ?? 0);
  if (zoneHour > 23 || zoneMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second is 23:59:60 in UTC.
  const sign = match[5] === "-" ? -1 : 1;
  const utcMinute = minute - zoneMinute * sign;
  const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

export function isDateTime(text: string): boolean {
  const parts = text.split(DATE_TIME_SEPARATOR);
  return parts.length === 2 && isDate(parts[0] as string) && isTime(parts[1] as string);
}

export function isUri(text: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text) || /\s/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_INT32 && value <= MAX_INT32;
}

const always = (): boolean => true;
const numeric = (validate: (value: number) => boolean) => ({ type: "number", validate });

/**
 * The checks in the form the generated code calls them: string formats as functions, number formats
 * as `{ type: "number", validate }` (Ajv applies those to numbers only).
 */
export const formats = {
  date: isDate,
  time: isTime,
  "date-time": isDateTime,
  uri: isUri,
  url: isUri,
  email: (text: string) => EMAIL.test(text),
  uuid: (text: string) => UUID.test(text),
  byte: (text: string) => BYTE.test(text),
  binary: always,
  password: always,
  int32: numeric(isInt32),
  int64: numeric(Number.isInteger),
  float: numeric((value) => typeof value === "number"),
  double: numeric((value) => typeof value === "number"),
};
