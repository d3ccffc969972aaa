import type { DoctorCheck } from "../finding.js";

/** A cursor answered this many times already, and sent again, is a paging loop that does not advance. */
const ANSWERED = 2;

export const cursorReused: DoctorCheck = {
  id: "cursor-reused",
  title: `sent a cursor already answered ${ANSWERED} times (a paging loop that does not advance)`,
  rule: {
    source: "seed 000 section 2.2 (Conventions of the advertising interface)",
    text: "cursor: value of `next_cursor` of the previous response",
  },
  detect({ current, history }) {
    if (current.cursor === undefined) return undefined;
    const same = history.filter((earlier) => earlier.path === current.path && earlier.cursor === current.cursor);
    // A cursor whose page ended the list is cursor-after-end's; a retry after a failure is not a loop.
    if (same.some((earlier) => earlier.nextCursor === null)) return undefined;
    const answered = same.filter((earlier) => earlier.status >= 200 && earlier.status < 300);
    if (answered.length !== ANSWERED) return undefined;
    return {
      severity: "warning",
      fix: "Send each answer's next_cursor as the next request's cursor: this cursor's page was answered already, so the loop reads the same page again.",
    };
  },
};
