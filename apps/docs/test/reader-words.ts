// Words that speak to the project's maintainers, not to readers (spec/README.md convention 12): the
// seeds and the facts file are the spec's internal sources, and "the mock" is an internal name. The
// site may speak of mocks only where it means Prism's stateless mocks, which `pnpm start --static`
// serves: the word "mocks", in a sentence that also says `--static` or "Prism".

/** The sentences of a run of text: each ends with `.`, `!` or `?` before a space. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== "");
}

/** Why a sentence speaks to maintainers (the words it uses), or `undefined` when it speaks to readers. */
export function maintainerWords(sentence: string): string | undefined {
  const found: string[] = [];
  const seed = /\bseeds?\b/i.exec(sentence);
  if (seed) found.push(`"${seed[0]}"`);
  const facts = /\bfacts file\b/i.exec(sentence);
  if (facts) found.push(`"${facts[0]}"`);
  const aboutPrism = /--static|\bPrism\b/.test(sentence);
  for (const mock of sentence.matchAll(/\bmock(?:s|ed|ing)?\b/gi)) {
    if (!(mock[0].toLowerCase() === "mocks" && aboutPrism)) found.push(`"${mock[0]}"`);
  }
  return found.length > 0 ? found.join(", ") : undefined;
}

/** The sentences of some texts that speak to maintainers, each with the words that make it so. */
export function maintainerSentences(texts: string[]): Array<{ sentence: string; words: string }> {
  return texts.flatMap((text) =>
    sentencesOf(text).flatMap((sentence) => {
      const words = maintainerWords(sentence);
      return words ? [{ sentence, words }] : [];
    }),
  );
}
