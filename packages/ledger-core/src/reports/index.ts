export * from './month.ts'
export * from './year.ts'
export * from './journal.ts'
export * from './annual.ts'
