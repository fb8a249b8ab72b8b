/**
 * Store selection: the same configuration as the API (`openStoreFromEnv`), plus `--data DIR`. Only commands that
 * write a new history (`users add`, `import`) may create a store; every other command opens an existing one or fails
 * naming the place it looked, so a mistyped `--data` never leaves an empty store behind.
 */
import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { type EventStore, openStoreFromEnv, resolveStoreConfig, StoreNotFound } from '@finance/event-store'
import { CliError, userError } from './errors.ts'
import { translate } from './i18n.ts'

type Env = Readonly<Record<string, string | undefined>>

export interface Opened {
  readonly store: EventStore
  /** The SQLite file this opening created, with whether its directory was created too; null when it existed. */
  readonly created: { readonly file: string; readonly directory: boolean } | null
}

export const openStore = async (env: Env, dataDir: string | undefined, create = false): Promise<Opened> => {
  const config = resolveStoreConfig(env, dataDir)
  const file = config.kind === 'sqlite' ? resolve(config.target) : null
  // A --data that names a file is said as such for every command, not as a store missing inside it.
  const dir = file === null ? null : dirname(file)
  if (dir !== null && existsSync(dir) && !statSync(dir).isDirectory())
    throw new CliError((lang) => translate(lang, 'cannotOpenStore', `${dir}: ${translate(lang, 'reasonExists')}`))
  const fresh = file !== null && create && !existsSync(file)
  const directory = fresh && !existsSync(dirname(file))
  try {
    const store = await openStoreFromEnv({ env, ...(dataDir === undefined ? {} : { dataDir }), create })
    return { store, created: fresh ? { file: file!, directory } : null }
  } catch (e) {
    if (!(e instanceof StoreNotFound)) throw e
    // A SQLite file is chosen with --data or FINANCE_DATA_DIR; a server store by its URL and schema.
    throw file === null ? userError('noServerStore', e.location) : userError('noStore', file)
  }
}
