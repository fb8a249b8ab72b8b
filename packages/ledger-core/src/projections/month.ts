/**
 * The month's transactions (SPEC §3, HTTP contract): one revenue row (`1_Revenue`) or fee row (`2_Fee`) per item
 * occurrence whose cash date falls in the month, then the taxes **due in** the month — VAT (`3_Vat`), PIT advance
 * (`4_Pit`), social security (`5_SocialSecurity`) — each labelled with the period it pays for (the February view
 * shows January's VAT, PIT and ZUS). Tax rows appear for every settled period of a configured tax, also when
 * nothing is to pay (VAT rows also when no VAT setting exists but VAT is due from items' own percents).
 *
 * A generated month (see `GenerateMonth`) shows its recorded rows with their current flags; other months are
 * computed now, with the ids `GenerateMonth` would give them. Manual transactions of the month are appended.
 * `overdue` = a tax row not completed whose due date is before `today`.
 */
import { addMonthsToMonth, lastDayOfMonth } from '../calendar.ts'
import type { BooksState, TransactionState } from '../deciders/state.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { type Occurrence, pushTo } from '../schedule.ts'
import type { ManualTransaction } from '../schemas/records.ts'
import type {
  CompanyLine,
  GeneratedRow,
  RelatedTransaction,
  TransactionDataObject,
  TransactionDto,
  TransactionEventType,
} from '../schemas/transaction.ts'
import type { FlatRateFigures } from '../tax/pit.ts'
import { type VatDeclaration, vatOfItem } from '../tax/vat.ts'
import type { LocalDateString, YearMonthString } from '../types.ts'
import { type Derived, derive, occurrencesForTaxPeriod, type TaxDue, taxesThrough } from './derived.ts'
import { annualReturnRow, healthSettlementRow } from './yearEndRows.ts'

const ZERO = '0.00'
const fm = formatMoney

/** The fields every generated row shares, empty. */
export const blank = (): Omit<TransactionDataObject, 'displayName' | 'date' | 'name' | 'amount' | 'sum'> => ({
  percent: '0',
  vatAmount: ZERO,
  isCompany: false,
  itemId: null,
  invoiceDate: null,
  paymentInterval: null,
  taxType: null,
  rate: null,
  income: null,
  deductions: null,
  relatedTransactions: [],
  relatedTransactionsSum: ZERO,
  companyRevenues: [],
  companyFees: [],
  period: null,
  dueDate: null,
  overdue: false,
  breakdown: null,
})

const itemRow = (o: Occurrence, id: number): GeneratedRow => ({
  id,
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
    sum: fm(o.amount + o.vatAmount),
    isCompany: o.isCompany,
    itemId: o.itemId,
    invoiceDate: o.invoiceDate,
  },
})

const related = (o: Occurrence): RelatedTransaction => ({
  id: o.itemId,
  date: o.date,
  eventType: o.isIncome ? '1_Revenue' : '2_Fee',
  dataObject: { name: o.name, amount: fm(o.amount), vatAmount: fm(o.vatAmount), sum: fm(o.amount + o.vatAmount) },
})

const line = (o: Occurrence): CompanyLine => ({ name: o.name, amount: fm(o.amount), vatAmount: fm(o.vatAmount) })

/** What a VAT or PIT row is computed from: each transaction, their sum (the row's amount), company lines by side. */
const behind = (occ: readonly Occurrence[], amount: string) => ({
  relatedTransactions: occ.map(related),
  relatedTransactionsSum: amount,
  companyRevenues: occ.filter((o) => o.isIncome).map(line),
  companyFees: occ.filter((o) => !o.isIncome).map(line),
})

const periodLabel = (from: YearMonthString, to: YearMonthString) => (from === to ? from : `${from} – ${to}`)

/** A breakdown's figures as strings (money as decimal strings). */
export const stringify = (o: Record<string, bigint | string | number | boolean | null>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(o)) out[k] = typeof v === 'bigint' ? fm(v) : String(v)
  return out
}

/** The declaration's figures under the form's own field names (`P_19`, `P_51`, …); other rates as `otherRate_<percent>_base|tax`. */
const declarationFields = (dec: VatDeclaration): Record<string, bigint> => {
  const { otherRates, ...fields } = dec
  const out: Record<string, bigint> = { ...fields }
  for (const o of otherRates) {
    out[`otherRate_${o.percent}_base`] = o.base
    out[`otherRate_${o.percent}_tax`] = o.tax
  }
  return out
}

/** Ryczałt per rate: `flat_<rate>_revenue|deductions|base|tax`. */
export const flatRateFields = (rates: readonly FlatRateFigures[] | null): Record<string, bigint> => {
  const out: Record<string, bigint> = {}
  for (const r of rates ?? []) {
    out[`flat_${r.rate}_revenue`] = r.revenue
    out[`flat_${r.rate}_deductions`] = r.deductions
    out[`flat_${r.rate}_base`] = r.base
    out[`flat_${r.rate}_tax`] = r.tax
  }
  return out
}

const taxRow = (d: Derived, t: TaxDue, id: number): GeneratedRow => {
  const amount = fm(t.amount)
  switch (t.kind) {
    case 'VAT': {
      const p = t.period
      const occ = occurrencesForTaxPeriod(d, p.from, p.to)
      const setting = [...d.vat].reverse().find((s) => s.date <= lastDayOfMonth(p.to))
      return {
        id,
        date: p.dueDate,
        eventType: '3_Vat',
        dataType: 'Vat',
        dataObject: {
          ...blank(),
          displayName: `VAT ${periodLabel(p.from, p.to)}`,
          date: p.dueDate,
          name: 'VAT',
          amount,
          sum: amount,
          isCompany: true,
          percent: setting?.percent ?? '0',
          paymentInterval: p.paymentInterval,
          ...behind(occ, amount),
          period: { from: p.from, to: p.to },
          dueDate: p.dueDate,
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
        },
      }
    }
    case 'PIT': {
      const p = t.period
      const occ = occurrencesForTaxPeriod(d, p.from, p.to)
      const income = p.taxType === 'Flat' ? p.revenue : p.revenue - p.costs
      return {
        id,
        date: p.dueDate,
        eventType: '4_Pit',
        dataType: 'Pit',
        dataObject: {
          ...blank(),
          displayName: `PIT ${periodLabel(p.from, p.to)}`,
          date: p.dueDate,
          name: 'PIT',
          amount,
          sum: amount,
          isCompany: true,
          percent: p.rate,
          paymentInterval: p.paymentInterval,
          taxType: p.taxType,
          rate: p.rate,
          income: fm(income),
          deductions: { socialSecurity: fm(p.social), healthInsurance: fm(p.healthDeducted), other: fm(p.deductions) },
          ...behind(occ, amount),
          period: { from: p.from, to: p.to },
          dueDate: p.dueDate,
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
    case 'PITAnnual':
      return annualReturnRow(t.period, id)
    case 'HealthAnnual':
      return healthSettlementRow(t.period, id)
    case 'SocialSecurity': {
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
                  name:
                    c.taxType === 'Flat' ? `Revenue ${c.month.slice(0, 4)}` : `Income ${addMonthsToMonth(c.month, -1)}`,
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
  }
}

const rowsCache = new WeakMap<BooksState, Map<YearMonthString, readonly GeneratedRow[]>>()

/**
 * The rows a month would have if generated now, with ids from `state.nextId` on (what `GenerateMonth` records).
 * Independent of `today` (overdue is a read-time flag).
 */
export const generateMonthRows = (
  state: BooksState,
  month: YearMonthString,
  _today?: LocalDateString,
): GeneratedRow[] => {
  let perState = rowsCache.get(state)
  if (!perState) {
    perState = new Map()
    rowsCache.set(state, perState)
  }
  const hit = perState.get(month)
  if (hit) return [...hit]
  const d = derive(state)
  const rows: GeneratedRow[] = []
  let id = state.nextId
  const occ = d.schedule.byCashMonth.get(month) ?? []
  for (const o of occ) if (o.isIncome) rows.push(itemRow(o, id++))
  for (const o of occ) if (!o.isIncome) rows.push(itemRow(o, id++))
  const taxes = taxesThrough(state, month)
  for (const t of taxes?.periodsByDueMonth.get(month) ?? []) rows.push(taxRow(d, t, id++))
  perState.set(month, rows)
  return [...rows]
}

/** `true` when the month's rows are recorded (generated and not reset since). */
export const isMonthGenerated = (state: BooksState, month: YearMonthString): boolean => state.months.has(month)

const TAX_TYPES: ReadonlySet<string> = new Set(['3_Vat', '4_Pit', '5_SocialSecurity'])

/** The row of a manual transaction. */
export const manualRow = (id: number, m: ManualTransaction): GeneratedRow => {
  const amount = parseMoney(m.amount)
  const vat = vatOfItem(amount, m.percent)
  return {
    id,
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

/** A transaction DTO from a row and its flags; `overdue` evaluated against `today`. */
export const toTransactionDto = (
  row: GeneratedRow,
  flags: Pick<TransactionState, 'completed' | 'notification' | 'notificationCompleted'> | null,
  today: LocalDateString,
): TransactionDto => {
  const completed = flags?.completed ?? false
  const dueDate = row.dataObject.dueDate
  const overdue = TAX_TYPES.has(row.eventType) && !completed && dueDate !== null && dueDate < today
  return {
    id: row.id,
    date: row.date,
    eventType: row.eventType,
    dataType: row.dataType,
    completed,
    notification: flags?.notification ?? false,
    notificationCompleted: flags?.notificationCompleted ?? false,
    dataObject: row.dataObject.overdue === overdue ? row.dataObject : { ...row.dataObject, overdue },
  }
}

/** The row of a transaction state (recorded row or manual row). */
export const rowOf = (t: TransactionState): GeneratedRow => t.row ?? manualRow(t.id, t.manualData as ManualTransaction)

const ORDER: Record<TransactionEventType, number> = {
  '1_Revenue': 1,
  '2_Fee': 2,
  '3_Vat': 3,
  '4_Pit': 4,
  '5_SocialSecurity': 5,
}

/** The live rows of a month without flags: recorded if generated, otherwise computed; plus manual rows. */
export const monthRows = (
  state: BooksState,
  month: YearMonthString,
): { row: GeneratedRow; tx: TransactionState | null }[] => {
  const out: { row: GeneratedRow; tx: TransactionState | null }[] = []
  const gen = state.months.get(month)
  if (gen) {
    for (const id of gen.ids) {
      const t = state.transactions.get(id)
      if (t && !t.deleted && t.row) out.push({ row: t.row, tx: t })
    }
  } else for (const row of generateMonthRows(state, month)) out.push({ row, tx: null })
  for (const t of manualTransactionsOf(state, month)) out.push({ row: rowOf(t), tx: t })
  return out
}

const manualIndex = new WeakMap<BooksState, Map<YearMonthString, TransactionState[]>>()
const manualTransactionsOf = (state: BooksState, month: YearMonthString): TransactionState[] => {
  let idx = manualIndex.get(state)
  if (!idx) {
    idx = new Map()
    for (const t of state.transactions.values()) {
      if (!t.manual || t.deleted) continue
      pushTo(idx, t.month, t)
    }
    manualIndex.set(state, idx)
  }
  return idx.get(month) ?? []
}

/** The month's transactions as the HTTP contract shapes them, ordered revenue, fee, VAT, PIT, ZUS, then date, id. */
export const monthTransactions = (
  state: BooksState,
  month: YearMonthString,
  today: LocalDateString,
): TransactionDto[] => {
  const rows = monthRows(state, month).map(({ row, tx }) => toTransactionDto(row, tx, today))
  return rows.sort(
    (a, b) =>
      ORDER[a.eventType] - ORDER[b.eventType] || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || a.id - b.id,
  )
}

/** One transaction by id (a recorded row or a manual transaction), or `null`. */
export const transactionById = (state: BooksState, id: number, today: LocalDateString): TransactionDto | null => {
  const t = state.transactions.get(id)
  if (!t || t.deleted) return null
  return toTransactionDto(rowOf(t), t, today)
}

/** Recorded transactions (rows of generated months and manual ones) dated `from`…`to`, in date then id order. */
export const transactionsBetween = (
  state: BooksState,
  from: LocalDateString,
  to: LocalDateString,
  today: LocalDateString,
): TransactionDto[] => {
  const out: TransactionDto[] = []
  for (const t of state.transactions.values()) {
    if (t.deleted) continue
    const row = rowOf(t)
    if (row.date >= from && row.date <= to) out.push(toTransactionDto(row, t, today))
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
}

/** Recorded transactions of one event type (`1_Revenue` … `5_SocialSecurity`), in date then id order. */
export const transactionsByType = (state: BooksState, eventType: string, today: LocalDateString): TransactionDto[] => {
  const out: TransactionDto[] = []
  for (const t of state.transactions.values()) {
    if (t.deleted) continue
    const row = rowOf(t)
    if (row.eventType === eventType) out.push(toTransactionDto(row, t, today))
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
}
