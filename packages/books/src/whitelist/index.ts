export * from './api.ts'
export * from './check.ts'
export * from './flatFile.ts'
export * from './port.ts'
