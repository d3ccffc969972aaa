// Markdown the kinds' sentences share.

/**
 * Inline code.
 * @param {unknown} text
 */
export const code = (text) => `\`${text}\``;
