/**
 * A user's own data, in Finance's export format (docs/data-export.md): JSON lines, a header line first —
 * `{"format":"finance-user-export","version":1,…}` with the user, the event schema versions of the program that wrote
 * it (`upcasters`), the number of events and the replay digest of the user's books — then every event of the user's
 * streams (`books-{id}`, `user-{id}`, the e-mail claim) in commit order, one per line, keys in a fixed order. Secrets
 * (the password hash) are never in it. `finance import` reads it back into another installation and checks the digest.
 */
import { randomUUID } from 'node:crypto'
import { type EventStore, eventToLine, type Json, type StoredEvent } from '@finance/event-store'
import { CURRENT_VERSIONS } from '@finance/ledger-core/replay'
import { emailClaimStream, ROLE_ADMIN, ROLE_USER, userStream } from '../accounts/service.ts'
import { storeDigest } from './digest.ts'

export const USER_EXPORT_FORMAT = 'finance-user-export'
export const USER_EXPORT_VERSION = 1

export interface UserExportHeader {
  readonly format: typeof USER_EXPORT_FORMAT
  readonly version: number
  readonly exportedAt: string
  readonly user: { readonly id: string; readonly email: string }
  /** The event schema version of every ledger event type of the program that wrote the file. */
  readonly upcasters: Readonly<Record<string, number>>
  /** Event lines that follow. */
  readonly events: number
  /** `finance replay --digest` of the user's books alone. */
  readonly digest: string
}

/** The streams that hold one user's data. */
export const userStreams = (user: { readonly id: string; readonly email: string }): string[] => [
  `books-${user.id}`,
  `user-${user.id}`,
  emailClaimStream(user.email),
]

/** One event line, as `finance export --format json` writes it. */
export const eventLine = eventToLine

/** Reads a header line; null when the line is not one (an event line, or another JSON). */
export const parseUserExportHeader = (text: string): UserExportHeader | null => {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (raw === null || typeof raw !== 'object' || (raw as { format?: unknown }).format !== USER_EXPORT_FORMAT)
    return null
  return raw as UserExportHeader
}

/** Event types the file records in versions newer than this program reads (`Type v3`). */
export const newerThanKnown = (upcasters: Readonly<Record<string, number>>): string[] =>
  Object.entries(upcasters)
    .filter(
      ([type, v]) =>
        Object.hasOwn(CURRENT_VERSIONS, type) && v > CURRENT_VERSIONS[type as keyof typeof CURRENT_VERSIONS],
    )
    .map(([type, v]) => `${type} v${v}`)

/**
 * The lines of a user's export (each without its newline): the header, then the events up to the head of the moment
 * the export starts (writes that go on meanwhile are left for the next export, so the digest matches the lines).
 */
export async function* userExportLines(
  store: EventStore,
  user: { readonly id: string; readonly email: string },
  now: () => Date = () => new Date(),
): AsyncGenerator<string> {
  const before = (await store.headPosition()) + 1n
  const streamPrefixes = userStreams(user)
  let events = 0
  for await (const e of store.iterateAll({ streamPrefixes, before })) if (streamPrefixes.includes(e.streamId)) events++
  const { digest } = await storeDigest(store, { before, userIds: [user.id] })
  const header: UserExportHeader = {
    format: USER_EXPORT_FORMAT,
    version: USER_EXPORT_VERSION,
    exportedAt: now().toISOString(),
    user: { id: user.id, email: user.email },
    upcasters: { ...CURRENT_VERSIONS },
    events,
    digest,
  }
  yield JSON.stringify(header)
  for await (const e of store.iterateAll({ streamPrefixes, before }))
    if (streamPrefixes.includes(e.streamId)) yield eventLine(e)
}

/** The account a user's export brings: its role as the file leaves it (null: none, or deleted) and its last revision. */
export interface AccountInExport {
  readonly role: number | null
  readonly revision: bigint
}

/** Folds the account's events of a user's export (its `user-` stream, in order) as the accounts service does. */
export const accountInExport = (
  events: Iterable<{ readonly type: string; readonly data: Json; readonly revision: bigint }>,
): AccountInExport => {
  let role: number | null = null
  let revision = -1n
  for (const e of events) {
    const data = (e.data ?? {}) as { role?: unknown }
    if (e.type === 'UserRegistered' || (e.type === 'UserRoleChanged' && role !== null)) role = Number(data.role ?? 0)
    if (e.type === 'UserDeleted') role = null
    revision = e.revision
  }
  return { role, revision }
}

/**
 * The role an imported account gets in this installation. The role in the file is the other installation's decision,
 * not this one's: a file must never make anyone an ADMIN here, so the account comes in as USER unless the operator
 * names the role (`finance import FILE --role ADMIN`). Answers the `UserRoleChanged` to write right after the file's
 * last event of the account (its revision follows the file's; `position` is the store's to give), or null when the
 * file already leaves the account with that role or brings no live account.
 */
export const importedRoleChange = (
  user: { readonly id: string },
  account: AccountInExport,
  role: 'USER' | 'ADMIN',
  meta: { readonly actor: string; readonly at: string },
): StoredEvent | null => {
  const code = role === 'ADMIN' ? ROLE_ADMIN : ROLE_USER
  if (account.role === null || account.role === code) return null
  return {
    streamId: userStream(user.id),
    revision: account.revision + 1n,
    position: 0n,
    eventId: randomUUID(),
    type: 'UserRoleChanged',
    schemaVersion: 1,
    data: { role: code },
    metadata: { userId: meta.actor, correlationId: randomUUID(), createdAt: meta.at },
  }
}
