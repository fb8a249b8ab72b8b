export * from './fixtures.ts'
export * from './given.ts'
