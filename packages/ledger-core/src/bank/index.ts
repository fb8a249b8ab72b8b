/** The bank half of the core that loads no Schema library (the events and the decider are in the main entry). */
export * from './iban.ts'
export * from './lineKey.ts'
export * from './state.ts'
export * from './fold.ts'
export * from './match.ts'
export * from './views.ts'
export * from './whiteList.ts'
export * from './segmentedMap.ts'
