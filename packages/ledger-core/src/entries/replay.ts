/**
 * `@finance/ledger-core/replay`: only what folds a stream — event versions and upcasting, the books fold and its
 * state, canonical JSON — for the CLI's replay worker threads, which start once per thread and must load as little
 * as possible (a dozen modules, against some fifty for the light entry). Also exported by the light and main entries.
 */
export { canonicalJson } from '../canonical.ts'
export * from '../model/evolve.ts'
export * from '../model/state.ts'
export * from '../upcast.ts'
export type { LedgerEvent, LedgerEventType } from '../events.ts'
