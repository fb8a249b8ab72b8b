export * from './port.ts'
export { createMemoryStore } from './memory.ts'
export { uuidv7 } from './common.ts'
