// The account a hand-written operation acts on: it must exist (else 403 ACCOUNT_NOT_FOUND, as a
// missing parent answers).
import type { Call } from "../call.js";
import { missing } from "../resources/handlers.js";
import { resourceNamed } from "../resources/lookup.js";
import type { StoredRecord } from "../store/store.js";

export function accountOf(call: Call): StoredRecord {
  const account = resourceNamed("account");
  const id = call.path.account_id ?? "";
  const record = call.store.get(account.name, id);
  if (!record || record.data.deleted === true) throw missing(account, id, true);
  return record;
}
