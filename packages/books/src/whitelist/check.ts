/**
 * Checks the books' outgoing payments against a white list and keeps the answers as evidence
 * (`RecordWhiteListChecks`): every payment the rule covers (`whiteListPayments`) for which the list can answer and
 * would give better evidence than the books keep (a list of a day nearer the payment).
 */
import type { EventStore } from '@finance/event-store'
import { betterEvidence, isDomainError, whiteListPayments, type WhiteListPayment } from '@finance/ledger-core/light'
import { loadBooks } from '../books.ts'
import { executeBooks } from '../commands/execute.ts'
import type { WhiteList } from './port.ts'

export interface WhiteListReport {
  readonly source: WhiteList['source']
  /** Payments the list answered for (their evidence now, or kept as it was when not better). */
  readonly checked: number
  /** Answers kept as new evidence. */
  readonly recorded: number
  /** The covered payments, with their evidence after this check. */
  readonly payments: readonly WhiteListPayment[]
}

export async function checkWhiteList(
  store: EventStore,
  userId: string,
  list: WhiteList,
  now: () => Date,
  options: { readonly correlationId?: string } = {},
): Promise<WhiteListReport> {
  const { state } = await loadBooks(store, userId)
  const checks = []
  let checked = 0
  for (const p of whiteListPayments(state)) {
    // The list of the payment's own day is the best evidence there is.
    if (p.check?.listDate === p.bookingDate) continue
    const answer = await list.check({ nip: p.nip, account: p.account, date: p.bookingDate })
    if (!answer) continue
    checked++
    if (!betterEvidence(answer.listDate, p.check?.listDate ?? null, p.bookingDate)) continue
    checks.push({ lineId: p.lineId, nip: p.nip, account: p.account, source: list.source, ...answer })
  }
  let recorded = 0
  let after = state
  if (checks.length > 0) {
    const r = await executeBooks(
      store,
      userId,
      { type: 'RecordWhiteListChecks', checks, at: now().toISOString(), userId },
      { correlationId: options.correlationId },
    )
    if (isDomainError(r)) throw new Error(`White-list evidence refused: ${r.message}`)
    recorded = r.events.length
    after = r.state
  }
  return { source: list.source, checked, recorded, payments: whiteListPayments(after) }
}
