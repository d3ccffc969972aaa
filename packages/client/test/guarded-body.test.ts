import { describe, expect, it, vi } from "vitest";
import { guardBody } from "../src/guarded-body.js";

describe("guardBody", () => {
  it("releases at once when there is no body", () => {
    const release = vi.fn();
    guardBody(new Response(null, { status: 204 }), release);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it("releases once a reader has read the body, not before", async () => {
    const release = vi.fn();
    const response = guardBody(new Response('{"a":1}'), release);
    expect(release).not.toHaveBeenCalled();
    expect(await response.json()).toEqual({ a: 1 });
    expect(release).toHaveBeenCalledTimes(1);
  });

  it("releases when a reader fails, and the failure reaches the caller", async () => {
    const release = vi.fn();
    const response = guardBody(new Response("not json"), release);
    await expect(response.json()).rejects.toThrow(SyntaxError);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it("keeps the response a Response of its own class, whose own readers it wraps", async () => {
    class Tagged extends Response {
      tag() {
        return "mine";
      }
      override async text() {
        return `tagged ${await super.text()}`;
      }
    }
    const release = vi.fn();
    const response = guardBody(new Tagged("text"), release) as Tagged;
    expect(response).toBeInstanceOf(Tagged);
    expect(response).toBeInstanceOf(Response);
    expect(response.tag()).toBe("mine");
    expect(await response.text()).toBe("tagged text");
    expect(release).toHaveBeenCalledTimes(1);
    // Neither another response of the class nor the class itself is touched.
    const other = new Tagged("x");
    expect(Object.hasOwn(other, "text")).toBe(false);
    expect(await other.text()).toBe("tagged x");
    expect(Object.hasOwn(Response.prototype, "text")).toBe(true);
  });

  it("a response guarded twice releases both guards on one read", async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const response = guardBody(guardBody(new Response("x"), inner), outer);
    expect(await response.arrayBuffer()).toBeInstanceOf(ArrayBuffer);
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).toHaveBeenCalledTimes(1);
  });
});
