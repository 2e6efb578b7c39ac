import type { components } from '../openapi/schema';

/**
 * Every stable machine-readable code a refusal can carry: the contract's `ProblemCode` enum (openapi/openapi.yaml),
 * read from the types generated from it (npm run gen:api), so a code the contract does not list is a compile error
 * on both sides — the server's mapping (server/problems/catalogue.ts) and the machines' `failureCode(...)` checks.
 */
export type ProblemCode = components['schemas']['ProblemCode'];
