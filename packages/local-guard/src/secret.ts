// Tokens that open a server to other machines: made at random, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A fresh token: 24 random bytes, base64url (32 characters). */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Equal tokens, compared through their digests so neither the length nor a prefix leaks by timing. */
export function sameToken(sent: string, expected: string): boolean {
  return timingSafeEqual(digest(sent), digest(expected));
}
