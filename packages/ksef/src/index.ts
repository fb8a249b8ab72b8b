export * from './client.ts'
export * from './crypto.ts'
export * from './ksefNumber.ts'
export * from './port.ts'
