/** `@finance/tax-files/testing`: fixed scenarios of the golden files, for this package's tests and its neighbours'. */
export * from './invoices.ts'
export * from './scenarios.ts'
export * from './vatScenarios.ts'
