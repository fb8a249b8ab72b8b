/** The invoicing half of the core that loads no Schema library (the events and the decider are in the main entry). */
export * from './model.ts'
export * from './state.ts'
export * from './views.ts'
