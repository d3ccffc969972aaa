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

  it("keeps the response a Response of its own class, with its own methods", async () => {
    class Tagged extends Response {
      tag() {
        return "mine";
      }
    }
    const release = vi.fn();
    const response = guardBody(new Tagged("text"), release) as Tagged;
    expect(response).toBeInstanceOf(Tagged);
    expect(response).toBeInstanceOf(Response);
    expect(response.tag()).toBe("mine");
    expect(await response.text()).toBe("text");
    expect(release).toHaveBeenCalledTimes(1);
    // Another response of the class is untouched until it is guarded.
    expect(Object.hasOwn(Object.getPrototypeOf(new Tagged("x")), "text")).toBe(false);
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
