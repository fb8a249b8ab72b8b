/**
 * Month report: the month's transactions as plain rows and totals (the CLI renders it as a table, JSON or CSV).
 */
import type { BooksState } from '../model/state.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { costSummary, shortSocialSecurity } from '../projections/costs.ts'
import { monthTransactions } from '../projections/month.ts'
import { monthTotals, type SummaryRowDto, summaryList } from '../projections/summary.ts'
import type { LocalDateString, MoneyString, YearMonthString } from '../types.ts'

export interface MonthReportRow {
  readonly id: string
  readonly date: LocalDateString
  readonly type: string
  readonly name: string
  readonly company: boolean
  readonly net: MoneyString
  readonly vat: MoneyString
  readonly gross: MoneyString
  readonly period: string
  readonly dueDate: LocalDateString | ''
  readonly completed: boolean
  /**
   * `gross − paid` of a completed row whose amount changed after it was paid, or of a partly paid row (`null`:
   * nothing paid).
   */
  readonly remaining: MoneyString | null
  readonly overdue: boolean
}

export interface MonthReport {
  readonly month: YearMonthString
  readonly rows: readonly MonthReportRow[]
  readonly totals: {
    readonly revenue: MoneyString
    readonly fees: MoneyString
    readonly vat: MoneyString
    readonly pit: MoneyString
    readonly socialSecurity: MoneyString
    readonly shortSocialSecurity: MoneyString
    readonly costSummary: MoneyString
  }
  readonly summary: SummaryRowDto
}

const TYPE_NAMES: Record<string, string> = {
  '1_Revenue': 'revenue',
  '2_Fee': 'fee',
  '3_Vat': 'VAT',
  '4_Pit': 'PIT',
  '5_SocialSecurity': 'ZUS',
}

export const monthReport = (state: BooksState, month: YearMonthString, today: LocalDateString): MonthReport => {
  const txs = monthTransactions(state, month, today)
  const rows = txs.map((t) => {
    const o = t.dataObject
    return {
      id: t.id,
      date: t.date,
      type: TYPE_NAMES[t.eventType] ?? t.eventType,
      name: o.displayName,
      company: o.isCompany,
      net: o.amount,
      vat: o.vatAmount,
      gross: o.sum,
      period: o.period ? (o.period.from === o.period.to ? o.period.from : `${o.period.from}..${o.period.to}`) : '',
      dueDate: o.dueDate ?? '',
      completed: t.completed,
      remaining: t.remainingAmount,
      overdue: o.overdue,
    }
  })
  const year = Number(month.slice(0, 4))
  const m = Number(month.slice(5, 7))
  const t = monthTotals(state, year, m)
  let short = 0n
  for (const tx of txs) if (tx.eventType === '5_SocialSecurity') short += parseMoney(shortSocialSecurity(tx))
  return {
    month,
    rows,
    totals: {
      revenue: formatMoney(t.income + t.privateIncome),
      fees: formatMoney(t.expense + t.privateExpense),
      vat: formatMoney(t.vat),
      pit: formatMoney(t.pit),
      socialSecurity: formatMoney(t.ss),
      shortSocialSecurity: formatMoney(short),
      costSummary: costSummary(txs, { vat: true, pit: true, socialSecurity: true, companyFees: true }),
    },
    summary: summaryList(state, year, false)[m - 1]!,
  }
}
