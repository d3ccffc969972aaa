// @xads/emulator: a stateful sandbox of the X Ads API, generated from the spec. See README.md.
export type { Emulator } from "./emulator.js";
export { createEmulator } from "./emulator.js";
export type { Fault, FaultInput } from "./faults.js";
export type { Fixture } from "./fixture.js";
export type { Exchange, Observer, RuleOutcome } from "./observe/exchange.js";
export type { LoggedRequest } from "./request-log.js";
export type { StateRuleModule } from "./rules/index.js";
export { stateRuleIds, stateRuleImplementations } from "./rules/index.js";
export type { EmulatorOptions } from "./runtime.js";
export type { DocumentName, ListenOptions, Served } from "./serve.js";
export type { Snapshot } from "./snapshot.js";
