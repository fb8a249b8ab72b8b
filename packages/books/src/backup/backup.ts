/**
 * Backup and restore of a whole store (every user's events and the secrets beside them).
 *
 * A backup is one file: a SQLite Finance store (the same schema `FINANCE_STORE=sqlite` uses) plus a `backup_manifest`
 * table that records what it holds — the head position, the number of events and secrets, a SHA-256 checksum over
 * its content, the replay digest of its books and the event schema versions (the upcasters' version) of the program
 * that wrote it. From SQLite it is taken with SQLite's online backup (one consistent copy while the server writes);
 * from PostgreSQL (or any store whose secrets can be listed) through the store port: the events up to the head of the
 * moment it starts, then the secrets. A `.sha256` file beside it holds the file's own checksum (`sha256sum -c`).
 *
 * A restore goes into an empty store only, of any kind: it checks the format, the checksum and that this program
 * knows every event version, copies the events (ids, metadata, order and revisions kept) and the secrets, then
 * replays the restored store and compares its digest with the recorded one.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, open, rename, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { appendInOrder, type EventStore, type StoreInfo } from '@finance/event-store'
import { backupSqliteFile, createSqliteStore, readSqliteMeta, writeSqliteMeta } from '@finance/event-store/sqlite'
import { CURRENT_VERSIONS, isLedgerEventType } from '@finance/ledger-core/replay'
import { storeDigest } from './digest.ts'

export const BACKUP_FORMAT = 'finance-backup'
export const BACKUP_VERSION = 1
const MANIFEST_KEY = 'manifest'

export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT
  readonly version: number
  /** When the copy was taken (ISO UTC). */
  readonly createdAt: string
  /** The store it was taken from (kind and name, never a password). */
  readonly source: { readonly kind: StoreInfo['kind']; readonly database: string }
  /** Highest global position in the copy (decimal string). */
  readonly head: string
  readonly events: number
  readonly streams: number
  readonly secrets: number
  /** Users with books. */
  readonly books: number
  /** `finance replay --digest` of the copy. */
  readonly digest: string
  /** SHA-256 over the copy's events and secrets in a canonical form (`contentChecksum`). */
  readonly checksum: string
  /** The event schema version of every ledger event type of the program that wrote it. */
  readonly upcasters: Readonly<Record<string, number>>
}

export type BackupErrorCode =
  | 'notBackup'
  | 'newerFormat'
  | 'checksum'
  | 'newerEvents'
  | 'notEmpty'
  | 'secretsUnlisted'
  | 'digest'

/** A refused backup or restore; `code` says why, `detail` gives the figure (a version, a count, a digest). */
export class BackupError extends Error {
  override readonly name = 'BackupError'
  readonly code: BackupErrorCode
  readonly detail: string
  constructor(code: BackupErrorCode, detail = '') {
    super(`${code}${detail ? `: ${detail}` : ''}`)
    this.code = code
    this.detail = detail
  }
}

export interface BackupResult {
  readonly file: string
  readonly manifest: BackupManifest
  readonly sizeBytes: number
  /** SHA-256 of the whole file, also written to `{file}.sha256`. */
  readonly fileSha256: string
  readonly seconds: number
}

export interface RestoreResult {
  readonly manifest: BackupManifest
  readonly events: number
  readonly secrets: number
  readonly digest: string
  readonly seconds: number
}

/**
 * Copies every event of `from` (below `before`) into `to`, in commit order, keeping ids, metadata and revisions:
 * consecutive events of one stream go in one append with the revision they had.
 */
export async function copyEvents(
  from: EventStore,
  to: EventStore,
  options: { readonly before?: bigint; readonly streamPrefixes?: readonly string[] } = {},
): Promise<number> {
  const filter = {
    ...(options.before === undefined ? {} : { before: options.before }),
    ...(options.streamPrefixes === undefined ? {} : { streamPrefixes: options.streamPrefixes }),
  }
  async function* events() {
    let after = 0n
    for (;;) {
      const page = await from.readAll({ ...filter, after, maxCount: 5000 })
      yield* page.events
      if (page.next === null) break
      after = page.next
    }
  }
  return appendInOrder(to, events())
}

/** Sorted copy of a JSON value's object keys, so the checksum does not depend on how a store returns its JSON. */
const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted)
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) out[key] = sorted((value as Record<string, unknown>)[key])
    return out
  }
  return value
}

/**
 * SHA-256 over a store's events (stream, revision, id, type, version, data, metadata — not the position, which a
 * restore into another kind of store may number differently) and its secrets, in a canonical form.
 */
export async function contentChecksum(
  store: EventStore,
): Promise<{ checksum: string; events: number; streams: number; secrets: number }> {
  const hash = createHash('sha256')
  const streams = new Set<string>()
  let events = 0
  for await (const e of store.iterateAll()) {
    events++
    streams.add(e.streamId)
    hash.update(
      `${JSON.stringify([e.streamId, e.revision.toString(), e.eventId, e.type, e.schemaVersion, sorted(e.data), sorted(e.metadata)])}\n`,
    )
  }
  const secrets = (await store.secrets.entries?.()) ?? []
  for (const [k, v] of secrets) hash.update(`${JSON.stringify(['secret', k, v])}\n`)
  return { checksum: hash.digest('hex'), events, streams: streams.size, secrets: secrets.length }
}

const fileSha256 = (file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })

const fsyncFile = async (file: string) => {
  const handle = await open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** `finance-backup-20260131T020000Z.sqlite`: a name that sorts by time. */
export const backupFileName = (at: Date): string =>
  `finance-backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.sqlite`

/**
 * Takes a backup of `store` into `out` (replaced if it exists; written beside it first and renamed, so a crash
 * leaves no half file under the name). `sqliteFile`: the store's SQLite file, for the online backup; without it
 * the copy goes through the port (PostgreSQL), which needs `secrets.entries`.
 */
export async function createBackup(
  store: EventStore,
  options: { readonly out: string; readonly sqliteFile?: string | undefined; readonly now?: () => Date },
): Promise<BackupResult> {
  const started = performance.now()
  const now = options.now ?? (() => new Date())
  const partial = `${options.out}.partial-${randomUUID()}`
  const info = await store.info()
  try {
    if (options.sqliteFile !== undefined) {
      await backupSqliteFile(options.sqliteFile, partial)
    } else {
      if (store.secrets.entries === undefined) throw new BackupError('secretsUnlisted', info.kind)
      const copy = createSqliteStore({ file: partial })
      try {
        const head = await store.headPosition()
        await copyEvents(store, copy, { before: head + 1n })
        for (const [k, v] of await store.secrets.entries()) await copy.secrets.put(k, v)
      } finally {
        await copy.close()
      }
    }
    const copy = createSqliteStore({ file: partial, create: false })
    let manifest: BackupManifest
    try {
      const content = await contentChecksum(copy)
      const replay = await storeDigest(copy)
      manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now().toISOString(),
        source: { kind: info.kind, database: info.database },
        head: (await copy.headPosition()).toString(),
        events: content.events,
        streams: content.streams,
        secrets: content.secrets,
        books: replay.books,
        digest: replay.digest,
        checksum: content.checksum,
        upcasters: { ...CURRENT_VERSIONS },
      }
    } finally {
      await copy.close()
    }
    writeSqliteMeta(partial, MANIFEST_KEY, JSON.stringify(manifest))
    await fsyncFile(partial)
    await rename(partial, options.out)
    const sha = await fileSha256(options.out)
    await writeFile(`${options.out}.sha256`, `${sha}  ${basename(options.out)}\n`, { mode: 0o600 })
    const size = (await stat(options.out)).size
    return {
      file: options.out,
      manifest,
      sizeBytes: size,
      fileSha256: sha,
      seconds: (performance.now() - started) / 1000,
    }
  } finally {
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) await rm(f, { force: true })
  }
}

const isManifest = (v: unknown): v is BackupManifest => {
  if (v === null || typeof v !== 'object') return false
  const m = v as Record<string, unknown>
  return (
    m.format === BACKUP_FORMAT &&
    typeof m.version === 'number' &&
    typeof m.digest === 'string' &&
    typeof m.checksum === 'string' &&
    typeof m.events === 'number' &&
    m.upcasters !== null &&
    typeof m.upcasters === 'object'
  )
}

/** The manifest of a backup file; `BackupError('notBackup')` when the file is not one. */
export function readBackupManifest(file: string): BackupManifest {
  let raw: string | null
  try {
    raw = readSqliteMeta(file, MANIFEST_KEY)
  } catch {
    throw new BackupError('notBackup', file)
  }
  let parsed: unknown
  try {
    parsed = raw === null ? null : JSON.parse(raw)
  } catch {
    parsed = null
  }
  if (!isManifest(parsed)) throw new BackupError('notBackup', file)
  if (parsed.version > BACKUP_VERSION) throw new BackupError('newerFormat', String(parsed.version))
  return parsed
}

/** Event types whose recorded version is newer than this program reads. */
const newerEvents = (m: BackupManifest): string[] =>
  Object.entries(m.upcasters)
    .filter(([type, v]) => isLedgerEventType(type) && v > CURRENT_VERSIONS[type])
    .map(([type, v]) => `${type} v${v}`)

/**
 * Opens a private copy of a backup file (opening a SQLite file may write to it; the backup stays untouched), checks
 * it against its manifest and hands the copy to `use`.
 */
async function withVerifiedCopy<T>(
  file: string,
  use: (copy: EventStore, manifest: BackupManifest) => Promise<T>,
): Promise<T> {
  const manifest = readBackupManifest(file)
  const newer = newerEvents(manifest)
  if (newer.length > 0) throw new BackupError('newerEvents', newer.join(', '))
  const work = join(tmpdir(), `finance-restore-${randomUUID()}.sqlite`)
  await copyFile(file, work)
  try {
    const copy = createSqliteStore({ file: work, create: false })
    try {
      const content = await contentChecksum(copy)
      if (content.checksum !== manifest.checksum) throw new BackupError('checksum', content.checksum)
      return await use(copy, manifest)
    } finally {
      await copy.close()
    }
  } finally {
    for (const f of [work, `${work}-wal`, `${work}-shm`]) await rm(f, { force: true })
  }
}

/** Checks a backup file (format, checksum, event versions, replay digest) without restoring it. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  return withVerifiedCopy(file, async (copy, manifest) => {
    const replay = await storeDigest(copy)
    if (replay.digest !== manifest.digest) throw new BackupError('digest', replay.digest)
    return manifest
  })
}

/** Whether a store holds nothing: no event and (where they can be listed) no secret. */
export async function isEmptyStore(store: EventStore): Promise<boolean> {
  if ((await store.headPosition()) !== 0n) return false
  const secrets = await store.secrets.entries?.()
  return secrets === undefined || secrets.length === 0
}

/**
 * Restores a backup into `target`, which must be empty (`BackupError('notEmpty')` otherwise, nothing written). After
 * the copy the target is replayed: a digest other than the recorded one is `BackupError('digest')`. A function as
 * `target` is asked for the store only once the file has passed its checks (a backup, readable by this version,
 * its checksum matching), so a refused file never makes a caller create a store.
 */
export async function restoreBackup(
  file: string,
  target: EventStore | (() => Promise<EventStore>),
): Promise<RestoreResult> {
  const started = performance.now()
  return withVerifiedCopy(file, async (copy, manifest) => {
    const store = typeof target === 'function' ? await target() : target
    if (!(await isEmptyStore(store))) throw new BackupError('notEmpty', (await store.headPosition()).toString())
    const events = await copyEvents(copy, store)
    const secrets = (await copy.secrets.entries?.()) ?? []
    for (const [k, v] of secrets) await store.secrets.put(k, v)
    const replay = await storeDigest(store)
    if (replay.digest !== manifest.digest) throw new BackupError('digest', replay.digest)
    return {
      manifest,
      events,
      secrets: secrets.length,
      digest: replay.digest,
      seconds: (performance.now() - started) / 1000,
    }
  })
}
