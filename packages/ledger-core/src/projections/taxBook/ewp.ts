/** The ewidencja przychodów (ryczałt): its rates in column order, its rows (one per rate) and its totals. */
import { formatMoney } from '../../money.ts'
import type { Grosze, MoneyString } from '../../types.ts'
import type { Cells, EwpRow, EwpTotals } from './types.ts'
import { type Entry, type Mutable, type Resolve, rowBase, sumOf } from './entries.ts'

/** Ryczałt rates in the order of the ewidencja's columns (highest first, as the JPK_EWP(4) schema lists them). */
export const RATE_ORDER = ['17', '15', '14', '12.5', '12', '10', '8.5', '5.5', '3', '2'] as const

export const rateOrder = (a: string, b: string) => {
  const ia = (RATE_ORDER as readonly string[]).indexOf(a)
  const ib = (RATE_ORDER as readonly string[]).indexOf(b)
  if (ia >= 0 && ib >= 0) return ia - ib
  if (ia >= 0 || ib >= 0) return ia >= 0 ? -1 : 1
  return Number(b) - Number(a)
}

/** Rates in column order, the unknown rate (`''`) last. */
export const byRateOrder = (a: string, b: string) => (a === b ? 0 : a === '' ? 1 : b === '' ? -1 : rateOrder(a, b))

/**
 * The ewidencja amounts of an entry: one per rate. The entry's revenue (columns 7 + 8) is what the book holds; the
 * rate cells say at which rates. Revenue no rate accounts for (a correction across a change of the form of
 * taxation) is one more amount without a known rate, so each book always shows the same revenue for an entry.
 */
export const ewpParts = (c: Cells): { rate: string | null; amount: Grosze }[] => {
  const parts = Object.keys(c)
    .filter((k) => k.startsWith('R:'))
    .map((k) => k.slice(2))
    .sort(rateOrder)
    .map((rate): { rate: string | null; amount: Grosze } => ({ rate, amount: c[`R:${rate}`]! }))
  const rest = (sumOf(c, 'K7', 'K8') ?? 0n) - parts.reduce((a, p) => a + p.amount, 0n)
  if (rest !== 0n) parts.push({ rate: null, amount: rest })
  return parts
}

/** The ewidencja rows of an entry, adding their amounts to `sums` (by rate, `''` for none). */
export const ewpRows = (e: Entry, first: number, resolve: Resolve, sums: Map<string, Grosze>): EwpRow[] =>
  ewpParts(e.cells).map((p, i) => {
    const rate = p.rate ?? ''
    sums.set(rate, (sums.get(rate) ?? 0n) + p.amount)
    const r = rowBase(e, first + i, resolve) as Mutable<EwpRow>
    r.entryDate = e.entryDate
    r.rate = p.rate
    r.amount = formatMoney(p.amount)
    return r
  })

export const ewpTotals = (byRate: ReadonlyMap<string, Grosze>): EwpTotals => {
  const out: Record<string, MoneyString> = {}
  let total = 0n
  for (const r of [...byRate.keys()].sort(byRateOrder)) {
    out[r] = formatMoney(byRate.get(r)!)
    total += byRate.get(r)!
  }
  return { byRate: out, total: formatMoney(total) }
}
