import { ApiFailure } from "../call.js";
import { featuresOf } from "../store/account-features.js";
import type { Data } from "../store/store.js";
import type { RuleContext, StateRule } from "./rule.js";

const refuse = (message: string, parameter?: string) =>
  new ApiFailure([
    { status: 403, code: "ACTION_NOT_ALLOWED", message, ...(parameter !== undefined ? { parameter } : {}) },
  ]);

/** The caller's account owns the audience (v12 custom_audience_id, v5 tailored_audience_id). */
function checkOwner(context: RuleContext) {
  const audienceId = context.path.custom_audience_id ?? context.path.tailored_audience_id ?? "";
  const audience = context.store.get("custom_audience", audienceId);
  if (audience && audience.parentId !== context.path.account_id)
    throw refuse("Only the owner of the audience can share it");
}

/**
 * The accounts share a business, or the owner has SHARE_AUDIENCE_OUTSIDE_BUSINESS. A granted account
 * the emulator does not hold is taken as inside the business: its business is unknown here.
 */
function checkBusiness(record: Data, context: RuleContext) {
  const ownerId = context.path.account_id ?? "";
  const granted = context.store.get("account", String(record.granted_account_id));
  if (!granted || granted.data.id === ownerId) return;
  const owner = context.store.get("account", ownerId);
  const business = owner?.data.business_id;
  if (business !== null && business !== undefined && business === granted.data.business_id) return;
  if (featuresOf(context.store, ownerId, context.fixtureAccountId).includes("SHARE_AUDIENCE_OUTSIDE_BUSINESS")) return;
  throw refuse("The audience can be shared only with accounts of the same business", "granted_account_id");
}

export const audiencePermissionOwner: StateRule = {
  implements: ["permission-owner-only"],
  name: "only the owning account grants and revokes a permission, within its business unless SHARE_AUDIENCE_OUTSIDE_BUSINESS",
  source: "seed 001 section 3 (permission rows), section 4 rule 1",
  resources: ["custom_audience_permission", "tailored_audience_permission"],
  create(record, context) {
    checkOwner(context);
    checkBusiness(record, context);
  },
  delete: (_record, context) => checkOwner(context),
};
