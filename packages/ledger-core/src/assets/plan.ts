/**
 * Depreciation of fixed assets and intangibles as the PIT act rules it (uPIT art. 22a–22o, 23 ust. 1 pkt 1, 4 and
 * 6): the plan of one asset month by month — straight-line (art. 22i), degressive with the switch to straight-line
 * (art. 22k ust. 1), individual periods for used or improved assets (art. 22j), the one-off write-off within the
 * year's limit (art. 22k ust. 7–13), low-value items expensed at once (art. 22d ust. 1) — when the write-offs are
 * booked (monthly, quarterly or once a year, art. 22h ust. 1 pkt 1), the part a passenger car's limit lets count
 * (art. 23 ust. 1 pkt 4) and what a disposal makes revenue and cost.
 *
 * Rounding: each month's write-off is rounded half up to the grosz (the law gives yearly rates and equal monthly
 * instalments; a cost in the book is an amount in grosze), and the last write-off is whatever remains, so a plan
 * ends exactly at the depreciable value and no rounding difference is carried or lost. A car's deductible part is
 * the limit's share of the cumulative write-offs, rounded to the grosz, less what earlier months deducted, so the
 * deductible write-offs end exactly at the limit. Every rule with its source and a worked example:
 * docs/tax-rules.md §14.
 */
import { addMonthsToMonth, monthOf } from '../calendar.ts'
import { divRoundHalfUp, parsePercent } from '../money.ts'
import type { Grosze, LocalDateString, PercentString, YearMonthString } from '../types.ts'
import { isPassengerCarKst, kstGroupOf, kstRateOf } from './kst.ts'

export const DepreciationMethods = ['linear', 'degressive', 'individual', 'oneOff', 'expensed'] as const
/** How an asset is depreciated (chosen before the first write-off and kept to the end, art. 22h ust. 2). */
export type DepreciationMethod = (typeof DepreciationMethods)[number]
export const WriteOffPeriods = ['month', 'quarter', 'year'] as const
/** How often the write-offs are booked (art. 22h ust. 1 pkt 1). */
export type WriteOffPeriod = (typeof WriteOffPeriods)[number]
export const DisposalReasons = ['sale', 'liquidation', 'privateUse'] as const
/** Why an asset leaves the register. */
export type DisposalReason = (typeof DisposalReasons)[number]
export const CarDrives = ['electric', 'hydrogen', 'combustion'] as const
/** What drives a passenger car: the limit of art. 23 ust. 1 pkt 4 depends on it. */
export type CarDrive = (typeof CarDrives)[number]

/** The facts of a passenger car that set its limit. */
export interface CarFacts {
  readonly drive: CarDrive
  /** CO₂ emission in g/km (registration certificate field V.7); `null`: not known. */
  readonly co2GramsPerKm: number | null
}

/**
 * Spending on improving an asset (ulepszenie). It raises the initial value only when the spending of the tax year on
 * the asset exceeds 10 000 zł (art. 22g ust. 17); otherwise it is a cost of its month (`IMPROVEMENT_LIMIT`).
 */
export interface Improvement {
  readonly date: LocalDateString
  readonly amount: Grosze
}

/** An asset's disposal. */
export interface Disposal {
  readonly date: LocalDateString
  readonly reason: DisposalReason
  /** Sale: the net price (revenue of the business, art. 14 ust. 2 pkt 1 lit. a). */
  readonly price: Grosze
  /** Liquidation: the asset lost its usefulness because the kind of business changed (art. 23 ust. 1 pkt 6). */
  readonly changeOfActivity: boolean
}

/** Everything a plan depends on. */
export interface AssetTerms {
  /** The initial value (art. 22g): the price of acquisition, net when the input VAT is deducted. */
  readonly initialValue: Grosze
  /** The day the asset was entered in the register: write-offs start the next month (art. 22f ust. 1). */
  readonly entryDate: LocalDateString
  /** The KŚT symbol or an intangible kind (`kst.ts`). */
  readonly kst: string
  readonly method: DepreciationMethod
  /** The yearly rate: straight-line, the degressive base, the one-off remainder's rate. */
  readonly rate: PercentString
  /** Degressive: the factor applied to the rate, at most 2 (art. 22k ust. 1); default 2. */
  readonly degressiveFactor?: PercentString
  /** Individual: the period in months, at least {@link individualMinimumMonths}. */
  readonly individualMonths?: number | null
  readonly period: WriteOffPeriod
  readonly improvements?: readonly Improvement[]
  /** A passenger car: its limit applies; `null`/absent: not a passenger car. */
  readonly car?: CarFacts | null
  /** One-off: the part of the year's limit (art. 22k ust. 7, 12) still free when the asset is entered. */
  readonly oneOffAllowance?: Grosze
  readonly disposal?: Disposal | null
}

/** What a month contributes to an asset's depreciation. */
export interface PlanMonth {
  readonly month: YearMonthString
  /** The month's write-off (accrued; booked per {@link PlanPosting}). */
  readonly writeOff: Grosze
  /** The part that is a tax-deductible cost (less than `writeOff` only for a car above its limit). */
  readonly deductible: Grosze
  /** Write-offs through this month. */
  readonly cumulative: Grosze
  /** The value left to depreciate after this month. */
  readonly remaining: Grosze
  /** The rule that set the amount. */
  readonly basis: 'linear' | 'degressive' | 'individual' | 'oneOff' | 'expensed'
}

/** Write-offs booked in one month of the books. */
export interface PlanPosting {
  readonly month: YearMonthString
  readonly writeOff: Grosze
  readonly deductible: Grosze
}

/** What a disposal does to the income. */
export interface DisposalResult {
  readonly month: YearMonthString
  readonly reason: DisposalReason
  /** The value not depreciated when the asset leaves. */
  readonly undepreciated: Grosze
  /** Revenue of the business (a sale's net price). */
  readonly revenue: Grosze
  /** The undepreciated value the law lets count as a cost (0 when it does not). */
  readonly cost: Grosze
}

/** An asset's depreciation, month by month, as booked, and on disposal. */
export interface DepreciationPlan {
  /** The initial value with its improvements: what the write-offs add up to unless the asset leaves earlier. */
  readonly depreciableValue: Grosze
  readonly months: readonly PlanMonth[]
  readonly postings: readonly PlanPosting[]
  /** A passenger car's limit of art. 23 ust. 1 pkt 4; `null` for anything else. */
  readonly carLimit: Grosze | null
  /** Degressive: the first month written off straight-line (art. 22k ust. 1, the switch). */
  readonly switchedToLinear: YearMonthString | null
  readonly disposal: DisposalResult | null
  /**
   * Spending of a year whose total on the asset was 10 000 zł or less: no improvement (art. 22g ust. 17), a cost of
   * its month, by date.
   */
  readonly expensedImprovements: readonly Improvement[]
}

/** 10 000 zł: a year's spending on an asset is an improvement only above this (art. 22g ust. 17). */
export const IMPROVEMENT_LIMIT: Grosze = 1_000_000n

/**
 * Improvements split by the year's total on the asset (art. 22g ust. 17): the spending of a calendar (tax) year above
 * 10 000 zł raises the value; the spending of a year at or below it does not, and is a cost instead. By date.
 */
export const splitImprovements = (
  improvements: readonly Improvement[],
): { readonly capitalised: Improvement[]; readonly expensed: Improvement[] } => {
  const isExpensed = expensedImprovement(improvements)
  const sorted = [...improvements].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  return { capitalised: sorted.filter((i) => !isExpensed(i)), expensed: sorted.filter(isExpensed) }
}

/**
 * Whether an improvement of `improvements` (one asset's) is a cost rather than an improvement: the spending of its
 * year on the asset stays at 10 000 zł or less (art. 22g ust. 17).
 */
export const expensedImprovement = (
  improvements: readonly Improvement[],
): ((i: Pick<Improvement, 'date'>) => boolean) => {
  const byYear = new Map<string, Grosze>()
  for (const i of improvements) byYear.set(i.date.slice(0, 4), (byYear.get(i.date.slice(0, 4)) ?? 0n) + i.amount)
  return (i) => (byYear.get(i.date.slice(0, 4)) ?? 0n) <= IMPROVEMENT_LIMIT
}

/** 10 000 zł: at most this initial value may be expensed at once (art. 22d ust. 1). */
export const LOW_VALUE_LIMIT: Grosze = 1_000_000n

/**
 * The limit of a passenger car's value whose write-offs are costs (art. 23 ust. 1 pkt 4 as amended by the act of
 * 2 December 2021 on electromobility, Dz.U. 2021 poz. 2269, from 1 January 2026): 225 000 zł for an electric or
 * hydrogen car; for any other, 150 000 zł when entered in the register before 2026 (the transitional reading: the
 * new limits apply to cars entered from 1 January 2026) and, from 2026, 150 000 zł when it emits less than
 * 50 g CO₂/km and 100 000 zł otherwise (an unknown emission reads as 50 g or more).
 */
export const carLimit = (entryDate: LocalDateString, car: CarFacts): Grosze => {
  if (car.drive === 'electric' || car.drive === 'hydrogen') return 22_500_000n
  if (entryDate < '2026-01-01') return 15_000_000n
  return car.co2GramsPerKm !== null && car.co2GramsPerKm < 50 ? 15_000_000n : 10_000_000n
}

const EUR_RATE = /^(\d+)(?:\.(\d{1,4}))?$/

/**
 * The one-off write-off's yearly limit in grosze: 50 000 EUR at the NBP average rate of the first working day of
 * October of the previous year, rounded to 1 000 zł (art. 22k ust. 7 and 12). `eurRate` is that rate, up to four
 * decimals (`"4.2692"`).
 */
export const oneOffLimit = (eurRate: string): Grosze => {
  const m = EUR_RATE.exec(eurRate)
  if (!m) throw new RangeError(`Not an exchange rate: ${JSON.stringify(eurRate)}`)
  const tenThousandths = BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'))
  // 50 000 × rate zł = 5 × tenThousandths zł; rounded half up to the thousand.
  return divRoundHalfUp(5n * tenThousandths, 1000n) * 1000n * 100n
}

/**
 * The shortest individual period (art. 22j ust. 1) for a used or improved asset: groups 3–6 and 8 — 24 months up
 * to 25 000 zł, 36 months up to 50 000 zł, 60 months above (pkt 1); means of transport, passenger cars included —
 * 30 months (pkt 2); kiosks and temporary buildings (KŚT 103, 109) — 36 months (pkt 3); other buildings and
 * structures — 10 years (pkt 4). `null`: the law sets no individual rate (land, intangibles).
 */
export const individualMinimumMonths = (kst: string, initialValue: Grosze): number | null => {
  const group = kstGroupOf(kst)
  if (group === null || group === 0) return null
  if (group === 7) return 30
  if (group === 1 || group === 2) return kst.startsWith('103') || kst.startsWith('109') ? 36 : 120
  if (group === 9) return null
  return initialValue <= 2_500_000n ? 24 : initialValue <= 5_000_000n ? 36 : 60
}

/** Why a set of terms is refused (a code the interface translates). */
export type AssetIssue =
  | 'notDepreciable'
  | 'degressiveNotAllowed'
  | 'degressiveFactor'
  | 'oneOffNotAllowed'
  | 'expensedOverLimit'
  | 'individualNotAllowed'
  | 'individualPeriodTooShort'
  | 'improvementBeforeEntry'
  | 'disposalBeforeEntry'
  | 'initialValue'

/** The field of {@link AssetTerms} an issue is about. */
export const ASSET_ISSUE_FIELD: Record<AssetIssue, string> = {
  notDepreciable: 'kst',
  degressiveNotAllowed: 'method',
  degressiveFactor: 'degressiveFactor',
  oneOffNotAllowed: 'method',
  expensedOverLimit: 'method',
  individualNotAllowed: 'method',
  individualPeriodTooShort: 'individualMonths',
  improvementBeforeEntry: 'improvements',
  disposalBeforeEntry: 'disposal',
  initialValue: 'initialValue',
}

/** Groups 3–8 without passenger cars: the assets the degressive and one-off methods allow (art. 22k ust. 1, 7). */
const machineryOrTransport = (kst: string): boolean => {
  const g = kstGroupOf(kst)
  return g !== null && g >= 3 && g <= 8 && !isPassengerCarKst(kst)
}

/** What the law refuses in a set of terms (empty: a plan can be made). */
export const checkAssetTerms = (t: AssetTerms): AssetIssue[] => {
  const out: AssetIssue[] = []
  if (t.initialValue <= 0n) out.push('initialValue')
  const entry = kstRateOf(t.kst)
  if (entry && !entry.depreciable) out.push('notDepreciable')
  if (t.method === 'degressive') {
    if (!machineryOrTransport(t.kst)) out.push('degressiveNotAllowed')
    const f = parsePercent(t.degressiveFactor ?? '2')
    if (f <= 0n || f > 200n) out.push('degressiveFactor')
  }
  if (t.method === 'oneOff' && !machineryOrTransport(t.kst)) out.push('oneOffNotAllowed')
  if (t.method === 'expensed' && t.initialValue > LOW_VALUE_LIMIT) out.push('expensedOverLimit')
  if (t.method === 'individual') {
    const min = individualMinimumMonths(t.kst, t.initialValue)
    if (min === null) out.push('individualNotAllowed')
    else if (!t.individualMonths || t.individualMonths < min) out.push('individualPeriodTooShort')
  }
  if ((t.improvements ?? []).some((i) => monthOf(i.date) < monthOf(t.entryDate))) out.push('improvementBeforeEntry')
  if (t.disposal && t.disposal.date < t.entryDate) out.push('disposalBeforeEntry')
  return out
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b

/** 100 years: no plan runs longer (buildings at 1.5 % take 67). */
const MAX_MONTHS = 1200

/** What a disposal leaves: the undepreciated value, and the part of it that is a cost (for a car, the limit's share). */
const disposalOf = (
  d: NonNullable<AssetTerms['disposal']>,
  month: YearMonthString,
  undepreciated: Grosze,
  value: Grosze,
  limit: Grosze | null,
): DisposalResult => {
  // The initial value less the write-offs is a cost of a sale (art. 23 ust. 1 pkt 1 lit. b), and a loss on
  // liquidation unless the asset became useless because the business changed (art. 23 ust. 1 pkt 6); for a car above
  // its limit only the limit's share of it (art. 23 ust. 5c).
  const isCost = d.reason === 'sale' || (d.reason === 'liquidation' && !d.changeOfActivity)
  const cost = !isCost
    ? 0n
    : limit !== null && value > limit
      ? divRoundHalfUp(undepreciated * limit, value)
      : undepreciated
  return { month, reason: d.reason, undepreciated, revenue: d.reason === 'sale' ? d.price : 0n, cost }
}

/**
 * The plan of one asset. The terms are assumed checked ({@link checkAssetTerms}); a plan of refused terms is still
 * total (it never throws on amounts), but means nothing.
 */
export function depreciationPlan(t: AssetTerms): DepreciationPlan {
  const entryMonth = monthOf(t.entryDate)
  const disposalMonth = t.disposal ? monthOf(t.disposal.date) : null
  const rate = parsePercent(t.rate)
  const factor = parsePercent(t.degressiveFactor ?? '2')
  const { capitalised: improvements, expensed: expensedImprovements } = splitImprovements(t.improvements ?? [])
  const limit = t.car ? carLimit(t.entryDate, t.car) : null

  let value = t.initialValue
  let cumulative = 0n
  let deductedCumulative = 0n
  let linearBase = t.initialValue
  let switchedToLinear: YearMonthString | null = null
  const months: PlanMonth[] = []

  const deductibleOf = (writeOff: Grosze): Grosze => {
    if (limit === null || value <= limit) {
      deductedCumulative += writeOff
      return writeOff
    }
    const target = divRoundHalfUp(cumulative * limit, value)
    const d = target > deductedCumulative ? target - deductedCumulative : 0n
    deductedCumulative += d
    return d
  }
  const push = (month: YearMonthString, writeOff: Grosze, basis: PlanMonth['basis']): void => {
    cumulative += writeOff
    months.push({
      month,
      writeOff,
      deductible: deductibleOf(writeOff),
      cumulative,
      remaining: value - cumulative,
      basis,
    })
  }

  if (t.method === 'expensed') {
    push(entryMonth, value, 'expensed')
  } else {
    if (t.method === 'oneOff') {
      const allowance = t.oneOffAllowance ?? 0n
      const oneOff = allowance < value ? (allowance > 0n ? allowance : 0n) : value
      if (oneOff > 0n) push(entryMonth, oneOff, 'oneOff')
      // The excess over the limit is depreciated by the general rules, straight-line at the annex's rate.
      linearBase = value - oneOff
    }
    let next = 0
    let yearBasis = 0n
    // Straight-line and individual plans (and a degressive one after its switch) have a known length: the month in
    // which the exact, unrounded instalments reach the value left. Their last month takes the remainder.
    let monthsLeft = 0
    for (let i = 1; i <= MAX_MONTHS; i++) {
      const m = addMonthsToMonth(entryMonth, i)
      if (disposalMonth !== null && m > disposalMonth) break
      // An improvement raises the value from the month after the month it is put to use (art. 22g ust. 17).
      let improved = 0n
      while (next < improvements.length && monthOf(improvements[next]!.date) < m) {
        improved += improvements[next]!.amount
        next++
      }
      value += improved
      linearBase += improved
      yearBasis += improved
      const remaining = value - cumulative
      if (remaining <= 0n) {
        if (next >= improvements.length) break
        continue
      }
      let restart = i === 1 || improved > 0n
      if (t.method === 'degressive' && (i === 1 || m.endsWith('-01'))) {
        // The year's degressive base is the value net of write-offs at its start (the initial value in the first
        // year); from the year its write-off would be below the straight-line one, straight-line (art. 22k ust. 1).
        yearBasis = remaining
        if (switchedToLinear === null && yearBasis * factor < linearBase * 100n) {
          switchedToLinear = m
          restart = true
        }
      }
      let amount: Grosze
      let basis: PlanMonth['basis']
      const degressive = t.method === 'degressive' && switchedToLinear === null
      if (degressive) {
        amount = divRoundHalfUp(yearBasis * rate * factor, 12_000_000n)
        basis = 'degressive'
      } else {
        // The exact monthly instalment is num / den.
        const [num, den] =
          t.method === 'individual'
            ? [value, BigInt(Math.max(1, t.individualMonths ?? 1))]
            : [linearBase * rate, 120_000n]
        if (restart) monthsLeft = num > 0n ? Number(ceilDiv(remaining * den, num)) : 1
        amount = monthsLeft <= 1 ? remaining : divRoundHalfUp(num, den)
        monthsLeft--
        basis = t.method === 'individual' ? 'individual' : 'linear'
      }
      if (amount <= 0n) amount = 1n
      push(m, amount < remaining ? amount : remaining, basis)
    }
  }

  const disposal =
    t.disposal && disposalMonth !== null
      ? disposalOf(t.disposal, disposalMonth, value - cumulative, value, limit)
      : null

  return {
    depreciableValue: value,
    months,
    postings: postingsOf(months, t.period, disposalMonth),
    carLimit: limit,
    switchedToLinear,
    disposal,
    expensedImprovements,
  }
}

/** The month a write-off of `m` is booked in: its own, its quarter's last, or December (or the disposal month). */
const bookingMonth = (m: YearMonthString, period: WriteOffPeriod, disposalMonth: YearMonthString | null) => {
  let at = m
  if (period === 'quarter') {
    const month = Number(m.slice(5, 7))
    at = addMonthsToMonth(m, (3 - (month % 3)) % 3)
  } else if (period === 'year') at = `${m.slice(0, 4)}-12`
  return disposalMonth !== null && at > disposalMonth ? disposalMonth : at
}

const postingsOf = (
  months: readonly PlanMonth[],
  period: WriteOffPeriod,
  disposalMonth: YearMonthString | null,
): PlanPosting[] => {
  const out: { month: YearMonthString; writeOff: Grosze; deductible: Grosze }[] = []
  for (const pm of months) {
    // A one-off or an expensed item is booked in its own month whatever the period.
    const at =
      pm.basis === 'oneOff' || pm.basis === 'expensed' ? pm.month : bookingMonth(pm.month, period, disposalMonth)
    const prev = out.at(-1)
    if (prev && prev.month === at) {
      prev.writeOff += pm.writeOff
      prev.deductible += pm.deductible
    } else out.push({ month: at, writeOff: pm.writeOff, deductible: pm.deductible })
  }
  return out
}

/** The write-offs a plan books in one month (0 when none). */
export const postingIn = (plan: DepreciationPlan, month: YearMonthString): PlanPosting => {
  for (const p of plan.postings) if (p.month === month) return p
  return { month, writeOff: 0n, deductible: 0n }
}

/** A plan's write-offs by calendar year: for the year and to date (the register's columns, art. 22n ust. 4). */
export interface PlanYear {
  readonly year: number
  readonly writeOff: Grosze
  readonly deductible: Grosze
  /** Write-offs through the year's end. */
  readonly cumulative: Grosze
  /** The value left after the year. */
  readonly remaining: Grosze
}

/** The plan year by year (as booked). */
export const planByYear = (plan: DepreciationPlan): PlanYear[] => {
  const out: PlanYear[] = []
  let cumulative = 0n
  for (const p of plan.postings) {
    const year = Number(p.month.slice(0, 4))
    cumulative += p.writeOff
    const prev = out.at(-1)
    if (prev && prev.year === year) {
      out[out.length - 1] = {
        year,
        writeOff: prev.writeOff + p.writeOff,
        deductible: prev.deductible + p.deductible,
        cumulative,
        remaining: plan.depreciableValue - cumulative,
      }
    } else
      out.push({
        year,
        writeOff: p.writeOff,
        deductible: p.deductible,
        cumulative,
        remaining: plan.depreciableValue - cumulative,
      })
  }
  return out
}
