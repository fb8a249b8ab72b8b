/**
 * App plugin `finance-backups`: the scheduled backup (`FINANCE_BACKUP_DIR`, every `FINANCE_BACKUP_INTERVAL_HOURS`,
 * keeping `FINANCE_BACKUP_KEEP` files; `@finance/books/backup` does the work, one instance per interval) and
 * `GET /api/admin/backup`, its last result for an ADMIN's Settings screen. `app.runBackup()` runs one (tests).
 */
import { type BackupStatus, latestBackup, runScheduledBackup } from '@finance/books/backup'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the scheduled backup once; null when none is configured or another instance has this interval. */
    runBackup(): Promise<BackupStatus | null>
  }
}

/** What `GET /api/admin/backup` answers. */
export interface BackupInfo {
  readonly configured: boolean
  readonly intervalHours: number | null
  readonly keep: number | null
  /** The last backup this server ran, or else the newest file in the directory; null when there is none. */
  readonly last: BackupStatus | null
}

/** The first run after start: soon, so a server restarted often still backs up (the interval's claim deduplicates). */
const FIRST_RUN_MS = 60_000

export default fp(
  async (app) => {
    const { store, config, now } = app.finance
    const schedule = config.backup
    let last: BackupStatus | null = null
    const run = async (): Promise<BackupStatus | null> => {
      if (schedule === undefined) return null
      const status = await runScheduledBackup(store, schedule, {
        sqliteFile: schedule.sqliteFile,
        now,
        onError: (err) => app.log.error({ err }, 'scheduled backup failed'),
      })
      if (status !== null) {
        last = status
        if (status.ok) app.log.info({ file: status.file, bytes: status.sizeBytes, events: status.events }, 'backed up')
      }
      return status
    }
    app.decorate('runBackup', run)

    let timer: NodeJS.Timeout | undefined
    let first: NodeJS.Timeout | undefined
    let running: Promise<unknown> | null = null
    const tick = () => {
      if (running) return
      running = run()
        .catch((err: unknown) => app.log.error({ err }, 'scheduled backup failed'))
        .finally(() => {
          running = null
        })
    }
    app.addHook('onReady', async () => {
      if (schedule === undefined) return
      timer = setInterval(tick, schedule.intervalMs)
      timer.unref()
      first = setTimeout(tick, Math.min(FIRST_RUN_MS, schedule.intervalMs))
      first.unref()
    })
    app.addHook('onClose', async () => {
      clearInterval(timer)
      clearTimeout(first)
      await running
    })

    app.get(
      '/api/admin/backup',
      { onRequest: [app.authenticate, app.requireAdmin], schema: { tags: ['admin'] } },
      async (): Promise<BackupInfo> => ({
        configured: schedule !== undefined,
        intervalHours: schedule === undefined ? null : schedule.intervalMs / 3_600_000,
        keep: schedule?.keep ?? null,
        last: last ?? (schedule === undefined ? null : await latestBackup(schedule.dir)),
      }),
    )
  },
  { name: 'finance-backups', fastify: '5.x', dependencies: ['finance-services', 'finance-auth'] },
)
