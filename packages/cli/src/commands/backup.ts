/**
 * `finance backup [--out FILE]`, `finance restore FILE` and `finance backup verify FILE`: a consistent copy of the
 * whole store while the server runs, its restore into an empty store (checked by replaying it), and a check of a
 * backup without restoring it. The work is `@finance/books/backup`'s, shared with the server's scheduled backup.
 */
import { rm, rmdir, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { resolveStoreConfig } from '@finance/event-store'
import { formatNumber } from '@finance/ledger-core/format'
import {
  BackupError,
  backupFileName,
  createBackup,
  readBackupManifest,
  restoreBackup,
  verifyBackup,
} from '@finance/books/backup'
import type { Ctx } from '../context.ts'
import { CliError, userError } from '../errors.ts'
import { checkInputFile, writeError } from '../files.ts'
import { formatCount, formatSeconds } from '../format.ts'
import { type Lang, translate } from '../i18n.ts'

/** A refused backup or restore in the run's language. */
const backupFailure = (e: BackupError): CliError =>
  new CliError((lang: Lang) => {
    switch (e.code) {
      case 'notBackup':
        return translate(lang, 'backup_notBackup', e.detail)
      case 'newerFormat':
        return translate(lang, 'backup_newerFormat', e.detail)
      case 'checksum':
        return translate(lang, 'backup_checksum')
      case 'newerEvents':
        return translate(lang, 'backup_newerEvents', e.detail)
      case 'notEmpty':
        return translate(lang, 'backup_notEmpty', formatCount(lang, Number(e.detail)))
      case 'secretsUnlisted':
        return translate(lang, 'backup_secretsUnlisted', e.detail)
      case 'digest':
        return translate(lang, 'backup_digest', e.detail)
    }
  })

const rethrow = (e: unknown): never => {
  throw e instanceof BackupError ? backupFailure(e) : e
}

/** A file size in MiB with two decimals (`1,25 MiB` in Polish). */
const mebibytes = (lang: Lang, bytes: number) => `${formatNumber(lang, (bytes / 1024 / 1024).toFixed(2), 2)} MiB`

/**
 * The backup's target may be new or an earlier backup (a file with a backup's manifest, `readBackupManifest`); a
 * directory, a device or any other file (the store's own SQLite file among them) is refused before anything is
 * written (the copy is renamed over the target at the end).
 */
const checkTarget = async (out: string): Promise<void> => {
  const found = await stat(out).catch(() => null)
  if (found === null) {
    // A new file goes into a directory that exists: none is made for it (a mistyped path is refused, not created).
    const dir = await stat(dirname(out)).catch(() => null)
    if (dir === null || !dir.isDirectory()) throw writeError(out, { code: 'ENOENT' })
    return
  }
  if (found.isDirectory()) throw userError('backupOutDirectory', out)
  if (!found.isFile()) throw userError('backupOutTaken', out)
  try {
    readBackupManifest(out)
  } catch {
    throw userError('backupOutTaken', out)
  }
}

export const backupCommand = async (ctx: Ctx, o: { readonly out?: string | undefined; json: boolean }) => {
  const store = await ctx.store()
  const config = resolveStoreConfig(ctx.env, ctx.dataDir)
  // The online backup reads the file itself; a store handed in (tests) or another kind goes through the port.
  const sqliteFile = config.kind === 'sqlite' && !ctx.storeInjected ? resolve(config.target) : undefined
  const out = o.out ?? backupFileName(ctx.now())
  await checkTarget(out)
  const result = await createBackup(store, { out, sqliteFile, now: ctx.now }).catch(rethrow)
  if (o.json) {
    const { file, sizeBytes, fileSha256, seconds, manifest } = result
    ctx.out(`${JSON.stringify({ file, sizeBytes, fileSha256, seconds, manifest }, null, 2)}\n`)
    return
  }
  ctx.out(
    `${ctx.t(
      'backedUp',
      result.file,
      mebibytes(ctx.lang, result.sizeBytes),
      formatCount(ctx.lang, result.manifest.events),
      formatSeconds(ctx.lang, result.seconds),
    )}\n${ctx.t('digest', result.manifest.digest)}\n${ctx.t('backupChecksum', result.fileSha256)}\n`,
  )
}

export const verifyCommand = async (ctx: Ctx, file: string) => {
  await checkInputFile(file)
  const manifest = await verifyBackup(file).catch(rethrow)
  ctx.out(
    `${ctx.t('backupVerified', formatCount(ctx.lang, manifest.events), manifest.createdAt)}\n${ctx.t('digest', manifest.digest)}\n`,
  )
}

export const restoreCommand = async (ctx: Ctx, file: string, o: { json: boolean }) => {
  await checkInputFile(file)
  try {
    // The store is opened (or created, saying so) only once the file has passed its checks: a file that is no
    // backup, or a damaged one, is refused with nothing printed before and nothing left behind.
    const result = await restoreBackup(file, () => ctx.store({ create: true }))
    if (o.json) {
      ctx.out(`${JSON.stringify(result, null, 2)}\n`)
      return
    }
    ctx.out(
      `${ctx.t(
        'restored',
        formatCount(ctx.lang, result.events),
        formatCount(ctx.lang, result.secrets),
        formatSeconds(ctx.lang, result.seconds),
      )}\n${ctx.t('digest', result.digest)}\n`,
    )
  } catch (e) {
    // A store file this restore created is removed again should the restore be refused before writing all the same
    // (the file's own checks come before the store, so only a check of the store itself could).
    const created = ctx.createdStore
    if (created !== null && e instanceof BackupError && e.code !== 'digest') {
      await ctx.close()
      for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${created.file}${suffix}`, { force: true })
      if (created.directory) await rmdir(dirname(created.file)).catch(() => {})
    }
    rethrow(e)
  }
}
