/**
 * The modules of the core that load no Schema library, as values: the light entry (`light.ts`) and the main entry
 * (`index.ts`) both export them from here.
 */
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
export * from './schemas/documentCodes.ts'
export * from './schemas/normalize.ts'
