/**
 * Matching a statement line to what it paid, with the reason and a confidence (0–100), in this order:
 * 1. a transfer between the user's own accounts (business ↔ VAT account: the VAT part of a split payment moved);
 * 2. a tax payment: to the tax micro-account derived from the company's NIP, or with a tax form symbol and period in
 *    the title (`/OKR/26M10/SFP/PIT36L/`, `VAT-7 10/2026`) → the VAT / PIT obligation of that period;
 * 3. a ZUS payment: to the payer's individual contribution account (or any account in ZUS's bank) → the open
 *    contributions whose deadline is nearest the payment;
 * 4. an invoice: document numbers in the title (or the split payment's `/INV/`), each as a whole (`namesDocument`:
 *    `11/10/2026` does not name `1/10/2026`), then the counterparty's NIP with the amount, then the amount alone
 *    within 60 days — incomes for money in, expenses for money out; several numbers in one title share the transfer
 *    in their order; an invoice of several VAT rates (one income per rate, all with its number) is one invoice, its
 *    items paid in the invoice's order; less than the rest due is a partial payment.
 * Suggestions at `AUTO_CONFIDENCE` or above are applied on import; the rest wait in the queue.
 */
import type { BooksState } from '../model/state.ts'
import { taxObligationId, type TaxKind } from '../identity.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { type ObligationDto, obligations } from '../projections/obligations.ts'
import { monthRows } from '../projections/month.ts'
import { addDays, addMonthsToMonth, monthsBetween } from '../calendar.ts'
import type { Item, Primary } from '../schemas/records.ts'
import { incomesOfInvoice } from '../invoicing/views.ts'
import { taxMicroAccount, normalizeIban } from './iban.ts'
import type { BankAllocation, BankLineState } from './state.ts'

/** Suggestions this sure are applied on import without asking. */
export const AUTO_CONFIDENCE = 90

export interface BankSuggestion {
  readonly allocations: readonly BankAllocation[]
  /** `bank.reason.*`, for the catalogs. */
  readonly reason: string
  readonly confidence: number
}

interface Occurrence {
  /** Its place in `occurrences` (suggestions of equal confidence keep that order). */
  readonly order: number
  readonly id: string
  readonly itemId: number
  readonly income: boolean
  readonly date: string
  readonly sum: bigint
  readonly documentNumber: string
  readonly nip: string
  /**
   * Where it stands among the items of one invoice: an issued invoice of several VAT rates is one income per rate,
   * all with its number; `lead` is the invoice's first item (the item itself when no invoice document made it) and
   * `place` its place in the invoice's items, so a payment of part of the invoice pays its items in their order.
   */
  readonly lead: number
  readonly place: number
}

export interface MatchContext {
  readonly taxAccount: string | null
  readonly zusAccount: string | null
  readonly ownAccounts: ReadonlySet<string>
  readonly obligations: ReadonlyMap<string, ObligationDto>
  readonly occurrences: readonly Occurrence[]
  /** What the books already count as paid, by transaction: bank allocations, or a hand-ticked completion. */
  readonly paid: Map<string, bigint>
  /** The occurrences still open, by what is due on them (kept by `recordPayment`): the amount rules look up here. */
  readonly byDue: Map<bigint, Occurrence[]>
  /** The occurrences with a document number (3 characters or more) a title can name, money in and money out. */
  readonly numbered: { readonly income: readonly Occurrence[]; readonly expense: readonly Occurrence[] }
  readonly byId: ReadonlyMap<string, Occurrence>
  /** Counterparty accounts as read (`normalizeIban`), once each: a statement names the same few again and again. */
  readonly accounts: Map<string, string | null>
}

const accountOf = (ctx: MatchContext, text: string): string | null => {
  const known = ctx.accounts.get(text)
  if (known !== undefined) return known
  const a = normalizeIban(text)
  ctx.accounts.set(text, a)
  return a
}

const indexDue = (byDue: Map<bigint, Occurrence[]>, o: Occurrence, due: bigint): void => {
  if (due <= 0n) return
  const list = byDue.get(due)
  if (list) list.push(o)
  else byDue.set(due, [o])
}

/** Counts `amount` more as paid on transaction `id` (a match made during the run), keeping the indexes current. */
export const recordPayment = (ctx: MatchContext, id: string, amount: bigint): void => {
  const o = ctx.byId.get(id)
  if (o) {
    const before = outstanding(ctx, id, o.sum)
    const list = ctx.byDue.get(before)
    if (list) {
      const at = list.indexOf(o)
      if (at >= 0) list.splice(at, 1)
      if (list.length === 0) ctx.byDue.delete(before)
    }
  }
  ctx.paid.set(id, (ctx.paid.get(id) ?? 0n) + amount)
  if (o) indexDue(ctx.byDue, o, outstanding(ctx, id, o.sum))
}

const normDoc = (s: string) => s.toUpperCase().replace(/[\s]/g, '')

/** A title as document numbers are looked up in it: upper case, without whitespace, each character's place kept. */
export interface DocTitle {
  /** The title in upper case. */
  readonly text: string
  /** The same without whitespace (as `normDoc` writes document numbers). */
  readonly bare: string
  /** Where each character of `bare` is in `text`. */
  readonly at: readonly number[]
}

export const docTitle = (title: string): DocTitle => {
  const text = title.toUpperCase()
  let bare = ''
  const at: number[] = []
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (/\s/.test(c)) continue
    bare += c
    at.push(i)
  }
  return { text, bare, at }
}

const ALNUM = /[\p{L}\p{N}]/u
const JOINER = /[/\-._]/

/**
 * Whether the character of `text` at `i`, next to a document number, makes it part of a longer one: a letter or a digit,
 * or one of the characters numbers are made of (`/`, `-`, `.`, `_`) that joins on (`step` further) to a letter or digit
 * — `FV/1/2026/K` is not `FV/1/2026`, `11/10/2026` not `1/10/2026`, while `FV/1/2026.` ends a sentence.
 */
const continues = (text: string, i: number, step: 1 | -1): boolean => {
  const c = text[i]
  if (c === undefined) return false
  if (ALNUM.test(c)) return true
  return JOINER.test(c) && ALNUM.test(text[i + step] ?? '')
}

/**
 * Whether the title names the document number (`normDoc`) as a whole: found ignoring case and whitespace, and neither
 * preceded nor followed by what would make it part of a longer number (`continues`).
 */
export const namesDocument = (title: DocTitle, number: string): boolean => {
  if (number === '') return false
  for (let from = title.bare.indexOf(number); from >= 0; from = title.bare.indexOf(number, from + 1)) {
    const start = title.at[from]!
    const end = title.at[from + number.length - 1]!
    if (!continues(title.text, start - 1, -1) && !continues(title.text, end + 1, 1)) return true
  }
  return false
}

/** What every line of one matching run shares (built once per import or view). */
export const matchContext = (state: BooksState, today: string, lines: Iterable<BankLineState>): MatchContext => {
  let nip = ''
  for (const r of state.records.values())
    if (r.dataType === 'Primary' && !r.deleted) nip = (r.data as Primary).nip.replace(/\D/g, '')
  const ownAccounts = new Set<string>()
  for (const a of state.bank.accounts.values()) if (!a.deleted) ownAccounts.add(a.iban)
  const obl = new Map<string, ObligationDto>()
  for (const o of obligations(state, { today })) obl.set(o.transactionId, o)
  // Item occurrences in the months around the lines' dates.
  let min: string | null = null
  let max: string | null = null
  for (const l of lines) {
    if (min === null || l.bookingDate < min) min = l.bookingDate
    if (max === null || l.bookingDate > max) max = l.bookingDate
  }
  const occurrences: Occurrence[] = []
  if (min !== null && max !== null) {
    const from = addMonthsToMonth(min.slice(0, 7), -3)
    const n = Math.min(monthsBetween(from, max.slice(0, 7)) + 2, 240)
    for (let i = 0; i < n; i++) {
      const month = addMonthsToMonth(from, i)
      for (const { row } of monthRows(state, month)) {
        if (row.eventType !== '1_Revenue' && row.eventType !== '2_Fee') continue
        const itemId = row.dataObject.itemId
        if (itemId === null) continue
        const item = state.records.get(itemId)?.data as Item | undefined
        // The invoice's items (one per VAT rate), or the item alone.
        const items = incomesOfInvoice(state, itemId)
        occurrences.push({
          order: occurrences.length,
          id: row.id,
          itemId,
          income: row.eventType === '1_Revenue',
          date: row.date,
          sum: parseMoney(row.dataObject.sum),
          documentNumber: normDoc(item?.documentNumber ?? ''),
          nip: (item?.counterparty?.taxId ?? '').replace(/\D/g, ''),
          lead: items[0]!,
          place: items.indexOf(itemId),
        })
      }
    }
  }
  const paid = new Map<string, bigint>()
  for (const m of state.bank.matches.values())
    for (const a of m.allocations)
      if (a.kind === 'transaction') paid.set(a.id, (paid.get(a.id) ?? 0n) + parseMoney(a.amount))
  for (const [id, f] of state.flags)
    if (f.completed && !paid.has(id) && f.paidAmount !== null) paid.set(id, parseMoney(f.paidAmount))
  const byDue = new Map<bigint, Occurrence[]>()
  const byId = new Map<string, Occurrence>()
  for (const o of occurrences) {
    byId.set(o.id, o)
    indexDue(byDue, o, o.sum - (paid.get(o.id) ?? 0n))
  }
  const numbered = occurrences.filter((o) => o.documentNumber.length >= 3)
  return {
    taxAccount: nip ? taxMicroAccount(nip) : null,
    zusAccount: state.bank.zusAccount,
    ownAccounts,
    obligations: obl,
    occurrences,
    paid,
    byDue,
    numbered: { income: numbered.filter((o) => o.income), expense: numbered.filter((o) => !o.income) },
    byId,
    accounts: new Map(),
  }
}

const abs = (g: bigint) => (g < 0n ? -g : g)

/** What is still due on a transaction of `sum`. */
const outstanding = (ctx: MatchContext, id: string, sum: bigint): bigint => {
  const r = sum - (ctx.paid.get(id) ?? 0n)
  return r > 0n ? r : 0n
}

const FORMS: readonly [RegExp, 'VAT' | 'PIT'][] = [
  [/VAT-?7[KD]?\b/, 'VAT'],
  [/PIT-?36L?\b|PIT-?28\b|PIT-?5L?\b|\bPPL\b|\bPPE\b/, 'PIT'],
]

/** The form's tax and the period a tax transfer's title names (`/OKR/26M10/`, `10/2026`, `2026-Q3`, `26K03`). */
export const taxTitle = (
  title: string,
): { kind: 'VAT' | 'PIT' | null; from: string; to: string; annual: boolean } | null => {
  const t = title.toUpperCase()
  let kind: 'VAT' | 'PIT' | null = null
  for (const [re, k] of FORMS) if (re.test(t)) kind = k
  let m = /(?:OKR\/|\b)(\d{2})M(\d{2})\b/.exec(t)
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) {
    const ym = `20${m[1]}-${m[2]}`
    return { kind, from: ym, to: ym, annual: false }
  }
  m = /(?:OKR\/|\b)(\d{2})K0?([1-4])\b/.exec(t) ?? /\b20(\d{2})-?Q([1-4])\b/.exec(t)
  if (m) {
    const from = `20${m[1]}-${String((Number(m[2]) - 1) * 3 + 1).padStart(2, '0')}`
    return { kind, from, to: addMonthsToMonth(from, 2), annual: false }
  }
  m = /(?:OKR\/)(\d{2})R\b/.exec(t)
  if (m) return { kind, from: `20${m[1]}-01`, to: `20${m[1]}-12`, annual: true }
  m = /\b(0?[1-9]|1[0-2])[./-](20\d{2})\b/.exec(t) ?? null
  if (m) {
    const ym = `${m[2]}-${m[1]!.padStart(2, '0')}`
    return { kind, from: ym, to: ym, annual: false }
  }
  m = /\b(20\d{2})[./-](0[1-9]|1[0-2])\b/.exec(t)
  if (m) return { kind, from: `${m[1]}-${m[2]}`, to: `${m[1]}-${m[2]}`, annual: false }
  return kind === null ? null : { kind, from: '', to: '', annual: false }
}

const tx = (id: string, amount: bigint): BankAllocation => ({ kind: 'transaction', id, amount: formatMoney(amount) })

/** Every plausible match of a line, surest first (empty: nothing fits). */
export const suggest = (ctx: MatchContext, line: BankLineState): BankSuggestion[] => {
  const amount = parseMoney(line.amount)
  const money = abs(amount)
  const out: BankSuggestion[] = []
  const cp = line.counterpartyAccount ? accountOf(ctx, line.counterpartyAccount) : null
  if (amount === 0n) return out
  if (cp !== null && ctx.ownAccounts.has(cp))
    return [
      {
        allocations: [{ kind: 'transfer', amount: formatMoney(money) }],
        reason: 'bank.reason.ownTransfer',
        confidence: 95,
      },
    ]

  if (amount < 0n) {
    // Taxes.
    const toTaxAccount = cp !== null && cp === ctx.taxAccount
    const title = taxTitle(line.title)
    if (toTaxAccount || title?.kind) {
      const kinds: TaxKind[] = title?.kind ? [title.kind] : ['VAT', 'PIT']
      for (const kind of kinds) {
        if (title && title.from !== '') {
          const id = title.annual
            ? taxObligationId('PITAnnual', title.from, title.to)
            : taxObligationId(kind, title.from, title.to)
          const o = ctx.obligations.get(id)
          if (o) {
            const due = outstanding(ctx, id, parseMoney(o.amount))
            const confidence = (toTaxAccount ? 90 : 70) + (title.kind ? 3 : 0) + (money === due ? 5 : 0)
            out.push({
              allocations: [tx(id, money)],
              reason: toTaxAccount ? 'bank.reason.taxMicroAccount' : 'bank.reason.taxTitle',
              confidence,
            })
          }
        }
      }
      if (out.length === 0 && toTaxAccount) {
        // No period in the title: the open obligation of that amount due nearest the payment.
        const near = nearestObligation(
          ctx,
          line,
          (o) => (title?.kind ? o.kind === title.kind : o.kind === 'VAT' || o.kind === 'PIT'),
          money,
        )
        if (near)
          out.push({
            allocations: [tx(near.transactionId, money)],
            reason: 'bank.reason.taxMicroAccount',
            confidence: 80,
          })
      }
    }
    // ZUS.
    const toZus = cp !== null && (cp === ctx.zusAccount || cp.slice(4, 12) === '60000002')
    if (toZus) {
      const near = nearestObligation(ctx, line, (o) => o.kind === 'SocialSecurity', money)
      if (near) {
        const exact = outstanding(ctx, near.transactionId, parseMoney(near.amount)) === money
        const confidence = (cp === ctx.zusAccount ? 90 : 70) + (exact ? 5 : 0)
        out.push({ allocations: [tx(near.transactionId, money)], reason: 'bank.reason.zusAccount', confidence })
      }
    }
    if (out.length > 0) return out.sort((a, b) => b.confidence - a.confidence)
  }

  // Invoices: incomes for money in, expenses for money out.
  const income = amount > 0n
  const numbered = income ? ctx.numbered.income : ctx.numbered.expense
  const title = numbered.length > 0 ? docTitle(`${line.title} ${line.splitPayment?.invoice ?? ''}`) : null
  const byNumber = numbered.filter((o) => namesDocument(title!, o.documentNumber) && outstanding(ctx, o.id, o.sum) > 0n)
  if (byNumber.length > 0) {
    // Several numbers: the transfer pays them in the order of their dates, each up to what is due; an invoice of
    // several VAT rates (one item per rate, one number) is paid as a whole, its items in the invoice's order.
    byNumber.sort((a, b) =>
      a.date < b.date
        ? -1
        : a.date > b.date
          ? 1
          : a.lead - b.lead || a.place - b.place || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    let left = money
    const allocations: BankAllocation[] = []
    for (const o of byNumber) {
      if (left <= 0n) break
      const due = outstanding(ctx, o.id, o.sum)
      const take = byNumber.length === 1 || due > left ? left : due
      allocations.push(tx(o.id, take))
      left -= take
    }
    if (left > 0n) {
      // Overpaid: the excess stays on the last invoice (shown as overpaid).
      const last = allocations.pop()!
      allocations.push(tx((last as { id: string }).id, parseMoney(last.amount) + left))
    }
    const totalDue = byNumber.reduce((s, o) => s + outstanding(ctx, o.id, o.sum), 0n)
    out.push({
      allocations,
      reason:
        new Set(byNumber.map((o) => o.documentNumber)).size > 1
          ? 'bank.reason.invoiceNumbers'
          : line.splitPayment
            ? 'bank.reason.splitPayment'
            : 'bank.reason.invoiceNumber',
      confidence: money === totalDue ? 98 : money < totalDue ? 90 : 80,
    })
  }
  const nip = line.splitPayment?.nip?.replace(/\D/g, '') || /\b(\d{10})\b/.exec(line.title.replace(/-/g, ''))?.[1] || ''
  const from = addDays(line.bookingDate, -60)
  const to = addDays(line.bookingDate, 60)
  // What is due to the grosz: only those occurrences can match by NIP or amount (indexed, in their order).
  const sameDue = (ctx.byDue.get(money) ?? []).filter((o) => o.income === income && !byNumber.includes(o))
  // The occurrence nearest the booking first (then in their order): a monthly rent paid on 5 November is November's,
  // not October's, though both are open and due to the grosz.
  if (sameDue.length > 1) {
    const booked = Date.parse(line.bookingDate)
    const distance = (o: Occurrence) => Math.abs(Date.parse(o.date) - booked)
    sameDue.sort((a, b) => distance(a) - distance(b) || a.order - b.order)
  }
  for (const o of sameDue) {
    if (nip !== '' && o.nip === nip)
      out.push({ allocations: [tx(o.id, money)], reason: 'bank.reason.counterpartyNip', confidence: 85 })
    else if (o.date >= from && o.date <= to)
      out.push({ allocations: [tx(o.id, money)], reason: 'bank.reason.amount', confidence: 60 })
  }
  return out.sort((a, b) => b.confidence - a.confidence).slice(0, 5)
}

const nearestObligation = (
  ctx: MatchContext,
  line: BankLineState,
  accepts: (o: ObligationDto) => boolean,
  money: bigint,
): ObligationDto | null => {
  let best: ObligationDto | null = null
  let bestScore = Number.POSITIVE_INFINITY
  for (const o of ctx.obligations.values()) {
    if (!accepts(o)) continue
    const due = outstanding(ctx, o.transactionId, parseMoney(o.amount))
    if (due <= 0n) continue
    const days = Math.abs(Date.parse(o.dueDate) - Date.parse(line.bookingDate)) / 86_400_000
    // The same amount outweighs a month's distance.
    const score = days + (due === money ? 0 : 45)
    if (score < bestScore && days <= 75) {
      best = o
      bestScore = score
    }
  }
  return best
}
