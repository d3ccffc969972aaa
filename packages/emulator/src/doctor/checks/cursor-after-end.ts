import type { DoctorCheck } from "../finding.js";

export const cursorAfterEnd: DoctorCheck = {
  id: "cursor-after-end",
  title: "sent a cursor again after its page ended the list (`next_cursor: null`)",
  rule: {
    source: "seed 000 section 2.2 (Conventions of the advertising interface)",
    text: "cursor: value of `next_cursor` of the previous response; a list answers `next_cursor: string or null`",
  },
  detect({ current, history }) {
    if (current.cursor === undefined) return undefined;
    const ended = history.some(
      (earlier) => earlier.path === current.path && earlier.cursor === current.cursor && earlier.nextCursor === null,
    );
    if (!ended) return undefined;
    return {
      severity: "error",
      fix: "Stop paging when an answer's next_cursor is null: that page was the last; send the next_cursor of the previous answer, never a cursor already sent.",
    };
  },
};
