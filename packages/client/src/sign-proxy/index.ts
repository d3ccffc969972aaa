export { CREDENTIAL_VARIABLES, credentialsFromEnv } from "./credentials.js";
export type { SigningProxy, SigningProxyOptions } from "./proxy.js";
export { createSigningProxy, PROXY_TOKEN_HEADER, RELAYED_TOKEN_HEADER, RELAYED_VERIFIER_HEADER } from "./proxy.js";
export type { ForwardedExchange, HarRecorder } from "./recorder.js";
export { createHarRecorder, RECORDING_FILE } from "./recorder.js";
export type { ProxyCredentials, SigningPlan } from "./signing-plan.js";
export { nonOAuth1Kind, planSigning, SIGN_TOKEN_HEADER } from "./signing-plan.js";
export type { TokenMemory } from "./token-memory.js";
export { createTokenMemory } from "./token-memory.js";
