// The doctor's corpus: each misbehaving client program is flagged with exactly its finding, on the
// request that showed it (its log entry and, opted in, the header of its answer); the well-behaved
// programs with none.
import { describe, expect, it } from "vitest";
import { newEmulator } from "../helpers.js";
import { badClients } from "./bad-clients.js";
import { goodClients } from "./good-clients.js";

const doctorOn = () => newEmulator({ doctor: { header: true } });

describe("client doctor corpus", () => {
  it.each(badClients.map((client) => [`${client.finding} (${client.severity}): ${client.name}`, client] as const))(
    "%s",
    async (_, client) => {
      const emu = await doctorOn();
      const headers: string[] = [];
      client.arrange?.(emu);
      const fetch = emu.fetch;
      emu.fetch = async (input, init) => {
        const answer = await fetch(input, init);
        const ids = answer.headers.get("x-xads-emulator-doctor");
        if (ids) headers.push(ids);
        return answer;
      };
      await client.run(emu);
      const findings = emu.findings();
      expect(new Set(findings.map((finding) => finding.id))).toEqual(new Set([client.finding]));
      expect(new Set(findings.map((finding) => finding.severity))).toEqual(new Set([client.severity]));
      expect(new Set(headers)).toEqual(new Set([client.finding]));
      for (const finding of findings) {
        const logged = emu.requests[finding.request.index];
        expect(logged?.findings).toContain(client.finding);
        expect(logged?.at).toBe(finding.request.at);
        expect(logged?.method).toBe(finding.request.method);
        expect(logged?.url.split("?")[0]).toBe(finding.request.path.replace("[secret]", emu.fixture.tokenSecret));
        expect(finding.rule.source).toMatch(/^(facts file|seed 00\d)/);
        expect(finding.fix.length).toBeGreaterThan(20);
      }
      expect(emu.requests.filter((entry) => entry.findings).length).toBe(
        new Set(findings.map((f) => f.request.index)).size,
      );
    },
  );

  it.each(goodClients.map((client) => [client.name, client] as const))("no finding: %s", async (_, client) => {
    const emu = await doctorOn();
    client.arrange?.(emu);
    await client.run(emu);
    expect(emu.findings()).toEqual([]);
    expect(emu.requests.filter((entry) => entry.findings)).toEqual([]);
  });

  it("has a bad client for every finding the doctor makes", async () => {
    const { doctorFindingIds } = await import("../../src/index.js");
    expect(new Set(badClients.map((client) => client.finding))).toEqual(new Set(doctorFindingIds));
  });
});
