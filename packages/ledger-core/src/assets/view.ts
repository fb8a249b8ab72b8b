/**
 * The register as the interfaces show it (API, CLI, web): every field of art. 22n ust. 4 with the write-offs for the
 * year and to date, an asset's card with its plan year by year, and the depreciation of a month. Money as decimal
 * strings; computed from the plans of `register.ts`, never stored.
 */
import { formatMoney, parseMoney } from '../money.ts'
import type { MoneyString, YearMonthString } from '../types.ts'
import type { AssetState } from './fold.ts'
import { kstRateOf } from './kst.ts'
import { type DepreciationPlan, expensedImprovement, planByYear } from './plan.ts'
import { sixYearsAfter } from './privateSale.ts'
import { improvementsOf, privateSaleOfAsset, registerByMonth, registerPlans } from './register.ts'
import { privateUseVatOf } from '../tax/assetVatUse.ts'

/** One line of the register as of a year's end. */
export interface AssetRowDto {
  readonly id: number
  readonly version: number
  readonly number: string
  readonly name: string
  readonly acquisitionDate: string
  readonly entryDate: string
  readonly document: string
  readonly kst: string
  /** The annex's name of the KŚT position (`null`: a symbol the annex file does not list). */
  readonly kstName: { readonly pl: string; readonly en: string } | null
  /** The initial value at entry. */
  readonly initialValue: MoneyString
  /**
   * Spending on improving the asset. `expensed`: the year's spending on it was 10 000 zł or less, so it raised no value
   * and is a cost of its month (art. 22g ust. 17).
   */
  readonly improvements: readonly {
    readonly date: string
    readonly amount: MoneyString
    readonly document: string
    readonly expensed: boolean
  }[]
  /** The initial value with its updates. */
  readonly value: MoneyString
  readonly method: AssetState['data']['method']
  readonly rate: string
  readonly degressiveFactor: string | null
  readonly individualMonths: number | null
  readonly period: AssetState['data']['period']
  readonly car: AssetState['data']['car']
  readonly carLimit: MoneyString | null
  readonly itemId: number | null
  /** Write-offs booked in the year, and their deductible part. */
  readonly writeOffYear: MoneyString
  readonly deductibleYear: MoneyString
  /** Write-offs booked through the year's end. */
  readonly writeOffToDate: MoneyString
  /** The value left after the year. */
  readonly remaining: MoneyString
  readonly disposal: {
    readonly date: string
    readonly reason: 'sale' | 'liquidation' | 'privateUse'
    readonly price: MoneyString
    readonly document: string
    readonly changeOfActivity: boolean
    readonly undepreciated: MoneyString
    readonly cost: MoneyString
    /** A transfer to private use taxed under uVAT art. 7 ust. 2: its percent and output VAT on `price`; else null. */
    readonly vat: { readonly percent: string; readonly amount: MoneyString } | null
    /** A VAT payer's sale exempt from VAT (uVAT art. 43): the art. 91 correction of the years left follows. */
    readonly vatExempt: boolean
  } | null
  /**
   * After a transfer to private use: its later sale by the six-year rule (uPIT art. 10 ust. 2 pkt 3) — the last day
   * a sale is still the business's, and the sale with its revenue and cost once recorded; absent otherwise.
   */
  readonly privateSale?: {
    readonly until: string
    readonly date: string | null
    readonly price: MoneyString | null
    readonly document: string
    readonly business: boolean | null
    readonly revenue: MoneyString
    readonly cost: MoneyString
  } | null
}

/** The register of a year. */
export interface AssetRegisterDto {
  readonly year: number
  /** Assets entered by the year's end and not disposed of before the year (in the register's order). */
  readonly assets: readonly AssetRowDto[]
  readonly totals: {
    readonly value: MoneyString
    readonly writeOffYear: MoneyString
    readonly deductibleYear: MoneyString
    readonly writeOffToDate: MoneyString
    readonly remaining: MoneyString
  }
}

/** An asset's card: its line (as of the last year of its plan) and the plan year by year and as booked. */
export interface AssetCardDto {
  readonly asset: AssetRowDto
  readonly years: readonly {
    readonly year: number
    readonly writeOff: MoneyString
    readonly deductible: MoneyString
    readonly cumulative: MoneyString
    readonly remaining: MoneyString
  }[]
  readonly postings: readonly {
    readonly month: YearMonthString
    readonly writeOff: MoneyString
    readonly deductible: MoneyString
  }[]
  /** Degressive: the first month written off straight-line. */
  readonly switchedToLinear: YearMonthString | null
}

/** What the register puts into one month. */
export interface MonthDepreciationDto {
  readonly month: YearMonthString
  readonly writeOff: MoneyString
  readonly deductible: MoneyString
  readonly disposalCost: MoneyString
  /** Spending on assets that is no improvement (10 000 zł or less in its year): a cost of the month. */
  readonly improvementCost: MoneyString
  readonly assets: readonly {
    readonly id: number
    readonly name: string
    readonly writeOff: MoneyString
    readonly deductible: MoneyString
    readonly disposalCost: MoneyString
    readonly improvementCost: MoneyString
  }[]
}

const f = formatMoney

const rowOf = (asset: AssetState, plan: DepreciationPlan, year: number): AssetRowDto => {
  let writeOffYear = 0n
  let deductibleYear = 0n
  let toDate = 0n
  for (const p of plan.postings) {
    const y = Number(p.month.slice(0, 4))
    if (y > year) break
    toDate += p.writeOff
    if (y === year) {
      writeOffYear += p.writeOff
      deductibleYear += p.deductible
    }
  }
  const d = asset.data
  const isExpensed = expensedImprovement(improvementsOf(asset))
  return {
    id: asset.id,
    version: asset.version,
    number: d.number,
    name: d.name,
    acquisitionDate: d.acquisitionDate,
    entryDate: d.entryDate,
    document: d.document,
    kst: d.kst,
    kstName: kstRateOf(d.kst)?.name ?? null,
    initialValue: d.initialValue,
    improvements: asset.improvements.map((i) => ({
      date: i.date,
      amount: i.amount,
      document: i.document,
      expensed: isExpensed(i),
    })),
    value: f(plan.depreciableValue),
    method: d.method,
    rate: d.rate,
    degressiveFactor: d.degressiveFactor,
    individualMonths: d.individualMonths,
    period: d.period,
    car: d.car,
    carLimit: plan.carLimit === null ? null : f(plan.carLimit),
    itemId: d.itemId,
    writeOffYear: f(writeOffYear),
    deductibleYear: f(deductibleYear),
    writeOffToDate: f(toDate),
    remaining: f(
      plan.disposal && Number(plan.disposal.month.slice(0, 4)) <= year ? 0n : plan.depreciableValue - toDate,
    ),
    disposal:
      asset.disposal && plan.disposal
        ? {
            date: asset.disposal.date,
            reason: asset.disposal.reason,
            price: asset.disposal.price,
            document: asset.disposal.document,
            changeOfActivity: asset.disposal.changeOfActivity,
            undepreciated: f(plan.disposal.undepreciated),
            cost: f(plan.disposal.cost),
            vat: vatOfTransfer(asset),
            vatExempt: asset.disposal.vatExempt === true,
          }
        : null,
    privateSale: privateSaleDto(asset, plan),
  }
}

const vatOfTransfer = (asset: AssetState): NonNullable<AssetRowDto['disposal']>['vat'] => {
  const v = privateUseVatOf(asset)
  return v === null ? null : { percent: v.percent, amount: f(v.vat) }
}

const privateSaleDto = (asset: AssetState, plan: DepreciationPlan): AssetRowDto['privateSale'] => {
  if (asset.disposal?.reason !== 'privateUse') return null
  const sale = privateSaleOfAsset(asset, plan)
  return {
    until: sixYearsAfter(asset.disposal.date),
    date: asset.privateSale?.date ?? null,
    price: asset.privateSale?.price ?? null,
    document: asset.privateSale?.document ?? '',
    business: sale ? sale.business : null,
    revenue: formatMoney(sale?.revenue ?? 0n),
    cost: formatMoney(sale?.cost ?? 0n),
  }
}

/** The register as of the end of `year`. */
export const assetRegister = (assets: ReadonlyMap<number, AssetState>, year: number): AssetRegisterDto => {
  const rows: AssetRowDto[] = []
  const sums = { value: 0n, writeOffYear: 0n, deductibleYear: 0n, writeOffToDate: 0n, remaining: 0n }
  for (const { asset, plan } of registerPlans(assets)) {
    if (Number(asset.data.entryDate.slice(0, 4)) > year) continue
    if (asset.disposal && Number(asset.disposal.date.slice(0, 4)) < year) continue
    const row = rowOf(asset, plan, year)
    rows.push(row)
    sums.value += plan.depreciableValue
    for (const k of ['writeOffYear', 'deductibleYear', 'writeOffToDate', 'remaining'] as const)
      sums[k] += parseMoney(row[k])
  }
  return {
    year,
    assets: rows,
    totals: {
      value: f(sums.value),
      writeOffYear: f(sums.writeOffYear),
      deductibleYear: f(sums.deductibleYear),
      writeOffToDate: f(sums.writeOffToDate),
      remaining: f(sums.remaining),
    },
  }
}

/**
 * An asset's card (`null`: no such live asset). Its row's yearly figures (`writeOffYear`, `writeOffToDate`, …) are of
 * `year`, as the register's row of that year (the API and the CLI give the current year); without it, of the plan's
 * last year.
 */
export const assetCard = (assets: ReadonlyMap<number, AssetState>, id: number, year?: number): AssetCardDto | null => {
  for (const { asset, plan } of registerPlans(assets)) {
    if (asset.id !== id) continue
    const years = planByYear(plan)
    const lastYear = years.at(-1)?.year ?? Number(asset.data.entryDate.slice(0, 4))
    // From the year the asset leaves, nothing of it remains in the register (as the register's own row says).
    const gone = plan.disposal ? Number(plan.disposal.month.slice(0, 4)) : null
    return {
      asset: rowOf(asset, plan, year ?? lastYear),
      years: years.map((y) => ({
        year: y.year,
        writeOff: f(y.writeOff),
        deductible: f(y.deductible),
        cumulative: f(y.cumulative),
        remaining: f(gone !== null && y.year >= gone ? 0n : y.remaining),
      })),
      postings: plan.postings.map((p) => ({ month: p.month, writeOff: f(p.writeOff), deductible: f(p.deductible) })),
      switchedToLinear: plan.switchedToLinear,
    }
  }
  return null
}

/** The month's depreciation (the dashboard's row). */
export const monthDepreciation = (
  assets: ReadonlyMap<number, AssetState>,
  month: YearMonthString,
): MonthDepreciationDto => {
  const dep = registerByMonth(assets).get(month)
  const names = new Map<number, string>()
  for (const a of assets.values()) names.set(a.id, a.data.name)
  return {
    month,
    writeOff: f(dep?.writeOff ?? 0n),
    deductible: f(dep?.deductible ?? 0n),
    disposalCost: f(dep?.disposalCost ?? 0n),
    improvementCost: f(dep?.improvementCost ?? 0n),
    assets: (dep?.assets ?? []).map((a) => ({
      id: a.id,
      name: names.get(a.id) ?? '',
      writeOff: f(a.writeOff),
      deductible: f(a.deductible),
      disposalCost: f(a.disposalCost),
      improvementCost: f(a.improvementCost),
    })),
  }
}
