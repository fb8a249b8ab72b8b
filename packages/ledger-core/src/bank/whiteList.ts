/**
 * The VAT payers' white list (wykaz podatników VAT, uVAT art. 96b) as evidence for outgoing payments:
 * - uPIT art. 22p ust. 1 pkt 2: a payment for a transaction worth more than 15 000 zł (art. 19 of Prawo
 *   przedsiębiorców) to a supplier who is an active VAT payer, made to an account not on the list on the day the
 *   transfer is ordered, is not a tax cost (or is taken out of costs when paid later, ust. 2) — unless the payer
 *   notified the tax office within 7 days (ust. 4) or paid by split payment (ust. 3);
 * - uVAT art. 117ba: the buyer is jointly liable for the supplier's VAT on such a payment (same exceptions).
 *
 * `whiteListPayments` lists the payments the rule covers (an outgoing bank line that pays an expense of more than
 * 15 000 zł gross, or is itself more than 15 000 zł, to a supplier with a Polish NIP and a Polish account), with the
 * check kept for each (`BankWhiteListChecked`) and whether to warn. A check counts as evidence for the day its list
 * is of; the best one is from the list of the payment's day, then the nearest later list.
 */
import type { BooksState } from '../model/state.ts'
import { parseTransactionId } from '../identity.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { findTransaction } from '../projections/month.ts'
import type { Item } from '../schemas/records.ts'
import type { LocalDateString, MoneyString } from '../types.ts'
import { normalizeIban } from './iban.ts'
import type { BankWhiteListCheck } from './state.ts'

/** uPIT art. 22p ust. 1 / Prawo przedsiębiorców art. 19: more than 15 000 zł. */
export const WHITE_LIST_THRESHOLD = 15_000_00n

export interface WhiteListPayment {
  readonly lineId: string
  /** The day the payment left the account (taken as the day the transfer was ordered). */
  readonly bookingDate: LocalDateString
  /** What left the account (positive). */
  readonly amount: MoneyString
  readonly nip: string
  readonly account: string
  readonly counterparty: string
  /** The expenses (item occurrences) the line pays, with their gross and document number. */
  readonly expenses: readonly {
    readonly id: string
    readonly name: string
    readonly documentNumber: string
    readonly gross: MoneyString
  }[]
  /** The evidence kept, `null` until checked. */
  readonly check: BankWhiteListCheck | null
  /** Paid by split payment: art. 22p ust. 3 and art. 117ba ust. 3 exclude it. */
  readonly splitPayment: boolean
  /** Not on the list (and not a split payment): the consequences of art. 22p / art. 117ba apply. */
  readonly warning: boolean
}

const NIP = /^\d{10}$/

/** The NIP of a Polish counterparty (10 digits, `PL` prefix and separators dropped), `null` otherwise. */
export const polishNip = (taxId: string | null | undefined, country?: string | null): string | null => {
  if (!taxId) return null
  if (country && country !== '' && country !== 'PL') return null
  const n = taxId.replace(/^PL/i, '').replace(/[\s-]/g, '')
  return NIP.test(n) ? n : null
}

/** How good a check is as evidence for a payment on `day`: 0 from that day's list, more the later, none before. */
export const evidenceDistance = (listDate: string, day: string): number | null =>
  listDate < day ? null : Math.round((Date.parse(listDate) - Date.parse(day)) / 86_400_000)

/** Whether `next` is better evidence for a payment on `day` than `kept`. */
export const betterEvidence = (next: string, kept: string | null, day: string): boolean => {
  const n = evidenceDistance(next, day)
  if (n === null) return false
  if (kept === null) return true
  const k = evidenceDistance(kept, day)
  return k === null || n < k
}

/** The outgoing payments the white-list rule covers, oldest first (`from`/`to`: booking dates, inclusive). */
export const whiteListPayments = (
  state: BooksState,
  { from, to }: { from?: string; to?: string } = {},
): WhiteListPayment[] => {
  const out: WhiteListPayment[] = []
  for (const m of state.bank.matches.values()) {
    const line = state.bank.lines.get(m.lineId)
    if (!line?.amount.startsWith('-')) continue
    if ((from && line.bookingDate < from) || (to && line.bookingDate > to)) continue
    const account = line.counterpartyAccount ? normalizeIban(line.counterpartyAccount) : null
    if (account === null || !account.startsWith('PL')) continue
    const amount = -parseMoney(line.amount)
    const expenses: WhiteListPayment['expenses'][number][] = []
    let nip: string | null = polishNip(line.splitPayment?.nip)
    let counterparty = line.counterpartyName ?? ''
    let large = amount > WHITE_LIST_THRESHOLD
    for (const a of m.allocations) {
      if (a.kind !== 'transaction' || parseTransactionId(a.id)?.kind !== 'item') continue
      const found = findTransaction(state, a.id)
      if (found?.row.eventType !== '2_Fee' || found.row.dataObject.itemId === null) continue
      const item = state.records.get(found.row.dataObject.itemId)?.data as Item | undefined
      const gross = parseMoney(found.row.dataObject.sum)
      if (gross > WHITE_LIST_THRESHOLD) large = true
      nip ??= polishNip(item?.counterparty?.taxId, item?.counterparty?.country)
      if (item?.counterparty?.name) counterparty = item.counterparty.name
      expenses.push({
        id: a.id,
        name: found.row.dataObject.name,
        documentNumber: item?.documentNumber ?? '',
        gross: formatMoney(gross),
      })
    }
    if (!large || nip === null || expenses.length === 0) continue
    const check = state.bank.whiteList.get(line.lineId) ?? null
    const splitPayment = line.splitPayment !== null
    out.push({
      lineId: line.lineId,
      bookingDate: line.bookingDate,
      amount: formatMoney(amount),
      nip,
      account: account.slice(2),
      counterparty,
      expenses,
      check,
      splitPayment,
      warning: !splitPayment && check !== null && check.result === 'absent',
    })
  }
  return out.sort((a, b) =>
    a.bookingDate < b.bookingDate ? -1 : a.bookingDate > b.bookingDate ? 1 : a.lineId < b.lineId ? -1 : 1,
  )
}
