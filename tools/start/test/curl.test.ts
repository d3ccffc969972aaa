import { curlLine } from "@xads/mock";
import { describe, expect, it } from "vitest";
import { parseCurl } from "./curl.js";

describe("curl lines", () => {
  it("read back what curlLine writes", () => {
    const request = {
      method: "POST",
      path: "/oauth2/token",
      headers: { Authorization: "Basic bW9jazptb2Nr", "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    };
    const line = curlLine("http://127.0.0.1:4010", request);
    expect(line).toBe(
      "curl -H 'Authorization: Basic bW9jazptb2Nr' -d grant_type=client_credentials http://127.0.0.1:4010/oauth2/token",
    );
    expect(parseCurl(line)).toEqual({
      url: "http://127.0.0.1:4010/oauth2/token",
      method: "POST",
      headers: request.headers,
      body: request.body,
    });
  });

  it("quote what the shell would split and name a method curl would not guess", () => {
    const line = curlLine("http://127.0.0.1:4011", { method: "DELETE", path: "/12/x?a=1&b=it's", headers: {} });
    expect(line).toBe("curl -X DELETE 'http://127.0.0.1:4011/12/x?a=1&b=it'\\''s'");
    expect(parseCurl(line)).toEqual({ url: "http://127.0.0.1:4011/12/x?a=1&b=it's", method: "DELETE", headers: {} });
  });
});
