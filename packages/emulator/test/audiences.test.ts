// Seed 001 (audiences): the state rules, each named with its section.
import { describe, expect, it } from "vitest";
import { accountPath, call, newEmulator, SANDBOX } from "./helpers.js";

const HASH = "49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d";

describe("seed 001 audiences", () => {
  it("a new custom audience is an empty placeholder; a user batch's success_count and total_count equal the records sent (seed 001 section 4, section 7 (3))", async () => {
    const emu = await newEmulator();
    const created = await call(emu, "POST", accountPath(emu, "/custom_audiences?name=fresh"));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: "fresh", audience_size: null, targetable: false });
    const users = [{ email: [HASH] }, { handle: [HASH] }, { twitter_id: [HASH] }];
    const batch = await call(emu, "POST", accountPath(emu, `/custom_audiences/${created.body.data.id}/users`), {
      json: [
        { operation_type: "Update", params: { users: users.slice(0, 2) } },
        { operation_type: "Delete", params: { users: users.slice(2) } },
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data).toEqual({ success_count: 3, total_count: 3 });
  });

  it("a custom audience's name is unique (seed 001 section 7 (5))", async () => {
    const emu = await newEmulator();
    expect((await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"))).status).toBe(200);
    const again = await call(emu, "POST", accountPath(emu, "/custom_audiences?name=twice"));
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "name" });
  });

  it("flexible audiences are immutable once created (seed 001 section 3)", async () => {
    const emu = await newEmulator();
    const leaf = { custom_audience_id: "2906H", lookback_window: 30, child_segments: [] };
    const created = await call(emu, "POST", `/12/batch/accounts/${emu.fixture.accountId}/custom_audiences`, {
      json: [
        {
          operation_type: "Create",
          params: {
            name: "flex",
            audience_type: "FLEXIBLE",
            segments: { boolean_operator: "AND", child_segments: [leaf] },
          },
        },
      ],
    });
    expect(created.status).toBe(200);
    const flexible = created.body.data[0];
    expect(flexible.metadata[0].segments.child_segments[0]).toMatchObject({
      custom_audience_id: "2906h",
      negate: false,
    });
    const before = emu.snapshot();
    const update = await call(emu, "PUT", accountPath(emu, `/custom_audiences/${flexible.id}?name=renamed`));
    expect(update.status).toBe(400);
    expect(update.body.errors[0].code).toBe("INVALID_TAILORED_AUDIENCE_TYPE");
    expect(emu.snapshot()).toEqual(before);
  });

  it("a permission granted lists the audience for the granted account; revoked, it is no longer listed (seed 001 section 3, v12 and v5)", async () => {
    const emu = await newEmulator();
    const other = await call(emu, "POST", `${SANDBOX}/12/accounts?name=second`);
    expect(other.status).toBe(200);
    const granted = other.body.data[0].id as string;
    // Another business: the owner needs SHARE_AUDIENCE_OUTSIDE_BUSINESS.
    const base = accountPath(emu, "/custom_audiences/2906h/permissions");
    const refused = await call(emu, "POST", `${base}?granted_account_id=${granted}&permission_level=READ_ONLY`);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe("ACTION_NOT_ALLOWED");
    await call(emu, "POST", `${SANDBOX}${accountPath(emu, "/features?feature_keys=SHARE_AUDIENCE_OUTSIDE_BUSINESS")}`);
    const shared = () => call(emu, "GET", `/12/accounts/${granted}/custom_audiences?permission_scope=SHARED`);
    for (const path of [base, `/5/accounts/${emu.fixture.accountId}/tailored_audiences/2906h/permissions`]) {
      const grant = await call(emu, "POST", `${path}?granted_account_id=${granted}&permission_level=READ_ONLY`);
      expect(grant.status).toBe(200);
      expect((await shared()).body.data.map((a: { id: string }) => a.id)).toEqual(["2906h"]);
      const permissionId = grant.body.data.id as string;
      expect((await call(emu, "DELETE", `${path}/${permissionId}`)).body.data.deleted).toBe(true);
      expect((await call(emu, "GET", path)).body.data.map((p: { id: string }) => p.id)).not.toContain(permissionId);
    }
    expect((await shared()).body.data).toEqual([]);
  });

  it("only the owning account grants a permission (seed 001 section 4 rule 1)", async () => {
    const emu = await newEmulator();
    const other = (await call(emu, "POST", `${SANDBOX}/12/accounts?name=second`)).body.data[0].id as string;
    const answer = await call(
      emu,
      "POST",
      `/12/accounts/${other}/custom_audiences/2906h/permissions?granted_account_id=${other}&permission_level=READ_ONLY`,
    );
    expect(answer.status).toBe(403);
    expect(answer.body.errors[0].code).toBe("ACTION_NOT_ALLOWED");
  });

  it("an account has at most one do-not-reach list (seed 001 section 4 rule 5)", async () => {
    const emu = await newEmulator();
    const lists = await call(emu, "GET", accountPath(emu, "/do_not_reach_lists"));
    for (const list of lists.body.data) await call(emu, "DELETE", accountPath(emu, `/do_not_reach_lists/${list.id}`));
    expect((await call(emu, "POST", accountPath(emu, "/do_not_reach_lists"))).status).toBe(200);
    const before = emu.snapshot();
    const second = await call(emu, "POST", accountPath(emu, "/do_not_reach_lists"));
    expect(second.status).toBe(400);
    expect(emu.snapshot()).toEqual(before);
  });
});
