import { describe, expect, it } from "vitest";
import { DOCS_PORT, portInUseMessage, portVariable, resolvePorts } from "../src/ports.mjs";

const documents = [
  { name: "ads", mockPort: 4011 },
  { name: "tailored-audiences", mockPort: 4012 },
];

describe("ports", () => {
  it("takes the documents' ports and 4000 for the site by default", () => {
    expect(resolvePorts(documents, {})).toEqual({ mocks: { ads: 4011, "tailored-audiences": 4012 }, docs: DOCS_PORT });
  });

  it("moves each part with its own variable", () => {
    expect(portVariable("tailored-audiences")).toBe("XADS_PORT_TAILORED_AUDIENCES");
    const env = { XADS_PORT_TAILORED_AUDIENCES: "5012", XADS_PORT_DOCS: "5000" };
    expect(resolvePorts(documents, env)).toEqual({ mocks: { ads: 4011, "tailored-audiences": 5012 }, docs: 5000 });
  });

  it.each(["0", "65536", "12ab", "-1", "4011.5"])("refuses %s, naming the variable and the rule", (value) => {
    expect(() => resolvePorts(documents, { XADS_PORT_ADS: value })).toThrow(
      `XADS_PORT_ADS must be a port number from 1 to 65535, got ${JSON.stringify(value)}`,
    );
  });

  it("refuses two parts on one port", () => {
    expect(() => resolvePorts(documents, { XADS_PORT_DOCS: "4011" })).toThrow(
      "XADS_PORT_DOCS and XADS_PORT_ADS both give port 4011",
    );
  });

  it("says how to move a taken port", () => {
    const message = portInUseMessage("ads", 4011);
    expect(portInUseMessage("ads", 4011, "emulator")).toContain(
      "port 4011 (the emulator's ads port) is already in use",
    );
    expect(message).toContain("port 4011 (the ads mock) is already in use");
    expect(message).toContain("XADS_PORT_ADS=5011 npx -y pnpm@10 start");
  });
});
