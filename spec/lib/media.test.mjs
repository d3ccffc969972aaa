// Which media type counts: a request body's, and a response's (where any JSON type beats the first
// listed), and when a JSON answer may come as a text page.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mayAnswerText, pickRequestMediaType, pickResponseMediaType } from "./media.mjs";

describe("media types", () => {
  it("picks JSON, then a form, then multipart, then the first listed for a request body", () => {
    assert.equal(pickRequestMediaType(["multipart/form-data", "application/json"]), "application/json");
    assert.equal(
      pickRequestMediaType(["multipart/form-data", "application/x-www-form-urlencoded"]),
      "application/x-www-form-urlencoded",
    );
    assert.equal(pickRequestMediaType(["text/plain", "application/problem+json"]), "text/plain");
    assert.equal(pickRequestMediaType([]), undefined);
  });

  it("picks a response's JSON first, any JSON type before the first listed", () => {
    assert.equal(pickResponseMediaType(["text/html", "application/json"]), "application/json");
    assert.equal(pickResponseMediaType(["text/html", "application/problem+json"]), "application/problem+json");
    assert.equal(pickResponseMediaType(["text/plain"]), "text/plain");
    assert.equal(pickResponseMediaType([]), undefined);
  });

  it("lets a JSON answer come as a text page only when a text type is beside it", () => {
    assert.equal(mayAnswerText(["application/json", "text/html"]), true);
    assert.equal(mayAnswerText(["text/html", "application/problem+json"]), true);
    assert.equal(mayAnswerText(["application/json"]), false);
    assert.equal(mayAnswerText(["text/html"]), false);
    assert.equal(mayAnswerText(["application/octet-stream", "text/plain"]), false);
  });
});
