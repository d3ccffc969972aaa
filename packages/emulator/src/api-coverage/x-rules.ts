// The outcomes of an operation's x-rules (@xads/validator's `getOperation(id).rules`) one exchange
// counts, as the validator reported them (`onRule`, in the exchange's `xRules`): the validator alone
// decides whether a rule was engaged, held or broke.
//
// Broken: the rule added an error to a request validation refused. Held: the request passed
// validation and gave the rule's check something to test (a rule that held in a request refused for
// another reason is not counted). A rule checked in several scopes (a batch's items) counts once.
import type { Exchange, XRuleOutcome } from "../observe/exchange.js";

/** The outcome an exchange counts for its x-rules, and the ids of the rules seen with it. */
export function countedXRules(exchange: Exchange): { outcome: XRuleOutcome["outcome"]; ruleIds: Set<string> } {
  const outcome = exchange.refusedBy === "validation" ? "broken" : "held";
  const ruleIds = new Set<string>();
  for (const told of exchange.xRules ?? []) if (told.outcome === outcome) ruleIds.add(told.id);
  return { outcome, ruleIds };
}
