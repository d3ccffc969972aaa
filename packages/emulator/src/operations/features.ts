// Account features (seed 000, features; seed 002 section 4.6): the list shows only the features
// granted to the account; on the sandbox host they are added and removed. How they are kept and read:
// store/account-features.ts.
import type { Answer, Call } from "../call.js";
import { COLLECTION, featuresOf } from "../store/account-features.js";
import { accountOf } from "./account.js";

export { COLLECTION };

function setFeatures(call: Call, accountId: string, keys: string[]) {
  const data = { id: accountId, feature_keys: [...new Set(keys)].sort() };
  const record = call.store.get(COLLECTION, accountId);
  if (record) call.store.update(record, data);
  else call.store.insert(COLLECTION, accountId, data);
}

function answer(call: Call, keys: string[]): Answer {
  return {
    status: call.operation.successStatus,
    body: { request: { params: { ...call.path, ...call.query } }, data: keys },
  };
}

const requested = (call: Call): string[] =>
  Array.isArray(call.query.feature_keys) ? (call.query.feature_keys as string[]) : [];

export function listAccountFeatures(call: Call): Answer {
  const account = accountOf(call);
  return answer(call, featuresOf(call.store, String(account.data.id), call.fixture.accountId));
}

export function addAccountFeatures(call: Call): Answer {
  const id = String(accountOf(call).data.id);
  setFeatures(call, id, [...featuresOf(call.store, id, call.fixture.accountId), ...requested(call)]);
  return answer(call, featuresOf(call.store, id, call.fixture.accountId));
}

export function removeAccountFeatures(call: Call): Answer {
  const id = String(accountOf(call).data.id);
  const remove = new Set(requested(call));
  setFeatures(
    call,
    id,
    featuresOf(call.store, id, call.fixture.accountId).filter((k) => !remove.has(k)),
  );
  return answer(call, featuresOf(call.store, id, call.fixture.accountId));
}
