/**
 * The first-run set-up (company data, VAT, PIT per year, ZUS) as one command: one load, one decision, one append, so
 * a set-up is written whole or not at all (`SetUpBooks`, ledger-core `deciders/setup.ts`). The API's `POST
 * /api/setup` and the CLI's `finance setup` call it.
 */
import type { EventStore } from '@finance/event-store'
import { type DomainError, isDomainError, listRecords, type RecordDto } from '@finance/ledger-core/light'
import { type ExecuteMeta, executeBooks } from './execute.ts'
import type { Author } from './records.ts'

export interface SetUpDone {
  /** The records the set-up wrote, in order (the company data first when it changed). */
  readonly records: readonly RecordDto[]
}

/** Writes the set-up `data` (`{ company, vat?, pit: [...], socialSecurity }`) at once, or nothing and the errors. */
export async function setUpBooks(
  store: EventStore,
  data: unknown,
  by: Author,
  meta: ExecuteMeta = {},
): Promise<SetUpDone | DomainError> {
  const done = await executeBooks(store, by.userId, { type: 'SetUpBooks', data, ...by }, meta)
  if (isDomainError(done)) return done
  const ids = new Set(done.events.map((e) => (e.data as { id: number }).id))
  const records = (['Primary', 'Vat', 'Pit', 'SocialSecurity'] as const)
    .flatMap((t) => listRecords(done.state, t))
    .filter((r) => ids.has(r.id))
  return { records }
}
