export * from './port.ts'
