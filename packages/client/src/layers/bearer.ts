import { authorized, finalError, type Layer } from "./compose.js";

/** A bearer token, or a function that returns one (for example `auth.bearerToken`). */
export type BearerToken = string | (() => string | Promise<string>);

/**
 * Sends `Authorization: Bearer <token>` with every attempt; a function is asked each attempt (it caches,
 * as `auth.bearerToken` does). A token that cannot be had rejects without a retry.
 */
export function bearerLayer(token: BearerToken): Layer {
  return (next) => (url, init) => {
    const send = (value: string) => next(url, authorized(init, `Bearer ${value}`));
    if (typeof token === "string") return send(token);
    let pending: string | Promise<string>;
    try {
      pending = token();
    } catch (error) {
      return Promise.reject(finalError(error));
    }
    return Promise.resolve(pending).then(send, (error: unknown) => Promise.reject(finalError(error)));
  };
}
