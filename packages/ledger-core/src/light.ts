/**
 * `@finance/ledger-core/light`: the half of the core that loads no Schema library (Effect) — money, dates, the
 * law, event versions and upcasting, the fold, projections and reports, the record kinds and account rules. The
 * CLI's read paths (reports, exports, the whole-log replay and its worker threads) and the application package
 * import this entry so they start in tens of milliseconds; deciding (validation with Schema) comes from the main
 * entry, loaded on demand. Everything here is also exported by the main entry.
 */
export * from './lightModules.ts'
// The types of the Schema-defined events and payloads, without loading their schemas.
export type * from './events.ts'
export type * from './schemas/index.ts'
export type * from './schemas/account.ts'
