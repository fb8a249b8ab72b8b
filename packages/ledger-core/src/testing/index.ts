export * from './fixtures.ts'
export * from './given.ts'
export * from '../bank/testing.ts'
export * from './crossBorder.ts'
