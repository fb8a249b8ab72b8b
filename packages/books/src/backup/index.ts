/**
 * `@finance/books/backup`: backup and restore of a whole store, the scheduled backup's rotation, and the replay
 * digest that proves a copy holds the same books. Shared by the CLI (`finance backup`, `finance restore`) and the
 * server's scheduled backup.
 */
export * from './backup.ts'
export * from './digest.ts'
export * from './schedule.ts'
export * from './userData.ts'
