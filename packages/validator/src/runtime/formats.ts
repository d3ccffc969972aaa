// Format checks for the formats the documents use. The compiler fails on any other format, so a new
// one is added here (with test vectors against ajv-formats) and to the compiler's table before a
// document may use it. `binary` and `password` check nothing; `float` and `double` only the type.

const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const BYTE = /^(?:[a-z0-9+/]{4})*(?:[a-z0-9+/]{2}==|[a-z0-9+/]{3}=)?$/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MIN_INT32 = -(2 ** 31);
const MAX_INT32 = 2 ** 31 - 1;

// Dates and times in general are read character by character (their rules, leap years and leap
// seconds, do not fit a regular expression); the common date-time shape has a fast path below.

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The two-digit number at `index`, or -1. */
function twoDigits(text: string, index: number): number {
  const a = text.charCodeAt(index) - 48;
  const b = text.charCodeAt(index + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** RFC 3339 full-date at `start`, exactly 10 characters. */
function dateAt(text: string, start: number): boolean {
  const century = twoDigits(text, start);
  const yy = twoDigits(text, start + 2);
  const month = twoDigits(text, start + 5);
  const day = twoDigits(text, start + 8);
  if (century < 0 || yy < 0 || month < 1 || month > 12 || day < 1) return false;
  if (text.charCodeAt(start + 4) !== 45 || text.charCodeAt(start + 7) !== 45) return false;
  return day <= (month === 2 && isLeapYear(century * 100 + yy) ? 29 : (DAYS[month] ?? 0));
}

/** RFC 3339 time with a zone (`Z`, `+hh`, `+hhmm`, `+hh:mm`), from `start` to the end of the text. */
function timeAt(text: string, start: number): boolean {
  const hour = twoDigits(text, start);
  const minute = twoDigits(text, start + 3);
  const second = twoDigits(text, start + 6);
  if (hour < 0 || minute < 0 || second < 0 || text.charCodeAt(start + 2) !== 58 || text.charCodeAt(start + 5) !== 58)
    return false;
  let index = start + 8;
  if (text.charCodeAt(index) === 46) {
    const first = ++index;
    while (index < text.length && text.charCodeAt(index) >= 48 && text.charCodeAt(index) <= 57) index++;
    if (index === first) return false;
  }
  const zone = text.charCodeAt(index);
  let sign = 0;
  let zoneHour = 0;
  let zoneMinute = 0;
  if (zone === 90 || zone === 122) {
    if (index + 1 !== text.length) return false;
  } else if (zone === 43 || zone === 45) {
    sign = zone === 45 ? -1 : 1;
    zoneHour = twoDigits(text, index + 1);
    const rest = text.length - (index + 3);
    if (rest === 0) zoneMinute = 0;
    else if (rest === 2) zoneMinute = twoDigits(text, index + 3);
    else if (rest === 3 && text.charCodeAt(index + 3) === 58) zoneMinute = twoDigits(text, index + 4);
    else return false;
    if (zoneHour < 0 || zoneMinute < 0) return false;
  } else {
    return false;
  }
  if (zoneHour > 23 || zoneMinute > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  // A leap second is 23:59:60 in UTC.
  const utcMinute = minute - zoneMinute * sign;
  const utcHour = hour - zoneHour * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

export function isDate(text: string): boolean {
  return text.length === 10 && dateAt(text, 0);
}

/** RFC 3339 time; the zone is required (as for date-time). */
export function isTime(text: string): boolean {
  return text.length >= 9 && timeAt(text, 0);
}

/**
 * The common `YYYY-MM-DDThh:mm:ssZ` shape with every field in range, the day within its month (29
 * February, whose year decides, and leap seconds take the general path): one call into the regular
 * expression engine, which reads the 20 characters faster than `charCodeAt` one by one.
 */
const PLAIN_UTC =
  /^\d{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;

/** Small, so that the compiled checks that call it take it in: the general rule is a call of its own. */
export function isDateTime(text: string): boolean {
  return PLAIN_UTC.test(text) || isGeneralDateTime(text);
}

/** RFC 3339 date-time in full: a `T`, `t` or white space between date and time, any zone, fractions. */
function isGeneralDateTime(text: string): boolean {
  if (text.length < 20) return false;
  const separator = text.charCodeAt(10);
  return (separator === 84 || separator === 116 || isWhiteSpace(separator)) && dateAt(text, 0) && timeAt(text, 11);
}

/** A character `\s` matches: ajv-formats splits a date-time at `t` or any such character. */
function isWhiteSpace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
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

export function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_INT32 && value <= MAX_INT32;
}

export function isInt64(value: number): boolean {
  return Number.isInteger(value);
}

export function isEmail(text: string): boolean {
  return EMAIL.test(text);
}

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

export function isByte(text: string): boolean {
  return BYTE.test(text);
}
