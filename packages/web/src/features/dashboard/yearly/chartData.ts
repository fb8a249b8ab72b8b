/**
 * Turns summary rows into the three bars per month of the yearly charts. Sums are exact (grosze as bigint via
 * the core's money parser); only the drawing converts to a number of złoty for pixel positions.
 */
import { formatMoney, parseMoney, SUMMARY_FIELDS } from '@finance/ledger-core'
import type { SummaryRow } from '../types.ts'

export type SeriesName = 'incomes' | 'expenses' | 'summary'
export const SERIES: readonly SeriesName[] = ['incomes', 'expenses', 'summary']

export interface MonthBars {
  month: number
  /** Exact values as decimal strings. */
  values: Record<SeriesName, string>
  /** The same values in złoty as numbers, for drawing only. */
  plot: Record<SeriesName, number>
}

const gr = (s: string | undefined): bigint => {
  try {
    return s ? parseMoney(s) : 0n
  } catch {
    return 0n
  }
}

/** Złoty as a number for a pixel scale (exact for any realistic amount: grosze < 2^53). */
export const toPlot = (g: bigint): number => Number(g) / 100

/**
 * Incomes: company and private income. Expenses (negative): PIT, social security, company and private expenses.
 * Summary: the row's own `summary` as the API computed it, so incomes + expenses = summary. The month's VAT payment
 * is not an expense here: company amounts are net and the VAT it settles was collected on top of them (the core's
 * summary rows, docs/tax-rules.md §12); the month popup still shows it.
 */
export const monthBars = (rows: readonly SummaryRow[]): MonthBars[] =>
  rows
    .filter((r) => r.month >= 1 && r.month <= 12)
    .sort((a, b) => a.month - b.month)
    .map((r) => {
      const incomes = gr(r.companyIncomeAmmount) + gr(r.privateIncomeAmmount)
      const expenses = -(
        gr(r.companyPitAmmount) +
        gr(r.companySocialSecurityAmmount) +
        gr(r.companyExpenseAmmount) +
        gr(r.privateExpenseAmmount)
      )
      const summary = gr(r.summary)
      return {
        month: r.month,
        values: { incomes: formatMoney(incomes), expenses: formatMoney(expenses), summary: formatMoney(summary) },
        plot: { incomes: toPlot(incomes), expenses: toPlot(expenses), summary: toPlot(summary) },
      }
    })

/** The fields of one month shown in the month popup, in SPEC §2's summary order. */
export const POPUP_FIELDS = SUMMARY_FIELDS
export type PopupField = (typeof POPUP_FIELDS)[number]

export interface PopupBar {
  field: PopupField
  value: string
  /** Width in percent of the popup's bar area: |value| / max|value| at half scale (0..50). */
  widthPercent: number
  negative: boolean
}

/** Horizontal bars of one month: widths proportional to value / max, at half scale (SPEC §2). */
export const popupBars = (row: SummaryRow): PopupBar[] => {
  const values = POPUP_FIELDS.map((field) => ({ field, g: gr(row[field]) }))
  let max = 0n
  for (const { g } of values) {
    const abs = g < 0n ? -g : g
    if (abs > max) max = abs
  }
  return values.map(({ field, g }) => {
    const abs = g < 0n ? -g : g
    // basis points of 50 % computed exactly, then one division for the style value
    const widthPercent = max === 0n ? 0 : Number((abs * 5000n) / max) / 100
    return { field, value: formatMoney(g), widthPercent, negative: g < 0n }
  })
}
