/** The one Drizzle schema, used with PGlite and node-postgres alike. One file per concept, re-exported here. */
export * from './meta';
export * from './accounts';
export * from './account-flows';
export * from './ledger';
export * from './payments';
export * from './roles';
export * from './creators';
export * from './wallet';
export * from './people';
export * from './notifications';
