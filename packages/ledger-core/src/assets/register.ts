/**
 * The register of fixed assets and intangibles (uPIT art. 22n) as the books hold it, and what it puts into a month:
 * each asset's plan from its stored entry, the write-offs booked in a month (the month's depreciation costs), and the
 * undepreciated value a disposal makes a cost. Pure; the plans of one register are computed once per version of it
 * (the state's `assets` map is persistent, so an unchanged register is the same object).
 */
import { monthOf } from '../calendar.ts'
import { parseMoney } from '../money.ts'
import type { AssetEvent, AssetState } from './fold.ts'
import type { MonthFigures } from '../tax/engine.ts'
import type { Grosze, YearMonthString } from '../types.ts'
import {
  type AssetTerms,
  type DepreciationPlan,
  depreciationPlan,
  type Improvement,
  oneOffLimit,
  postingIn,
} from './plan.ts'
import { type PrivateSaleResult, privateSaleOf } from './privateSale.ts'

export { type AssetEvent, type AssetState, foldAsset } from './fold.ts'

/** Events that rebuild a register (for a fold that starts from the current books, not from their history). */
export const assetEventsOf = (assets: ReadonlyMap<number, AssetState>): AssetEvent[] => {
  const out: AssetEvent[] = []
  for (const a of assets.values()) {
    if (a.deleted) continue
    out.push({ type: 'AssetEntered', data: { id: a.id, data: a.data } })
    for (const i of a.improvements) out.push({ type: 'AssetImproved', data: { id: a.id, data: i } })
    if (a.disposal) out.push({ type: 'AssetDisposed', data: { id: a.id, data: a.disposal } })
    if (a.privateSale) out.push({ type: 'AssetSoldAfterPrivateUse', data: { id: a.id, data: a.privateSale } })
  }
  return out
}

/** A stored asset's improvements as the plan reads them (amounts in grosze). */
export const improvementsOf = (a: AssetState): Improvement[] =>
  a.improvements.map((i) => ({ date: i.date, amount: parseMoney(i.amount) }))

/** The plan's terms of a stored asset; `oneOffAllowance` is what the year's one-off limit still leaves it. */
export const termsOf = (a: AssetState, oneOffAllowance: Grosze = 0n): AssetTerms => ({
  initialValue: parseMoney(a.data.initialValue),
  entryDate: a.data.entryDate,
  kst: a.data.kst,
  method: a.data.method,
  rate: a.data.rate,
  degressiveFactor: a.data.degressiveFactor ?? undefined,
  individualMonths: a.data.individualMonths,
  period: a.data.period,
  improvements: improvementsOf(a),
  car: a.data.car,
  oneOffAllowance,
  disposal: a.disposal
    ? {
        date: a.disposal.date,
        reason: a.disposal.reason,
        price: parseMoney(a.disposal.price),
        changeOfActivity: a.disposal.changeOfActivity,
      }
    : null,
})

/** The live assets in the register's order: by day of entry, then id. */
export const liveAssets = (assets: ReadonlyMap<number, AssetState>): AssetState[] =>
  [...assets.values()]
    .filter((a) => !a.deleted)
    .sort((a, b) => (a.data.entryDate < b.data.entryDate ? -1 : a.data.entryDate > b.data.entryDate ? 1 : a.id - b.id))

/** An asset with its plan. */
export interface PlannedAsset {
  readonly asset: AssetState
  readonly plan: DepreciationPlan
}

const plansCache = new WeakMap<object, PlannedAsset[]>()

/**
 * Every live asset's plan. One-off write-offs share their year's limit (art. 22k ust. 7: 50 000 EUR in all): in the
 * register's order each takes what the assets entered before it in that year left of the limit of its own rate.
 */
export const registerPlans = (assets: ReadonlyMap<number, AssetState>): readonly PlannedAsset[] => {
  const hit = plansCache.get(assets)
  if (hit) return hit
  const usedByYear = new Map<string, Grosze>()
  const out: PlannedAsset[] = []
  for (const a of liveAssets(assets)) {
    let allowance = 0n
    const year = a.data.entryDate.slice(0, 4)
    if (a.data.method === 'oneOff' && a.data.oneOffEurRate !== null) {
      const used = usedByYear.get(year) ?? 0n
      const limit = oneOffLimit(a.data.oneOffEurRate)
      allowance = limit > used ? limit - used : 0n
    }
    const plan = depreciationPlan(termsOf(a, allowance))
    if (a.data.method === 'oneOff') {
      const first = plan.months[0]
      if (first?.basis === 'oneOff') usedByYear.set(year, (usedByYear.get(year) ?? 0n) + first.writeOff)
    }
    out.push({ asset: a, plan })
  }
  plansCache.set(assets, out)
  return out
}

/** What the register puts into one month of the books. */
export interface MonthDepreciation {
  readonly month: YearMonthString
  /** Write-offs booked in the month (every asset). */
  readonly writeOff: Grosze
  /** The part of them that is a cost (a car above its limit counts in part). */
  readonly deductible: Grosze
  /** The undepreciated value of assets disposed of in the month that the law lets count as a cost. */
  readonly disposalCost: Grosze
  /** Spending on assets that is no improvement (10 000 zł or less in its year, art. 22g ust. 17): a cost. */
  readonly improvementCost: Grosze
  /** Business revenue of the month from assets sold within six years of a transfer to private use. */
  readonly saleRevenue?: Grosze
  /** Assets sold in the month: their prices less the undepreciated values made costs (MonthFigures.assetSaleIncome). */
  readonly saleIncome?: Grosze
  /** Assets sold in the month: their prices (MonthFigures.assetSalePrices). */
  readonly salePrices?: Grosze
  /** Per asset, the assets with anything in the month. */
  readonly assets: readonly {
    readonly id: number
    readonly writeOff: Grosze
    readonly deductible: Grosze
    readonly disposalCost: Grosze
    readonly improvementCost: Grosze
    readonly saleRevenue?: Grosze
  }[]
}

/** A plan's spending of `month` that is no improvement (art. 22g ust. 17). */
const improvementCostIn = (plan: DepreciationPlan, month: YearMonthString): Grosze => {
  let sum = 0n
  for (const i of plan.expensedImprovements) if (i.date.startsWith(month)) sum += i.amount
  return sum
}

/** The month's depreciation costs: the write-offs every plan books in it, and the costs of the disposals in it. */
export const depreciationIn = (assets: ReadonlyMap<number, AssetState>, month: YearMonthString): MonthDepreciation => {
  let writeOff = 0n
  let deductible = 0n
  let disposalCost = 0n
  let improvementCost = 0n
  let saleRevenue = 0n
  let saleIncome = 0n
  let salePrices = 0n
  const rows: MonthDepreciation['assets'][number][] = []
  for (const { asset, plan } of registerPlans(assets)) {
    const p = postingIn(plan, month)
    let cost = plan.disposal?.month === month ? plan.disposal.cost : 0n
    // The six-year rule: a later sale within six years of the transfer is the business's revenue and cost.
    const sale = privateSaleOfAsset(asset, plan)
    const revenue = sale?.month === month ? sale.revenue : 0n
    if (sale?.month === month) cost += sale.cost
    // A sale (its price is the sale's income item's revenue): its income, which the health contribution leaves out.
    if (plan.disposal?.month === month && asset.disposal?.reason === 'sale') {
      const price = parseMoney(asset.disposal.price)
      saleIncome += price - plan.disposal.cost
      salePrices += price
    }
    const improved = improvementCostIn(plan, month)
    if (p.writeOff === 0n && cost === 0n && revenue === 0n && improved === 0n) continue
    writeOff += p.writeOff
    deductible += p.deductible
    disposalCost += cost
    improvementCost += improved
    saleRevenue += revenue
    rows.push({
      id: asset.id,
      writeOff: p.writeOff,
      deductible: p.deductible,
      disposalCost: cost,
      improvementCost: improved,
      ...(revenue === 0n ? {} : { saleRevenue: revenue }),
    })
  }
  return {
    month,
    writeOff,
    deductible,
    disposalCost,
    improvementCost,
    ...(saleRevenue === 0n ? {} : { saleRevenue }),
    ...(saleIncome === 0n ? {} : { saleIncome }),
    ...(salePrices === 0n ? {} : { salePrices }),
    assets: rows,
  }
}

const byMonthCache = new WeakMap<object, ReadonlyMap<YearMonthString, MonthDepreciation>>()

/** Every month the register puts anything into, computed once per version of the register. */
export const registerByMonth = (
  assets: ReadonlyMap<number, AssetState>,
): ReadonlyMap<YearMonthString, MonthDepreciation> => {
  const hit = byMonthCache.get(assets)
  if (hit) return hit
  const months = new Set<YearMonthString>()
  for (const { plan } of registerPlans(assets)) {
    for (const p of plan.postings) months.add(p.month)
    if (plan.disposal) months.add(plan.disposal.month)
    for (const i of plan.expensedImprovements) months.add(i.date.slice(0, 7) as YearMonthString)
  }
  for (const { asset, plan } of registerPlans(assets)) {
    const sale = privateSaleOfAsset(asset, plan)
    if (sale?.business) months.add(sale.month)
  }
  const out = new Map<YearMonthString, MonthDepreciation>()
  for (const m of [...months].sort()) out.set(m, depreciationIn(assets, m))
  byMonthCache.set(assets, out)
  return out
}

/**
 * The join with the tax engine: adds the month's depreciation costs — the deductible write-offs booked in it, the
 * costs of disposals in it and the spending on assets that is no improvement — to each month's company costs (and names them in `depreciation`). Ryczałt ignores
 * costs, so it ignores these too (uZPD has no depreciation).
 */
export const addDepreciationToMonths = (months: MonthFigures[], assets: ReadonlyMap<number, AssetState>): void => {
  if (assets.size === 0) return
  const byMonth = registerByMonth(assets)
  if (byMonth.size === 0) return
  for (const f of months) {
    const dep = byMonth.get(f.month)
    if (!dep) continue
    const cost = dep.deductible + dep.disposalCost + dep.improvementCost
    f.companyCosts += cost
    f.depreciation = (f.depreciation ?? 0n) + cost
    if (dep.saleRevenue) addSaleRevenue(f, dep.saleRevenue)
    if (dep.saleIncome) f.assetSaleIncome = (f.assetSaleIncome ?? 0n) + dep.saleIncome
    if (dep.salePrices) f.assetSalePrices = (f.assetSalePrices ?? 0n) + dep.salePrices
  }
}

/** The later sale of an asset taken to private use, by the six-year rule (`null`: none). */
export const privateSaleOfAsset = (asset: AssetState, plan: DepreciationPlan): PrivateSaleResult | null =>
  privateSaleOf(
    plan,
    asset.disposal?.reason === 'privateUse' ? asset.disposal.date : null,
    asset.privateSale ? { date: asset.privateSale.date, price: parseMoney(asset.privateSale.price) } : null,
  )

/** Business revenue from the register (the six-year rule), also ryczałt revenue at the setting's rate. */
const addSaleRevenue = (f: MonthFigures, revenue: Grosze): void => {
  f.companyRevenue += revenue
  if (!f.flatRevenue) return
  const own = f.flatRevenue.find((r) => r.rate === null)
  if (own) own.amount += revenue
  else f.flatRevenue.push({ rate: null, amount: revenue })
}

/** The first month anything of the register reaches the books (`null`: an empty register). */
export const firstRegisterMonth = (assets: ReadonlyMap<number, AssetState>): YearMonthString | null => {
  let first: YearMonthString | null = null
  for (const a of liveAssets(assets)) {
    const m = monthOf(a.data.entryDate)
    if (first === null || m < first) first = m
  }
  return first
}

/** The purchases (expense items) turned into assets by a live entry. */
export const assetItemIds = (assets: ReadonlyMap<number, AssetState>): Set<number> => {
  const out = new Set<number>()
  for (const a of liveAssets(assets)) if (a.data.itemId !== null) out.add(a.data.itemId)
  return out
}
