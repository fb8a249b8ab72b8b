/**
 * The month's transactions (SPEC §3, HTTP contract): one revenue row (`1_Revenue`) or fee row (`2_Fee`) per item
 * occurrence whose cash date falls in the month, then the taxes **due in** the month — VAT (`3_Vat`), PIT advance
 * (`4_Pit`), social security (`5_SocialSecurity`) — each labelled with the period it pays for (the February view
 * shows January's VAT, PIT and ZUS). Tax rows appear for every settled period of a configured tax, also when
 * nothing is to pay (VAT rows also when no VAT setting exists but VAT is due from items' own percents).
 *
 * Every view is computed from the current items and settings (derivations cached per records, `derived.ts`); the
 * user's flags are joined by the row's identity (`identity.ts`), so they survive every recomputation. Manual
 * transactions of the month are appended. `overdue` = a tax row with something still to pay (more than 0) whose
 * due date is before `today`.
 */
import { addMonthsToMonth, lastDayOfMonth } from '../calendar.ts'
import type { BooksState, ManualTransactionState, TransactionFlagsState } from '../model/state.ts'
import {
  itemOccurrenceId,
  manualTransactionId,
  type ParsedTransactionId,
  parseTransactionId,
  type TransactionId,
  taxObligationId,
} from '../identity.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { type Occurrence, pushTo } from '../schedule.ts'
import type { ManualTransaction } from '../schemas/records.ts'
import type {
  CompanyLine,
  RelatedTransaction,
  TransactionDto,
  TransactionEventType,
  TransactionRow,
} from '../schemas/transaction.ts'
import { paidVat } from '../tax/crossBorder.ts'
import { sameValue, type VatPeriod } from '../tax/engine.ts'
import { vatRefundDeadline } from '../tax/vatRefund.ts'
import { type VatDeclaration, vatOfItem } from '../tax/vat.ts'
import type { LocalDateString, MoneyString, YearMonthString } from '../types.ts'
import { type Derived, derive, occurrencesForTaxPeriod, type TaxDue, taxDueId, taxesThrough } from './derived.ts'
import { blank, flatRateFields, stringify } from './rowFields.ts'
import { annualReturnRow, healthSettlementRow } from './yearEndRows.ts'
import { isPartlyPaid, outstandingOf, remainingOf } from '../model/paid.ts'

export { blank, flatRateFields, isPartlyPaid, outstandingOf, remainingOf, stringify }

const ZERO = '0.00'
const fm = formatMoney

/**
 * Rows of the month built (not taken from the rows of an earlier books state) and transaction DTOs made: a test
 * proves with them that a month after a write builds only the rows whose inputs changed.
 */
export const monthRowCounter = { rows: 0, dtos: 0 }

const buildItemRow = (o: Occurrence): TransactionRow => {
  monthRowCounter.rows++
  return itemRowOf(o)
}

const itemRowOf = (o: Occurrence): TransactionRow => ({
  id: itemOccurrenceId(o.itemId, o.date.slice(0, 7)),
  date: o.date,
  eventType: o.isIncome ? '1_Revenue' : '2_Fee',
  dataType: o.dataType,
  dataObject: {
    ...blank(),
    displayName: o.name,
    date: o.date,
    name: o.name,
    amount: fm(o.amount),
    percent: o.percent,
    vatAmount: fm(o.vatAmount),
    sum: fm(o.amount + paidVat(o.vatAmount, o.vatFacts)),
    isCompany: o.isCompany,
    itemId: o.itemId,
    invoiceDate: o.invoiceDate,
    ...(o.currency ? { currency: o.currency } : {}),
  },
})

const buildRelated = (o: Occurrence): RelatedTransaction => ({
  id: o.itemId,
  date: o.date,
  eventType: o.isIncome ? '1_Revenue' : '2_Fee',
  dataObject: {
    name: o.name,
    amount: fm(o.amount),
    vatAmount: fm(o.vatAmount),
    sum: fm(o.amount + paidVat(o.vatAmount, o.vatFacts)),
  },
})

const buildLine = (o: Occurrence): CompanyLine => ({ name: o.name, amount: fm(o.amount), vatAmount: fm(o.vatAmount) })

/**
 * Per occurrence, built once: an occurrence object lives as long as its item record (schedule.ts caches them per
 * record), so after an edit only the changed items' rows are built again. The objects are never changed.
 */
const perOccurrence = <T>(build: (o: Occurrence) => T) => {
  const cache = new WeakMap<Occurrence, T>()
  return (o: Occurrence): T => {
    let v = cache.get(o)
    if (v === undefined) {
      v = build(o)
      cache.set(o, v)
    }
    return v
  }
}
const itemRow = perOccurrence(buildItemRow)
const related = perOccurrence(buildRelated)
const line = perOccurrence(buildLine)

/** What a VAT or PIT row is computed from: each transaction, their sum (the row's amount), company lines by side. */
const behind = (occ: readonly Occurrence[], amount: string) => ({
  relatedTransactions: occ.map(related),
  relatedTransactionsSum: amount,
  companyRevenues: occ.filter((o) => o.isIncome).map(line),
  companyFees: occ.filter((o) => !o.isIncome).map(line),
})

const periodLabel = (from: YearMonthString, to: YearMonthString) => (from === to ? from : `${from} – ${to}`)

/** A VAT or PIT period as its row shows it. */
interface PeriodShown {
  readonly from: YearMonthString
  readonly to: YearMonthString
  readonly dueDate: LocalDateString
  readonly paymentInterval: 1 | 3
}

/** The fields a VAT or PIT row's data object starts with, in this order. */
const periodHead = (name: 'VAT' | 'PIT', p: PeriodShown, amount: MoneyString, percent: string) => ({
  ...blank(),
  displayName: `${name} ${periodLabel(p.from, p.to)}`,
  date: p.dueDate,
  name,
  amount,
  sum: amount,
  isCompany: true,
  percent,
  paymentInterval: p.paymentInterval,
})

/** What a VAT or PIT row lists (`behind`), then its period and due date, in this order. */
const periodBasis = (d: Derived, p: PeriodShown, tax: 'vat' | 'pit', amount: MoneyString) => ({
  ...behind(occurrencesForTaxPeriod(d, p.from, p.to, tax), amount),
  period: { from: p.from, to: p.to },
  dueDate: p.dueDate,
})

/** The declaration's figures under the form's own field names (`P_19`, `P_51`, …); other rates as `otherRate_<percent>_base|tax`. */
const declarationFields = (dec: VatDeclaration): Record<string, bigint> => {
  const { otherRates, refund: _refund, ...fields } = dec
  const out: Record<string, bigint> = { ...fields }
  for (const o of otherRates) {
    out[`otherRate_${o.percent}_base`] = o.base
    out[`otherRate_${o.percent}_tax`] = o.tax
  }
  return out
}

/**
 * A tax row, kept per tax period object: the engine keeps the periods before the first month a change touches as
 * they were (`computeTaxesFrom`), so the row of such a period is the previous state's row when what else it shows is
 * the same too: its amount, the schedule's arrays of the period's months (the occurrences it lists; a month's array
 * is shared between states until an item of it changes, `updateSchedule`) and, for VAT, the setting in force.
 */
interface KeptTaxRow {
  readonly amount: bigint
  readonly inputs: readonly unknown[]
  readonly row: TransactionRow
}
const taxRows = new WeakMap<object, KeptTaxRow>()

/** What a tax row shows beside its period: the schedule's month arrays it lists, the VAT setting in force. */
const taxRowInputs = (d: Derived, t: TaxDue): unknown[] => {
  if (t.kind !== 'VAT' && t.kind !== 'PIT') return []
  const inputs: unknown[] = []
  for (let m = t.period.from; m <= t.period.to; m = addMonthsToMonth(m, 1)) inputs.push(d.schedule.byTaxMonth.get(m))
  if (t.kind === 'VAT') inputs.push(vatSettingOf(d, t.period.to))
  return inputs
}

const vatSettingOf = (d: Derived, to: YearMonthString) => [...d.vat].reverse().find((s) => s.date <= lastDayOfMonth(to))

const sameInputs = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The VAT and PIT rows by the schedule's array of their first month, then by row id, with the period they were built
 * from: a change in an earlier month makes the engine compute the later periods again as new objects, most of them
 * equal to what they were; such a period (equal field by field) whose listed occurrences are the same arrays keeps
 * its row too. Kept per array, so an entry goes with the books state whose schedule holds it.
 */
const taxRowsByMonth = new WeakMap<object, Map<string, KeptTaxRow & { readonly period: unknown }>>()

const taxRow = (d: Derived, t: TaxDue): TransactionRow => {
  const inputs = taxRowInputs(d, t)
  const kept = taxRows.get(t.period)
  if (kept !== undefined && kept.amount === t.amount && sameInputs(kept.inputs, inputs)) return kept.row
  const first = inputs[0]
  const byId = typeof first === 'object' && first !== null ? taxRowsByMonth.get(first) : undefined
  const id = taxDueId(t)
  const equal = byId?.get(id)
  if (
    equal !== undefined &&
    equal.amount === t.amount &&
    sameInputs(equal.inputs, inputs) &&
    sameValue(equal.period, t.period)
  ) {
    taxRows.set(t.period, equal)
    return equal.row
  }
  monthRowCounter.rows++
  const row = buildTaxRow(d, t)
  const entry = { amount: t.amount, inputs, row, period: t.period }
  taxRows.set(t.period, entry)
  if (typeof first === 'object' && first !== null) {
    const m = taxRowsByMonth.get(first) ?? new Map()
    m.set(id, entry)
    taxRowsByMonth.set(first, m)
  }
  return row
}

/**
 * The refund asked for in a VAT period's declaration (only when one is): what was asked, what the excess allows
 * (`refunded`, P_54; `offsetApplied`, P_60), and the term's last day when the declaration is filed on its due date.
 */
const vatRefundOf = (p: VatPeriod) => {
  const r = p.refundRequest
  if (!r) return {}
  const applied = p.declaration.refund
  return {
    vatRefund: {
      month: r.month,
      amount: r.request.amount,
      term: r.request.term,
      offset: r.request.offset,
      refunded: fm(applied?.amount ?? 0n),
      offsetApplied: fm(applied?.offset?.amount ?? 0n),
      lastDay: vatRefundDeadline(r.request.term, p.dueDate),
    },
  }
}

/** A VAT period's row: its amount, the occurrences it lists, and its declaration's fields in the breakdown. */
const vatRow = (d: Derived, t: Extract<TaxDue, { kind: 'VAT' }>, amount: MoneyString, id: string): TransactionRow => {
  const p = t.period
  return {
    id,
    date: p.dueDate,
    eventType: '3_Vat',
    dataType: 'Vat',
    dataObject: {
      ...periodHead('VAT', p, amount, vatSettingOf(d, p.to)?.percent ?? '0'),
      ...periodBasis(d, p, 'vat', amount),
      breakdown: stringify({
        output: p.output,
        input: p.input,
        carriedIn: p.carriedIn,
        balance: p.balance,
        due: p.due,
        carryOut: p.carryOut,
        intervalReason: p.intervalReason ?? 'none',
        ...declarationFields(p.declaration),
        statutoryDueDate: p.statutoryDueDate,
      }),
      ...vatRefundOf(p),
    },
  }
}

/** A PIT advance's row: the period's income, deductions and the occurrences it lists. */
const pitRow = (d: Derived, t: Extract<TaxDue, { kind: 'PIT' }>, amount: MoneyString, id: string): TransactionRow => {
  const p = t.period
  const income = p.taxType === 'Flat' ? p.revenue : p.revenue - p.costs
  return {
    id,
    date: p.dueDate,
    eventType: '4_Pit',
    dataType: 'Pit',
    dataObject: {
      ...periodHead('PIT', p, amount, p.rate),
      taxType: p.taxType,
      rate: p.rate,
      income: fm(income),
      deductions: { socialSecurity: fm(p.social), healthInsurance: fm(p.healthDeducted), other: fm(p.deductions) },
      ...periodBasis(d, p, 'pit', amount),
      breakdown: stringify({
        revenue: p.revenue,
        costs: p.costs,
        social: p.social,
        healthDeducted: p.healthDeducted,
        deductions: p.deductions,
        revenueYearToDate: p.revenueYearToDate,
        costsYearToDate: p.costsYearToDate,
        socialYearToDate: p.socialYearToDate,
        healthDeductedYearToDate: p.healthDeductedYearToDate,
        deductionsYearToDate: p.deductionsYearToDate,
        base: p.base,
        taxYearToDate: p.taxYearToDate,
        advancesBefore: p.advancesBefore,
        advance: p.advance,
        ...flatRateFields(p.flatRates),
        settingReason: p.settingReason ?? 'none',
        statutoryDueDate: p.statutoryDueDate,
      }),
    },
  }
}

/** A month's ZUS row: the contributions, the health base it was computed from, and the breakdown. */
const socialSecurityRow = (
  t: Extract<TaxDue, { kind: 'SocialSecurity' }>,
  amount: MoneyString,
  id: string,
): TransactionRow => {
  const c = t.period
  const deductions = { socialSecurity: fm(c.social), healthInsurance: fm(c.health), other: ZERO }
  const base = c.healthBase
  const relatedTx: RelatedTransaction[] =
    base === null
      ? []
      : [
          {
            id: 0,
            date: lastDayOfMonth(c.taxType === 'Flat' ? c.month : addMonthsToMonth(c.month, -1)),
            eventType: '4_Pit',
            dataObject: {
              name: c.taxType === 'Flat' ? `Revenue ${c.month.slice(0, 4)}` : `Income ${addMonthsToMonth(c.month, -1)}`,
              amount: fm(base),
              vatAmount: ZERO,
              sum: fm(c.health),
              taxType: c.taxType,
              income: fm(base),
              deductions,
            },
          },
        ]
  return {
    id,
    date: c.dueDate,
    eventType: '5_SocialSecurity',
    dataType: 'SocialSecurity',
    dataObject: {
      ...blank(),
      displayName: `ZUS ${c.month}`,
      date: c.dueDate,
      name: 'SocialSecurity',
      amount,
      sum: amount,
      isCompany: true,
      percent: c.percent,
      paymentInterval: 1,
      taxType: c.taxType,
      income: base === null ? null : fm(base),
      deductions,
      relatedTransactions: relatedTx,
      relatedTransactionsSum: amount,
      period: { from: c.month, to: c.month },
      dueDate: c.dueDate,
      breakdown: stringify({
        ...(c.activeDays < c.daysInMonth
          ? {
              socialDeclared: c.socialDeclared,
              activeDays: c.activeDays,
              daysInMonth: c.daysInMonth,
              socialBasis: c.socialBasis ?? 'none',
            }
          : {}),
        social: c.social,
        labourFund: c.labourFund,
        health: c.health,
        healthIncomeYearToDate: c.healthIncomeYearToDate ?? 'none',
        healthBasesBefore: c.healthBasesBefore ?? 'none',
        healthBase: c.healthBase === null ? 'none' : c.healthBase,
        healthMinimumApplied: c.healthMinimumApplied,
        flatTier: c.flatTier,
        total: c.total,
        settingReason: c.settingReason ?? 'none',
        statutoryDueDate: c.statutoryDueDate,
      }),
    },
  }
}

const buildTaxRow = (d: Derived, t: TaxDue): TransactionRow => {
  const amount = fm(t.amount)
  const id = taxDueId(t)
  switch (t.kind) {
    case 'VAT':
      return vatRow(d, t, amount, id)
    case 'PIT':
      return pitRow(d, t, amount, id)
    case 'PITAnnual':
      return annualReturnRow(t.period, id)
    case 'HealthAnnual':
      return healthSettlementRow(t.period, id)
    case 'SocialSecurity':
      return socialSecurityRow(t, amount, id)
  }
}

/**
 * The rows generated for a month from the current items and settings (no flags, no manual rows), cached with the
 * derivation of the records. Independent of `today` (overdue is a read-time flag).
 */
export const generatedRows = (state: BooksState, month: YearMonthString): readonly TransactionRow[] => {
  const d = derive(state)
  // First: a run for other contribution payments than the cached rows were built with clears them.
  const taxes = taxesThrough(state, month)
  const hit = d.rows.get(month)
  if (hit) return hit
  const rows: TransactionRow[] = []
  const occ = d.schedule.byCashMonth.get(month) ?? []
  for (const o of occ) if (o.isIncome) rows.push(itemRow(o))
  for (const o of occ) if (!o.isIncome) rows.push(itemRow(o))
  for (const t of taxes?.periodsByDueMonth.get(month) ?? []) rows.push(taxRow(d, t))
  d.rows.set(month, rows)
  return rows
}

const TAX_TYPES: ReadonlySet<string> = new Set(['3_Vat', '4_Pit', '5_SocialSecurity'])

/** The row of a manual transaction. */
export const manualRow = (id: number, m: ManualTransaction): TransactionRow => {
  const amount = parseMoney(m.amount)
  const vat = vatOfItem(amount, m.percent)
  return {
    id: manualTransactionId(id),
    date: m.date,
    eventType: m.eventType,
    dataType: 'Manual',
    dataObject: {
      ...blank(),
      displayName: m.name,
      date: m.date,
      name: m.name,
      amount: fm(amount),
      percent: m.percent,
      vatAmount: fm(vat),
      sum: fm(amount + vat),
      isCompany: m.isCompany,
    },
  }
}

/**
 * The DTO made last from a row (a row object is never changed), with the flags and day it was made for: a row whose
 * flags object is the same again (flags are replaced, never changed, when the user sets them) is answered with the
 * same DTO, which the API's JSON cache knows by identity.
 */
const dtos = new WeakMap<
  TransactionRow,
  { flags: TransactionFlagsState | null; today: LocalDateString; dto: TransactionDto }
>()

/** A transaction DTO from a row and its flags; `overdue` evaluated against `today`. */
export const toTransactionDto = (
  row: TransactionRow,
  flags: TransactionFlagsState | null,
  today: LocalDateString,
): TransactionDto => {
  const kept = dtos.get(row)
  if (kept !== undefined && kept.flags === flags && kept.today === today) return kept.dto
  monthRowCounter.dtos++
  const dto = makeTransactionDto(row, flags, today)
  dtos.set(row, { flags, today, dto })
  return dto
}

const makeTransactionDto = (
  row: TransactionRow,
  flags: TransactionFlagsState | null,
  today: LocalDateString,
): TransactionDto => {
  const completed = flags?.completed ?? false
  // Partly paid: open, with what the bank lines paid so far (`paidAmount`) and what is left (`remainingAmount`).
  const partly = isPartlyPaid(flags)
  const remaining = remainingOf(row, flags)
  const owing = remaining !== null && parseMoney(remaining) > 0n
  const dueDate = row.dataObject.dueDate
  // Late only with something still to pay: a period with nothing to pay (a VAT excess carried forward, a PIT
  // advance of 0) is not overdue, whether or not it was ticked.
  const overdue = TAX_TYPES.has(row.eventType) && dueDate !== null && dueDate < today && outstandingOf(row, flags) > 0n
  return {
    id: row.id,
    date: row.date,
    eventType: row.eventType,
    dataType: row.dataType,
    completed,
    notification: flags?.notification ?? false,
    notificationCompleted: (owing ? flags?.remainderReminded : flags?.notificationCompleted) ?? false,
    paidAmount: completed ? (flags?.paidAmount ?? row.dataObject.sum) : partly ? flags!.paidAmount : null,
    paidOn: completed || partly ? (flags?.paidOn ?? null) : null,
    remainingAmount: remaining,
    dataObject: row.dataObject.overdue === overdue ? row.dataObject : { ...row.dataObject, overdue },
  }
}

const ORDER: Record<TransactionEventType, number> = {
  '1_Revenue': 1,
  '2_Fee': 2,
  '3_Vat': 3,
  '4_Pit': 4,
  '5_SocialSecurity': 5,
}

export interface MonthRow {
  readonly row: TransactionRow
  /** The user's flags of the row, `null` when it has none. */
  readonly flags: TransactionFlagsState | null
}

/** The live rows of a month with their flags: generated rows not hidden by the user, then manual rows. */
export const monthRows = (state: BooksState, month: YearMonthString): MonthRow[] => {
  const out: MonthRow[] = []
  for (const row of generatedRows(state, month)) {
    const flags = state.flags.get(row.id) ?? null
    if (!flags?.hidden) out.push({ row, flags })
  }
  out.push(...manualRowsOf(state, month))
  return out
}

/** The manual rows of a month (not deleted) with their flags. */
export const manualRowsOf = (state: BooksState, month: YearMonthString): MonthRow[] =>
  manualTransactionsOf(state, month).map((t) => ({
    row: manualRow(t.id, t.data),
    flags: state.flags.get(manualTransactionId(t.id)) ?? null,
  }))

const manualIndex = new WeakMap<object, Map<YearMonthString, ManualTransactionState[]>>()
const manualTransactionsOf = (state: BooksState, month: YearMonthString): ManualTransactionState[] => {
  let idx = manualIndex.get(state.manual)
  if (!idx) {
    idx = new Map()
    for (const t of state.manual.values()) if (!t.deleted) pushTo(idx, t.month, t)
    manualIndex.set(state.manual, idx)
  }
  return idx.get(month) ?? []
}

const byTypeDateId = (a: TransactionDto, b: TransactionDto) =>
  ORDER[a.eventType] - ORDER[b.eventType] || compareDateThenId(a, b)

const compareDateThenId = (a: TransactionDto, b: TransactionDto) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0

/** The month's transactions as the HTTP contract shapes them, ordered revenue, fee, VAT, PIT, ZUS, then date, id. */
export const monthTransactions = (
  state: BooksState,
  month: YearMonthString,
  today: LocalDateString,
): TransactionDto[] =>
  monthRows(state, month)
    .map(({ row, flags }) => toTransactionDto(row, flags, today))
    .sort(byTypeDateId)

/**
 * Resolves any transaction id — an identity, a manual row's id, or an integer id the frozen-month model gave a row
 * (mapped to its identity) — to the row the books show now and its flags. `null` when the books show no such row
 * (an occurrence of a deleted item, a tax period not settled, a deleted manual row). Hidden rows are returned (with
 * `flags.hidden`): the caller decides.
 */
export const findTransaction = (state: BooksState, id: unknown): MonthRow | null => {
  let p: ParsedTransactionId | null = parseTransactionId(id)
  if (p?.kind === 'number') {
    const manual = state.manual.get(p.id)
    if (manual) {
      if (manual.deleted) return null
      const key = manualTransactionId(manual.id)
      return { row: manualRow(manual.id, manual.data), flags: state.flags.get(key) ?? null }
    }
    const legacy = state.legacyIds.get(p.id)
    p = legacy ? parseTransactionId(legacy.id) : null
  }
  if (p === null || p.kind === 'number') return null
  let month: YearMonthString
  if (p.kind === 'item') month = p.month
  else {
    // A period falls due in the month after it ends; the engine runs a month further to be sure.
    const t = taxesThrough(state, addMonthsToMonth(p.to, 2))?.periodsById.get(taxIdOf(p))
    if (!t) return null
    month = t.period.dueDate.slice(0, 7)
  }
  const key = p.kind === 'item' ? itemOccurrenceId(p.itemId, p.month) : taxIdOf(p)
  const row = generatedRows(state, month).find((r) => r.id === key)
  return row ? { row, flags: state.flags.get(key) ?? null } : null
}

const taxIdOf = (p: Extract<ParsedTransactionId, { kind: 'tax' }>): TransactionId =>
  taxObligationId(p.tax, p.from, p.to)

/** One transaction by any id (see `findTransaction`), or `null` (also for a hidden row). */
export const transactionById = (state: BooksState, id: unknown, today: LocalDateString): TransactionDto | null => {
  const found = findTransaction(state, id)
  if (!found || found.flags?.hidden) return null
  return toTransactionDto(found.row, found.flags, today)
}

/**
 * The months that can hold rows: from the first month with an item or setting through `after` months after the
 * last one (3 by default: when the taxes of its quarter fall due), and every month with a manual row.
 */
export const monthsWithRows = (state: BooksState, after = 3): YearMonthString[] => {
  const d = derive(state)
  const months = new Set<YearMonthString>()
  if (d.firstMonth !== null && d.lastMonth !== null) {
    const last = addMonthsToMonth(d.lastMonth, after)
    for (let m = d.firstMonth; m <= last; m = addMonthsToMonth(m, 1)) months.add(m)
  }
  for (const t of state.manual.values()) if (!t.deleted) months.add(t.month)
  return [...months].sort()
}

/** Transactions dated `from`…`to` (both inclusive), in date then id order. */
export const transactionsBetween = (
  state: BooksState,
  from: LocalDateString,
  to: LocalDateString,
  today: LocalDateString,
): TransactionDto[] => {
  const out: TransactionDto[] = []
  for (const month of monthsWithRows(state)) {
    if (month < from.slice(0, 7) || month > to.slice(0, 7)) continue
    for (const { row, flags } of monthRows(state, month))
      if (row.date >= from && row.date <= to) out.push(toTransactionDto(row, flags, today))
  }
  return out.sort(compareDateThenId)
}

/** Transactions of one event type (`1_Revenue` … `5_SocialSecurity`), in date then id order. */
export const transactionsByType = (state: BooksState, eventType: string, today: LocalDateString): TransactionDto[] => {
  const out: TransactionDto[] = []
  for (const month of monthsWithRows(state))
    for (const { row, flags } of monthRows(state, month))
      if (row.eventType === eventType) out.push(toTransactionDto(row, flags, today))
  return out.sort(compareDateThenId)
}
