/**
 * `finance import FILE`: restores a JSON-lines export into an empty store, or one user's own data (`export --format
 * finance`, a header line first) into a store that lacks that user, checking the digest the header recorded. The whole file is validated first
 * (JSON, fields, order, known event type and payload), before the store is even opened: the first bad line is
 * reported with its number and nothing is created or written. Event ids, metadata and the order within and across
 * streams are preserved. Should writing fail half-way (a full disk, a lost connection), a SQLite store this import
 * created is removed again; a store that existed before is left as it is and the message says what it now holds.
 */
import { createReadStream } from 'node:fs'
import { rm, rmdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { createInterface } from 'node:readline'
import { type AppendProgress, appendInOrder } from '@finance/event-store'
import type { Ctx } from '../context.ts'
import { CliError, usageError, userError } from '../errors.ts'
import { checkInputFile, isSystemError, readError } from '../files.ts'
import { formatCount } from '../format.ts'
import { translate } from '../i18n.ts'
import { type ImportedEvent, parseLine, SequenceChecker } from '../jsonl.ts'
import { checkEventType } from '../known-events.ts'
import type { UserExportHeader } from '@finance/books/backup'

async function* linesOf(file: string): AsyncGenerator<{ text: string; lineNo: number }> {
  const rl = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  let lineNo = 0
  try {
    for await (const text of rl) {
      lineNo++
      if (text.trim() === '') continue
      yield { text, lineNo }
    }
  } catch (e) {
    // The file checked before may still fail to be read (taken away, a disk error): said as for any input file.
    throw isSystemError(e) ? readError(file, e) : e
  }
}

/**
 * The second pass: the file was fully validated by the first, so event payloads are not checked again. `extra` is an
 * event of this installation's own written right after a line of the file (in the same append as the line's stream).
 */
async function* eventsOf(
  file: string,
  skipLine: number,
  extra: { readonly afterLine: number; readonly event: ImportedEvent } | null,
): AsyncGenerator<ImportedEvent> {
  for await (const { text, lineNo } of linesOf(file)) {
    if (lineNo !== skipLine) yield parseLine(text, lineNo, () => {})
    if (extra !== null && lineNo === extra.afterLine) yield extra.event
  }
}

export interface ImportOptions {
  /** A user's own data: the role the account gets here (default USER; a whole history keeps its roles). */
  readonly role?: 'USER' | 'ADMIN' | undefined
}

export const importCommand = async (ctx: Ctx, file: string, o: ImportOptions = {}): Promise<void> => {
  await checkInputFile(file)

  // Pass 1: validate everything, with no store opened yet. A user's own data (`--format finance`) starts with a
  // header line naming the user, the format and the upcasters' versions.
  const checker = new SequenceChecker()
  let count = 0
  let first = true
  let header: UserExportHeader | null = null
  let headerLine = 0
  let streams: string[] = []
  // The account's own events (its `user-` stream) and the line of the last one: the role it gets is decided here.
  const accountEvents: ImportedEvent[] = []
  let accountLine = 0
  const backup = await import('@finance/books/backup')
  for await (const { text, lineNo } of linesOf(file)) {
    if (first) {
      first = false
      header = backup.parseUserExportHeader(text)
      // A whole history is this installation's own (a restore): its roles are kept, and --role has nothing to set.
      if (header === null && o.role !== undefined) throw usageError('importRoleUserData')
      if (header !== null) {
        headerLine = lineNo
        if (header.version > backup.USER_EXPORT_VERSION) throw userError('userExportNewer', String(header.version))
        const newer = backup.newerThanKnown(header.upcasters ?? {})
        if (newer.length > 0) throw userError('userExportNewerEvents', newer.join(', '))
        streams = backup.userStreams(header.user)
        continue
      }
    }
    const event = parseLine(text, lineNo, checkEventType)
    checker.check(event, lineNo)
    if (header !== null && !streams.includes(event.streamId))
      throw new CliError((lang) =>
        translate(lang, 'line', lineNo, translate(lang, 'userExportForeign', event.streamId)),
      )
    if (header !== null && event.streamId === streams[1]) {
      accountEvents.push(event)
      accountLine = lineNo
    }
    count++
  }
  if (count === 0) throw userError('noEvents', file)
  if (header !== null && header.events !== count)
    throw userError('userExportCount', formatCount(ctx.lang, header.events), formatCount(ctx.lang, count))
  // The role in the file is the other installation's: the account is a USER here unless the operator says ADMIN.
  const account = backup.accountInExport(accountEvents)
  const role = o.role ?? 'USER'
  const roleChange =
    header === null
      ? null
      : backup.importedRoleChange(header.user, account, role, { actor: 'cli', at: ctx.now().toISOString() })

  const store = await ctx.store({ create: true })
  if (header === null) {
    const head = await store.headPosition()
    if (head !== 0n) throw userError('storeNotEmpty', formatCount(ctx.lang, Number(head)))
  } else {
    // Another installation: it may hold other users, but none of this user's streams (nor the e-mail address).
    for (const stream of streams)
      if ((await store.streamRevision(stream)) !== null) throw userError('userExists', header.user.email)
  }

  // Pass 2: write in stream order, batching consecutive events of one stream.
  const progress: AppendProgress = { written: 0 }
  try {
    await appendInOrder(
      store,
      eventsOf(file, headerLine, roleChange === null ? null : { afterLine: accountLine, event: roleChange }),
      progress,
    )
  } catch (e) {
    const why = (e as Error).message
    const created = ctx.createdStore
    // A user's data that was written in part goes again (an account must not stay with the file's role).
    if (created === null && header !== null && store.deleteStreams !== undefined && progress.written > 0) {
      const deleted = await store.deleteStreams(streams).then(
        () => true,
        () => false,
      )
      if (deleted) throw userError('userImportFailed', why)
    }
    if (created === null) {
      throw new CliError((lang) => translate(lang, 'importFailed', formatCount(lang, progress.written), why))
    }
    await ctx.close()
    for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${created.file}${suffix}`, { force: true })
    // The directory too when this import made it (only if empty: nothing else is ever removed).
    if (created.directory) await rmdir(dirname(created.file)).catch(() => {})
    throw userError('importRolledBack', why)
  }
  if (header !== null) {
    const { digest } = await backup.storeDigest(store, { userIds: [header.user.id] })
    if (digest !== header.digest) {
      // Refused whole: the user's events just written go again (a store without deletion keeps them and says so).
      if (store.deleteStreams === undefined) throw userError('userImportDigestKept', digest)
      await store.deleteStreams(streams)
      throw userError('userImportDigest', digest)
    }
    ctx.out(`${ctx.t('userImported', header.user.email, formatCount(ctx.lang, count))}\n`)
    if (account.role !== null) {
      const { roleName } = await import('./users.ts')
      ctx.out(
        `${roleChange === null ? ctx.t('userImportRole', header.user.email, role) : ctx.t('userImportRoleSet', header.user.email, role, roleName(account.role))}\n`,
      )
    }
    return
  }
  ctx.out(`${ctx.t('imported', formatCount(ctx.lang, count), formatCount(ctx.lang, checker.streams))}\n`)
}
