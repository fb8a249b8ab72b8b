export * from './common.ts'
export * from './records.ts'
export * from './validate.ts'
export * from './transaction.ts'
