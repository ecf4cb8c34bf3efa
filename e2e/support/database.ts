/**
 * The PostgreSQL server that the end-to-end servers use when E2E_DATABASE_URL names one (`npm test` sets it
 * to the API suite's cluster): each test file's server gets a database of its own, a copy of the suite's
 * migrated template. On the embedded engine a server spent about 10 s of CPU starting, and ran every query
 * in WebAssembly (decision 211). Unset, the servers use the embedded engine, as `npm start` does.
 */
export const e2eDatabaseServer = () => process.env.E2E_DATABASE_URL || undefined;
