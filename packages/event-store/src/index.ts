/**
 * `@finance/event-store`: the port, the memory adapter and `openStoreFromEnv`. The durable adapters are named entries
 * (`@finance/event-store/sqlite`, `/postgres`, `/kurrentdb`) so that importing the package does not load
 * every database driver; `openStoreFromEnv` loads only the configured one.
 */
export * from './port.ts'
export { createMemoryStore } from './memory.ts'
export { type AppendProgress, appendInOrder, sortedKeys, eventToLine } from './history.ts'
export {
  eachOfLog,
  eachOfStreams,
  MAX_PARTITIONS,
  readAllDataPages,
  readAllPages,
  streamPartition,
  streamRanges,
  uuidv7,
} from './common.ts'
export {
  describeStoreConfig,
  type Env,
  maskUrl,
  openStoreFromEnv,
  resolveStoreConfig,
  type StoreConfig,
  type StoreKind,
} from './config.ts'
export type { SqliteStoreOptions } from './sqlite.ts'
export type { PostgresStoreOptions } from './postgres.ts'
export type { KurrentStoreOptions } from './kurrentdb.ts'
