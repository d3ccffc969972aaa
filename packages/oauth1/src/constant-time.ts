/**
 * Whether two strings are equal, in a time that depends on their length only (not on where they
 * first differ), so that comparing a secret or a signature tells nothing of how close a guess was.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
