/** The KPiR (podatkowa księga przychodów i rozchodów): its rows and its totals (its layouts: `kpirLayouts.ts`). */
import { formatMoney } from '../../money.ts'
import type { Grosze } from '../../types.ts'
import { type Cells, KPIR_AMOUNT_COLUMNS, type KpirAmountColumn, type KpirRow, type KpirTotals } from './types.ts'
import { type Entry, type Mutable, money, type Resolve, rowBase, sumOf } from './entries.ts'

export const KPIR_CELLS = ['K7', 'K8', 'K10', 'K11', 'K12', 'K13', 'K15', 'K16']

export const kpirRow = (e: Entry, number: number, resolve: Resolve): KpirRow => {
  const c = e.cells
  const r = rowBase(e, number, resolve) as Mutable<KpirRow>
  r.sales = money(c.K7)
  r.otherRevenue = money(c.K8)
  r.revenue = money(sumOf(c, 'K7', 'K8'))
  r.goods = money(c.K10)
  r.sideCosts = money(c.K11)
  r.salaries = money(c.K12)
  r.otherExpenses = money(c.K13)
  r.expenses = money(sumOf(c, 'K12', 'K13'))
  r.free = money(c.K15)
  r.research = money(c.K16)
  r.researchDescription = c.K16 === undefined ? null : e.description
  return r
}

export const KPIR_SUMS = KPIR_AMOUNT_COLUMNS
export type KpirSums = Record<KpirAmountColumn, Grosze>

export const zeroKpir = (): KpirSums => ({
  sales: 0n,
  otherRevenue: 0n,
  revenue: 0n,
  goods: 0n,
  sideCosts: 0n,
  salaries: 0n,
  otherExpenses: 0n,
  expenses: 0n,
  free: 0n,
  research: 0n,
})

/** Adds an entry's KPiR cells to month sums (the totals columns 9 and 14 included). */
export const addKpir = (s: KpirSums, c: Cells) => {
  const v = (k: string) => c[k] ?? 0n
  s.sales += v('K7')
  s.otherRevenue += v('K8')
  s.revenue += v('K7') + v('K8')
  s.goods += v('K10')
  s.sideCosts += v('K11')
  s.salaries += v('K12')
  s.otherExpenses += v('K13')
  s.expenses += v('K12') + v('K13')
  s.free += v('K15')
  s.research += v('K16')
}

export const kpirTotals = (s: KpirSums): KpirTotals => {
  const costs = s.goods + s.sideCosts + s.expenses + s.free
  const f = formatMoney
  return {
    sales: f(s.sales),
    otherRevenue: f(s.otherRevenue),
    revenue: f(s.revenue),
    goods: f(s.goods),
    sideCosts: f(s.sideCosts),
    salaries: f(s.salaries),
    otherExpenses: f(s.otherExpenses),
    expenses: f(s.expenses),
    free: f(s.free),
    research: f(s.research),
    costs: f(costs),
    income: f(s.revenue - costs),
  }
}
