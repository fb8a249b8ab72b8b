/**
 * A user's own data, in Finance's export format (docs/data-export.md): JSON lines, a header line first —
 * `{"format":"finance-user-export","version":1,…}` with the user, the event schema versions of the program that wrote
 * it (`upcasters`), the number of events and the replay digest of the user's books — then every event of the user's
 * streams (`books-{id}`, `user-{id}`, the e-mail claim) in commit order, one per line, keys in a fixed order. Secrets
 * (the password hash) are never in it. `finance import` reads it back into another installation and checks the digest.
 */
import { type EventStore, eventToLine } from '@finance/event-store'
import { CURRENT_VERSIONS } from '@finance/ledger-core/replay'
import { emailClaimStream } from '../accounts/service.ts'
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
