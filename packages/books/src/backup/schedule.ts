/**
 * The server's scheduled backup: every interval one instance (the first to claim the interval's slot in the store's
 * counters, so two servers on one database do not both copy it) writes `finance-backup-{time}.sqlite` into the backup
 * directory and keeps the newest `keep` of them. The last result is what the Settings screen shows an ADMIN.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { EventStore } from '@finance/event-store'
import { type BackupStatus, failedBackup } from '@finance/ledger-core/light'
import { BackupError, backupFileName, createBackup, readBackupManifest } from './backup.ts'

export interface BackupSchedule {
  /** `FINANCE_BACKUP_DIR`. */
  readonly dir: string
  /** `FINANCE_BACKUP_INTERVAL_HOURS`, in ms. */
  readonly intervalMs: number
  /** `FINANCE_BACKUP_KEEP`: how many backups stay; older ones are removed after a successful backup. */
  readonly keep: number
}

export type { BackupStatus } from '@finance/ledger-core/light'

const BACKUP_FILE = /^finance-backup-\d{8}T\d{6}Z\.sqlite$/

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch {
    return []
  }
  return names
    .filter((n) => BACKUP_FILE.test(n))
    .sort()
    .reverse()
}

/** Removes all but the newest `keep` backups (and their `.sha256`); answers the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const old = (await listBackups(dir)).slice(Math.max(1, keep))
  for (const name of old) {
    await rm(join(dir, name), { force: true })
    await rm(join(dir, `${name}.sha256`), { force: true })
  }
  return old
}

/** The newest backup in `dir` as a status (read from its manifest), or null when there is none. */
export async function latestBackup(dir: string): Promise<BackupStatus | null> {
  const [name] = await listBackups(dir)
  if (name === undefined) return null
  const file = join(dir, name)
  try {
    const manifest = readBackupManifest(file)
    return {
      at: manifest.createdAt,
      ok: true,
      file: name,
      sizeBytes: (await stat(file)).size,
      events: manifest.events,
      digest: manifest.digest,
      seconds: null,
      error: null,
    }
  } catch {
    return null
  }
}

/**
 * One scheduled run: claims the interval's slot (answers null when another instance has it), takes the backup and
 * prunes the old ones. A failure is answered as a status, never thrown: the timer goes on.
 */
export async function runScheduledBackup(
  store: EventStore,
  schedule: BackupSchedule,
  options: {
    readonly sqliteFile?: string | undefined
    readonly now?: () => Date
    /** Told of a failure's cause (the server logs it). */
    readonly onError?: (error: unknown) => void
  } = {},
): Promise<BackupStatus | null> {
  const now = options.now ?? (() => new Date())
  const at = now()
  const slot = Math.floor(at.getTime() / schedule.intervalMs)
  const claim = await store.counters.increment(`backup:${slot}`, schedule.intervalMs, at.getTime())
  if (claim.value !== 1) return null
  try {
    await mkdir(schedule.dir, { recursive: true, mode: 0o700 })
    const result = await createBackup(store, {
      out: join(schedule.dir, backupFileName(at)),
      sqliteFile: options.sqliteFile,
      now: () => at,
    })
    await pruneBackups(schedule.dir, schedule.keep)
    return {
      at: at.toISOString(),
      ok: true,
      file: backupFileName(at),
      sizeBytes: result.sizeBytes,
      events: result.manifest.events,
      digest: result.manifest.digest,
      seconds: result.seconds,
      error: null,
    }
  } catch (err) {
    options.onError?.(err)
    return failedBackup(at.toISOString(), err instanceof BackupError ? err.code : 'failed')
  }
}
