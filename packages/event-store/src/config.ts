/**
 * The one place that turns configuration into a store. The API server and the CLI both call `openStoreFromEnv`.
 *
 *   FINANCE_STORE      sqlite (default) | postgres | kurrentdb | memory
 *   FINANCE_DATA_DIR   directory of the SQLite file `finance.sqlite` (default ./data)
 *   DATABASE_URL       PostgreSQL connection string (FINANCE_STORE=postgres)
 *   FINANCE_PG_SCHEMA  PostgreSQL schema (default finance)
 *   KURRENTDB_URL      KurrentDB connection string (FINANCE_STORE=kurrentdb)
 */
import { join } from 'node:path'
import { createMemoryStore } from './memory.ts'
import type { EventStore } from './port.ts'

export type StoreKind = 'sqlite' | 'postgres' | 'kurrentdb' | 'memory'

export type Env = Readonly<Record<string, string | undefined>>

export interface StoreConfig {
  readonly kind: StoreKind
  /** SQLite file, connection string or `memory`. */
  readonly target: string
  readonly schema?: string
}

const KINDS: readonly StoreKind[] = ['sqlite', 'postgres', 'kurrentdb', 'memory']

/** Reads and checks the configuration without opening anything; throws a message saying what to set. */
export function resolveStoreConfig(env: Env = process.env, dataDir?: string): StoreConfig {
  const raw = (env.FINANCE_STORE ?? '').trim().toLowerCase() || 'sqlite'
  if (!KINDS.includes(raw as StoreKind)) {
    throw new Error(
      `FINANCE_STORE=${env.FINANCE_STORE} is not a store; use one of ${KINDS.join(', ')} (default sqlite)`,
    )
  }
  const kind = raw as StoreKind
  switch (kind) {
    case 'sqlite':
      return { kind, target: join(dataDir ?? (env.FINANCE_DATA_DIR?.trim() || './data'), 'finance.sqlite') }
    case 'postgres': {
      const url = env.DATABASE_URL?.trim()
      if (!url) {
        throw new Error(
          'FINANCE_STORE=postgres needs DATABASE_URL, for example postgres://user:password@localhost:5432/finance',
        )
      }
      return { kind, target: url, schema: env.FINANCE_PG_SCHEMA?.trim() || 'finance' }
    }
    case 'kurrentdb': {
      const url = env.KURRENTDB_URL?.trim()
      if (!url) {
        throw new Error('FINANCE_STORE=kurrentdb needs KURRENTDB_URL, for example kurrentdb://localhost:2113?tls=false')
      }
      return { kind, target: url }
    }
    case 'memory':
      return { kind, target: 'memory' }
  }
}

/**
 * Opens the configured store (creating the SQLite directory or the PostgreSQL schema when missing, unless `create`
 * is `false`: then a missing SQLite file or PostgreSQL schema throws `StoreNotFound` and nothing is created). Adapters
 * are imported on demand: the KurrentDB client alone takes over a second to load, which a SQLite CLI run should not
 * pay. KurrentDB and memory have no place to check and always open.
 */
export async function openStoreFromEnv(
  options: { env?: Env; dataDir?: string; create?: boolean } = {},
): Promise<EventStore> {
  const config = resolveStoreConfig(options.env ?? process.env, options.dataDir)
  const create = options.create ?? true
  switch (config.kind) {
    case 'sqlite':
      // The commit's fsync waits on a writer thread, not on the event loop (docs/operations.md, "Benchmarks").
      return (await import('./sqlite.ts')).createSqliteStore({ file: config.target, create, writer: 'thread' })
    case 'postgres':
      return (await import('./postgres.ts')).createPostgresStore({
        connectionString: config.target,
        schema: config.schema,
        create,
      })
    case 'kurrentdb':
      return (await import('./kurrentdb.ts')).createKurrentStore({ connectionString: config.target })
    case 'memory':
      return createMemoryStore()
  }
}

/** Hides passwords in a connection string: `postgres://app:***@db/finance`, `?password=***`. */
export function maskUrl(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@?#]*):[^@/?#]*@/i, '$1:***@')
    .replace(/([?&](?:password|pass|pwd|secret|token)=)[^&#]*/gi, '$1***')
}

/** One line for the startup log saying which store is used, never with a password. */
export function describeStoreConfig(env: Env = process.env, dataDir?: string): string {
  let config: StoreConfig
  try {
    config = resolveStoreConfig(env, dataDir)
  } catch (err) {
    return `store: misconfigured (${(err as Error).message})`
  }
  switch (config.kind) {
    case 'sqlite':
      return `store: sqlite ${config.target}`
    case 'postgres':
      return `store: postgres ${maskUrl(config.target)} schema ${config.schema}`
    case 'kurrentdb':
      return `store: kurrentdb ${maskUrl(config.target)}`
    case 'memory':
      return 'store: memory (nothing is kept after the process exits)'
  }
}
