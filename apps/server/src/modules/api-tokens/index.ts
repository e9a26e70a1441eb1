// Public face of the API tokens module: the descriptor, the gate's types the dispatcher uses, and the
// revocation of a removed team member's tokens (issue 28 calls it), and tokens' names for the audit log.
export * from './api-tokens.module';
export { revokeTokensOf, tokenNames } from './api-tokens.service';
export type { ApiTokenGate, RateState, TokenRef } from './api-tokens.gate';
