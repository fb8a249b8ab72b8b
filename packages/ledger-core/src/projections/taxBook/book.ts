/** A year's book assembled from its months: the month and year-to-date totals of both kinds of book. */
import type { Grosze, LocalDateString, YearMonthString } from '../../types.ts'
import type { BookKind, BookMonth, EwpRow, KpirRow, TaxBook } from './types.ts'
import { KPIR_SUMS, type KpirSums, kpirTotals, zeroKpir } from './kpir.ts'
import { kpirLayoutOf } from './kpirLayouts.ts'
import { byRateOrder, ewpTotals } from './ewp.ts'

// ---------------------------------------------------------------------------------------------------------------
// Totals.

export interface MonthParts {
  readonly month: YearMonthString
  readonly kind: BookKind
  readonly closes: LocalDateString
  readonly closed: boolean
  readonly history: boolean
  readonly kpir: readonly KpirRow[]
  readonly ewp: readonly EwpRow[]
  readonly kpirSums: KpirSums
  readonly ewpSums: ReadonlyMap<string, Grosze>
}

export const assemble = (year: number, parts: readonly MonthParts[]): TaxBook => {
  const ytdKpir = zeroKpir()
  const ytdEwp = new Map<string, Grosze>()
  const months: BookMonth[] = parts.map((p) => {
    const mk = p.kpirSums
    for (const k of KPIR_SUMS) ytdKpir[k] += mk[k]
    const me = p.ewpSums
    for (const [rate, amount] of me) ytdEwp.set(rate, (ytdEwp.get(rate) ?? 0n) + amount)
    return {
      month: p.month,
      kind: p.kind,
      closes: p.closes,
      closed: p.closed,
      history: p.history,
      kpir: kpirTotals(mk),
      kpirYearToDate: kpirTotals(ytdKpir),
      ewp: ewpTotals(me),
      ewpYearToDate: ewpTotals(ytdEwp),
    }
  })
  return {
    year,
    layout: kpirLayoutOf(year),
    months,
    kpir: { rows: parts.flatMap((p) => p.kpir), totals: kpirTotals(ytdKpir) },
    ewp: {
      rates: [...ytdEwp.keys()].sort(byRateOrder),
      rows: parts.flatMap((p) => p.ewp),
      totals: ewpTotals(ytdEwp),
    },
    planned: null,
  }
}
