/**
 * Deleting an account and, later, erasing its data — the GDPR's right to erasure (art. 17) against the tax law's duty
 * to keep the books (docs/security.md, "Your data, deleting an account, and the retention of books").
 *
 * The login goes at once (`Accounts.deleteAccount`); the books stay until the end of the sixth calendar year after the
 * year of deletion: they may hold the tax of that year, whose payment falls due the next year at the latest (the annual
 * return by 30 April), and a tax liability expires five years after the end of the year its payment was due
 * (Ordynacja podatkowa art. 70 § 1), which is as long as the books must be kept (art. 86 § 1). Then
 * `purgeExpiredAccounts` removes the user's streams — books, account events and the e-mail claim — and every secret
 * of the user (the invoices sent and received through KSeF with their receipts, whatever else is left) for good,
 * after appending a record of the purge (the user's id and the date only) to the `erasure` stream.
 */
import type { EventStore } from '@finance/event-store'
import { type Accounts, type DeletedAccount, emailClaimStream, userStream } from './service.ts'
import { credentialKeys, deleteUserSecrets } from './userSecrets.ts'

/** Years after the year of deletion the books are kept: the tax of that year falls due the next year, plus five. */
export const RETENTION_YEARS_AFTER_DELETION = 6

/** The last day the books of an account deleted on `today` (`yyyy-mm-dd`) must be kept. */
export const retainUntilFor = (today: string): string =>
  `${Number(today.slice(0, 4)) + RETENTION_YEARS_AFTER_DELETION}-12-31`

/** The stream that records each purge (which user, when, how many events): the log says the data went, and why. */
export const ERASURE_STREAM = 'erasure'

export interface PurgeResult {
  readonly account: DeletedAccount
  readonly events: number
  /** The secrets of the user deleted with the streams. */
  readonly secrets: number
}

/**
 * Removes the data of every deleted account whose retention ended before `today`; with `dryRun` only answers which.
 * Refused (throws) on a store that cannot delete streams or list its secrets. Also removes the credentials of every
 * account deleted earlier and still kept, which earlier versions left behind on deletion (the KSeF token and
 * certificate); deleting an account removes them at once now.
 */
export async function purgeExpiredAccounts(
  store: EventStore,
  accounts: Accounts,
  options: { readonly today: string; readonly dryRun?: boolean; readonly now?: () => Date },
): Promise<PurgeResult[]> {
  const due = (await accounts.deletedAccounts()).filter((a) => a.retainUntil !== '' && a.retainUntil < options.today)
  if (options.dryRun) return due.map((account) => ({ account, events: 0, secrets: 0 }))
  if (store.deleteStreams === undefined) throw new Error(`A ${(await store.info()).kind} store cannot delete streams`)
  if (store.secrets.entries === undefined)
    throw new Error(`A ${(await store.info()).kind} store cannot list its secrets to erase them`)
  const now = options.now ?? (() => new Date())
  for (const account of await accounts.deletedAccounts())
    for (const key of credentialKeys(account.id)) await store.secrets.delete(key)
  const results: PurgeResult[] = []
  for (const account of due) {
    const streams = [`books-${account.id}`, userStream(account.id), emailClaimStream(account.email)]
    // The record first: the head stays above the removed events, so their positions are never given again.
    await store.append(
      ERASURE_STREAM,
      [
        {
          type: 'AccountPurged',
          schemaVersion: 1,
          data: { userId: account.id, deletedAt: account.deletedAt, retainUntil: account.retainUntil },
          metadata: { userId: 'system', correlationId: account.id, createdAt: now().toISOString() },
        },
      ],
      'any',
    )
    // The secrets before the streams: should this stop half-way, the account is still found and purged again.
    const secrets = await deleteUserSecrets(store, account.id)
    results.push({ account, events: await store.deleteStreams(streams), secrets })
  }
  return results
}
