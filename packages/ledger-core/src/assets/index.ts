/** Fixed assets and intangibles: the KŚT rates and the depreciation plans (uPIT art. 22a–22o). See docs/tax-rules.md §14. */
export * from './kst.ts'
export * from './plan.ts'
export * from './register.ts'
export * from './view.ts'
export * from './inventory.ts'
export * from './privateSale.ts'
export * from './vatCorrection.ts'
