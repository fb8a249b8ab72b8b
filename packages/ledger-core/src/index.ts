/**
 * `@finance/ledger-core`: the pure domain engine, browser-safe (no Node module anywhere in its graph). The light
 * half (`./light.ts`) plus what validates with Schema: event and payload schemas, the deciders, the replay.
 */
// The light half (the same modules as `./light.ts`):
export * from './types.ts'
export * from './money.ts'
export * from './calendar.ts'
export * from './identity.ts'
export * from './canonical.ts'
export * from './upcast.ts'
export * from './errors.ts'
export * from './commands.ts'
export * from './schedule.ts'
export * from './tax/index.ts'
export * from './deciders/state.ts'
export * from './deciders/evolve.ts'
export * from './projections/index.ts'
export * from './reports/index.ts'
export * from './schemas/dataTypes.ts'
export * from './schemas/accountRules.ts'
export * from './schemas/bounds.ts'
export * from './schemas/codes.ts'
export * from './schemas/normalize.ts'
// What validates with Schema:
export * from './events.ts'
export * from './schemas/index.ts'
export * from './schemas/account.ts'
export * from './deciders/books.ts'
export * from './replay.ts'
