/**
 * "Would I pay less on another form?" — the same year's items settled on the Scale, the Linear tax and ryczałt, each
 * with its own health contribution and its annual settlements, plus the thresholds the year crosses or nears and
 * what "mały ZUS plus" would change. The months after `actualThrough` are a projection (the items already scheduled
 * for them: recurring items' repetitions and dated one-time items) and are marked as such.
 *
 * Every figure comes from the engine ({@link computeTaxes}) run once per form with the form's setting for the year;
 * the rules and sources: docs/tax-rules.md §9.
 */
import { addMonthsToMonth, daysInMonth, formatLocalDate, formatYearMonth } from '../calendar.ts'
import { divRoundHalfUp, maxG, minG, parseMoney, parsePercent, percentOf } from '../money.ts'
import type { Grosze, LocalDateString, PercentString, TaxType, YearMonthString } from '../types.ts'
import { type AnnualForm, type AnnualReturn, annualFormOf, type HealthSettlement } from './annual.ts'
import {
  computeTaxes,
  emptyMonth,
  type MonthFigures,
  type PitSettingInput,
  pitSettingForYear,
  type SocialSecuritySettingInput,
  settingInForce,
  type TaxInput,
  type TaxResult,
} from './engine.ts'
import { ratesFor } from './rates/index.ts'
import { defaultHealthPercent } from './socialSecurity.ts'

/** The ryczałt rate assumed for revenue without its own rate when the user has never chosen ryczałt (services, uZPD art. 12 ust. 1). */
export const ASSUMED_FLAT_RATE: PercentString = '8.5'
/** A threshold is "near" from this share of it (a product choice, not a statutory figure): 90 %. */
export const NEAR_SHARE_PERCENT = 90n

export interface CompareOptions {
  /** The last month with actual figures; later months are projected. */
  readonly actualThrough: YearMonthString
  /** The ryczałt rate of revenue without its own rate; default: the user's latest ryczałt setting, else 8.5 %. */
  readonly flatRate?: PercentString | null
}

/** The year on one form. */
export interface FormScenario {
  taxType: TaxType
  form: AnnualForm
  /** The form's rate (Scale: the first percent). */
  rate: PercentString
  /** `true` for the form the user chose for the year. */
  current: boolean
  /** Social contributions of the year's months. */
  social: Grosze
  /** The health contribution of the contribution year after its settlement (`due`), or the months' if none. */
  health: Grosze
  /** The monthly health contributions of the contribution year. */
  healthMonthly: Grosze
  /** The annual tax (PIT-36, PIT-36L or PIT-28). */
  tax: Grosze
  /** The advances (ryczałt) due during the year. */
  advances: Grosze
  /** `social + health + tax`: what the year costs on this form. */
  total: Grosze
  annual: AnnualReturn
  settlement: HealthSettlement | null
}

export type ThresholdKind =
  | 'scaleThreshold'
  | 'flatHealthBand60'
  | 'flatHealthBand300'
  | 'vatExemption'
  | 'ksefMonthly'
  | 'smallZusPlusRevenue'

/** A statutory threshold the year crosses, or comes near. */
export interface ThresholdWarning {
  kind: ThresholdKind
  status: 'crossed' | 'near'
  /** The threshold (prorated where the law prorates it). */
  limit: Grosze
  /** The year's figure compared with it (for the KSeF limit: the highest month). */
  value: Grosze
  /** The month it is crossed in (the first), `null` when only near. */
  month: YearMonthString | null
  /**
   * The running figure in that month (what crossed the limit then), `null` when only near. `value` is the year's
   * figure: "crossed in April" goes with April's figure, never with the year's.
   */
  valueInMonth: Grosze | null
  /** `true` when the crossing month, or the figure, comes from projected months. */
  projected: boolean
}

/** The contributions of one month on a "mały ZUS plus" basis. */
export interface SmallZusPlusContributions {
  pension: Grosze
  disability: Grosze
  sickness: Grosze
  accident: Grosze
  /** Fundusz Pracy: only when the basis is at least the minimum wage. */
  labourFund: Grosze
  total: Grosze
}

/** What "mały ZUS plus" (uSUS art. 18c) would be in `appliesIn`, decided by the figures of `basedOn`. */
export interface SmallZusPlus {
  basedOn: number
  appliesIn: number
  /** Revenue within the (prorated) limit and at least 60 days of business. */
  eligible: boolean
  reasons: ('revenueOverLimit' | 'tooFewDays' | 'flatIncome')[]
  revenue: Grosze
  revenueLimit: Grosze
  /** Days of business in `basedOn` (from the business start, else from the first month of the books). */
  days: number
  /**
   * The return's income of `basedOn`: revenue − costs, Fundusz Pracy paid in the year included (Scale/Linear);
   * `null` on ryczałt (its income is not derived here).
   */
  income: Grosze | null
  /** 50 % of the average monthly income (income / days × 30), within the bounds below; `null` without income. */
  basis: Grosze | null
  minBasis: Grosze
  maxBasis: Grosze
  contributions: SmallZusPlusContributions | null
  /** The monthly social amount in force at the start of `appliesIn` (the user's setting), if any. */
  currentMonthly: Grosze | null
  /** `currentMonthly − contributions.total` (positive: less to pay each month). */
  monthlyChange: Grosze | null
  /** Twelve months of `monthlyChange` (the social contributions only; the tax and health follow from them). */
  yearlyChange: Grosze | null
  /** `true` when `basedOn` includes projected months. */
  projected: boolean
  /** `true` when the figures of `appliesIn` are borrowed from another year's table. */
  ratesFallback: boolean
}

export interface FormComparison {
  year: number
  actualThrough: YearMonthString
  /** The year's months (January – December) with their company figures, projected ones marked. */
  months: { month: YearMonthString; revenue: Grosze; costs: Grosze; projected: boolean }[]
  /** The form chosen for the year, `null` when none is. */
  currentTaxType: TaxType | null
  /** The ryczałt rate used for revenue without its own rate, and whether it was assumed. */
  flatRate: PercentString
  flatRateAssumed: boolean
  /** Scale, Linear, ryczałt. */
  scenarios: FormScenario[]
  /**
   * The cheapest form (the first of equal totals in the order above). Ryczałt is a candidate only at a rate that is
   * the user's (their setting, or the rate asked for): at an assumed rate it is shown, never called the cheapest.
   */
  cheapest: TaxType
  warnings: ThresholdWarning[]
  smallZusPlus: SmallZusPlus[]
}

const nearOf = (limit: Grosze): Grosze => (limit * NEAR_SHARE_PERCENT) / 100n

const daysInYear = (y: number): number => (daysInMonth(y, 2) === 29 ? 366 : 365)

/** Day-of-year index (1-based) of a date within its year. */
const dayOfYear = (d: LocalDateString): number => {
  const y = Number(d.slice(0, 4))
  const m = Number(d.slice(5, 7))
  let n = Number(d.slice(8, 10))
  for (let i = 1; i < m; i++) n += daysInMonth(y, i)
  return n
}

/** The months of the input extended with empty ones through `to` (and from `from`), contiguous. */
const monthsThrough = (months: readonly MonthFigures[], from: YearMonthString, to: YearMonthString): MonthFigures[] => {
  const out = [...months]
  let first = out[0]?.month ?? from
  while (first > from) {
    first = addMonthsToMonth(first, -1)
    out.unshift(emptyMonth(first))
  }
  let last = out[out.length - 1]?.month ?? addMonthsToMonth(from, -1)
  if (out.length === 0) {
    out.push(emptyMonth(from))
    last = from
  }
  while (last < to) {
    last = addMonthsToMonth(last, 1)
    out.push(emptyMonth(last))
  }
  return out
}

/** The settings of `xs` before `day`, plus those from `day` on mapped by `f` (the one in force on `day` re-dated to it). */
const fromDay = <T extends { date: LocalDateString }>(xs: readonly T[], day: LocalDateString, f: (x: T) => T): T[] => {
  const before = xs.filter((s) => s.date < day)
  const atDay = settingInForce(before, day)
  return [...before, ...(atDay ? [f({ ...atDay, date: day })] : []), ...xs.filter((s) => s.date >= day).map(f)]
}

const scenarioSetting = (
  taxType: TaxType,
  year: number,
  actual: PitSettingInput | null,
  flatRate: PercentString,
): PitSettingInput => {
  const rates = ratesFor(year)
  const date = formatLocalDate(year, 1, 1)
  if (actual?.taxType === taxType && taxType !== 'Flat') return { ...actual, date }
  return {
    date,
    taxType,
    firstPercent:
      taxType === 'Flat' ? flatRate : taxType === 'Linear' ? rates.pit.linear.percent : rates.pit.scale.firstPercent,
    secondPercent: null,
    freeOfTaxAmount: null,
    secondPercentAmount: null,
    paymentInterval: actual?.paymentInterval ?? 1,
    deductions: taxType === 'Flat' ? null : (actual?.deductions ?? null),
  }
}

/** Runs the engine with `taxType` as the form of `year` (and after it, so January's health follows the same form). */
const runScenario = (input: TaxInput, months: MonthFigures[], year: number, setting: PitSettingInput): TaxResult => {
  const day = formatLocalDate(year, 1, 1)
  const percent = defaultHealthPercent(setting.taxType, year)
  const socialSecurity = fromDay<SocialSecuritySettingInput>(input.socialSecurity, day, (s) => ({ ...s, percent }))
  return computeTaxes({
    ...input,
    months,
    pit: [...input.pit.filter((s) => s.date < day), setting],
    socialSecurity,
  })
}

/** The first month (of the year, ascending) whose running figure passes `limit`, with that figure. */
const crossingMonth = (values: readonly { month: YearMonthString; value: Grosze }[], limit: Grosze) =>
  values.find((v) => v.value > limit) ?? null

/** What the stages of a comparison share: the year, its months, and the engine's result per form. */
interface Comparison {
  readonly input: TaxInput
  readonly year: number
  readonly first: YearMonthString
  readonly last: YearMonthString
  /** The books' months through January of the next year, gaps filled. */
  readonly months: MonthFigures[]
  /** The months of `year`. */
  readonly yearMonths: readonly MonthFigures[]
  readonly projected: (m: YearMonthString) => boolean
  readonly rates: ReturnType<typeof ratesFor>
}

type Running = readonly { month: YearMonthString; value: Grosze }[]

/** The year run on each form: the engine's result per form, and the year's figures on it. */
const formScenarios = (
  c: Comparison,
  actual: PitSettingInput | null,
  flatRate: PercentString,
): { scenarios: FormScenario[]; results: Map<TaxType, TaxResult> } => {
  const results = new Map<TaxType, TaxResult>()
  const scenarios: FormScenario[] = (['Scale', 'Linear', 'Flat'] as const).map((taxType) => {
    const setting = scenarioSetting(taxType, c.year, actual, flatRate)
    const r = runScenario(c.input, c.months, c.year, setting)
    results.set(taxType, r)
    const annual = r.annual.find((a) => a.year === c.year)!
    const settlement = r.healthSettlements.find((h) => h.year === c.year) ?? null
    let social = 0n
    for (const m of r.contributions) if (m.month >= c.first && m.month <= c.last) social += m.social
    const health = settlement?.due ?? 0n
    return {
      taxType,
      form: annualFormOf(taxType),
      rate: setting.firstPercent,
      current: actual?.taxType === taxType,
      social,
      health,
      healthMonthly: settlement?.paid ?? 0n,
      tax: annual.tax,
      advances: annual.advances,
      total: social + health + annual.tax,
      annual,
      settlement,
    }
  })
  return { scenarios, results }
}

/** Collects the thresholds crossed, or near (from {@link NEAR_SHARE_PERCENT} of the limit). */
const warningList = (c: Comparison) => {
  const anyProjected = c.yearMonths.some((m) => c.projected(m.month))
  const warnings: ThresholdWarning[] = []
  const push = (kind: ThresholdKind, limit: Grosze, value: Grosze, at: Running[number] | null, crossed: boolean) => {
    const month = crossed ? (at?.month ?? null) : null
    if (crossed || value >= nearOf(limit))
      warnings.push({
        kind,
        status: crossed ? 'crossed' : 'near',
        limit,
        value,
        month,
        valueInMonth: month === null ? null : at!.value,
        projected: month !== null ? c.projected(month) : anyProjected,
      })
  }
  /** A running figure against `limit`: crossed when `value` passes it, in the first month whose figure does. */
  const against = (kind: ThresholdKind, limit: Grosze, value: Grosze, runs: Running) =>
    push(kind, limit, value, crossingMonth(runs, limit), value > limit)
  return { warnings, push, against }
}

/** The year's company sales, running total by month. */
const runningSales = (c: Comparison): Running => {
  let running = 0n
  return c.yearMonths.map((m) => {
    running += m.companyRevenue
    return { month: m.month, value: running }
  })
}

/** Whether the seller is a VAT payer in the year: a VAT setting or registration by its end, or sales carrying VAT. */
const vatPayerIn = (c: Comparison): boolean => {
  const yearEnd = formatLocalDate(c.year, 12, 31)
  return (
    c.input.vat.some((s) => s.date <= yearEnd) ||
    (c.input.company?.vatRegistrationDate != null && c.input.company.vatRegistrationDate <= yearEnd) ||
    c.yearMonths.some((m) => m.outputVat > 0n)
  )
}

/** The VAT exemption limit (uVAT art. 113 ust. 1, 9), prorated by the days of business in the first year. */
const vatExemptionLimit = (c: Comparison): Grosze => {
  const businessStart = c.input.company?.businessStartDate ?? ''
  if (!businessStart.startsWith(`${c.year}-`)) return c.rates.vat.exemptionLimit
  const activeDays = daysInYear(c.year) - dayOfYear(businessStart) + 1
  return divRoundHalfUp(c.rates.vat.exemptionLimit * BigInt(activeDays), BigInt(daysInYear(c.year)))
}

/** "Mały ZUS plus" decided by the year before and by this year. */
const smallZusPlusYears = (c: Comparison, scale: TaxResult): SmallZusPlus[] => {
  const out: SmallZusPlus[] = []
  for (const basedOn of [c.year - 1, c.year]) {
    const of = c.months.filter((m) => m.month.startsWith(`${basedOn}-`))
    if (of.length === 0 || (basedOn < c.year && of[0]!.month > formatYearMonth(basedOn, 12))) continue
    // Fundusz Pracy paid in the year is a cost in the return (uPIT art. 22 ust. 1); social insurance is the same
    // under every form, so any scenario's contributions tell it.
    let labourFundPaid = 0n
    for (const m of scale.contributions)
      if (m.configured && m.paidOn.startsWith(`${basedOn}-`)) labourFundPaid += m.labourFund
    const z = smallZusPlusFor(c.input, of, basedOn, c.projected, labourFundPaid)
    if (z) out.push(z)
  }
  return out
}

/** The thresholds of the year, in the order the screen lists them. */
const thresholdWarnings = (
  c: Comparison,
  scenarios: readonly FormScenario[],
  results: ReadonlyMap<TaxType, TaxResult>,
  smallZusPlus: readonly SmallZusPlus[],
): ThresholdWarning[] => {
  const { warnings, push, against } = warningList(c)
  const { first, last, rates } = c

  // The Scale threshold (uPIT art. 27 ust. 1): the year's base on the Scale.
  const scaleRuns = results
    .get('Scale')!
    .pit.filter((p) => p.from >= first && p.to <= last)
    .map((p) => ({ month: p.to, value: p.base }))
  against('scaleThreshold', rates.pit.scale.threshold, scenarios[0]!.annual.base, scaleRuns)

  // Ryczałt health bands (uŚOZ art. 81): the year's revenue less social contributions, month by month.
  const flatRuns = results
    .get('Flat')!
    .contributions.filter((m) => m.month >= first && m.month <= last && m.healthBase !== null)
    .map((m) => ({ month: m.month, value: m.healthBase! }))
  const flatBasis = scenarios[2]!.settlement?.basis ?? 0n
  const [band1, band2] = rates.health.flatTiers
  against('flatHealthBand60', band1.revenueUpTo!, flatBasis, flatRuns)
  if (flatBasis > band1.revenueUpTo!) against('flatHealthBand300', band2.revenueUpTo!, flatBasis, flatRuns)

  // The VAT exemption limit (uVAT art. 113 ust. 1, 9), for a seller not registered for VAT in the year.
  const sales = runningSales(c)
  if (!vatPayerIn(c)) against('vatExemption', vatExemptionLimit(c), sales.at(-1)?.value ?? 0n, sales)

  // The KSeF transition (uVAT art. 145m): a month's invoiced sales with VAT above the limit.
  const ksef = rates.vat.ksefOffline
  if (ksef) {
    const gross = c.yearMonths
      .filter((m) => m.month >= ksef.from && m.month <= ksef.to)
      .map((m) => ({ month: m.month, value: m.companyRevenue + m.outputVat }))
    const highest = gross.reduce((a, g) => maxG(a, g.value), 0n)
    const at = crossingMonth(gross, ksef.monthlyLimit)
    push('ksefMonthly', ksef.monthlyLimit, highest, at, at !== null)
  }

  // "Mały ZUS plus": decided by a year's revenue and income, for the next year.
  const zus = smallZusPlus.find((z) => z.basedOn === c.year)
  if (zus) against('smallZusPlusRevenue', zus.revenueLimit, zus.revenue, sales)
  return warnings
}

/**
 * Compares the forms of taxation for `year`. `input.months` are the books' months (any range); the year and
 * January of the next year are filled with empty months where the books have none.
 */
export function compareForms(input: TaxInput, year: number, options: CompareOptions): FormComparison {
  const first = formatYearMonth(year, 1)
  const last = formatYearMonth(year, 12)
  const start = input.months[0]?.month
  const months = monthsThrough(
    input.months.filter((m) => m.month <= formatYearMonth(year + 1, 1)),
    start !== undefined && start < first ? start : first,
    formatYearMonth(year + 1, 1),
  )
  const c: Comparison = {
    input,
    year,
    first,
    last,
    months,
    yearMonths: months.filter((m) => m.month >= first && m.month <= last),
    projected: (m: YearMonthString) => m > options.actualThrough,
    rates: ratesFor(year),
  }
  const actual = pitSettingForYear(input.pit, year)
  const latestFlat = [...input.pit].filter((s) => s.taxType === 'Flat' && s.date <= formatLocalDate(year, 12, 31))
  const userFlat = actual?.taxType === 'Flat' ? actual.firstPercent : (latestFlat.at(-1)?.firstPercent ?? null)
  const flatRate = options.flatRate ?? userFlat ?? ASSUMED_FLAT_RATE
  const flatRateAssumed = (options.flatRate ?? userFlat) === null

  const { scenarios, results } = formScenarios(c, actual, flatRate)
  let cheapest = scenarios[0]!
  for (const s of scenarios) if (s.total < cheapest.total && !(s.taxType === 'Flat' && flatRateAssumed)) cheapest = s
  const smallZusPlus = smallZusPlusYears(c, results.get('Scale')!)

  return {
    year,
    actualThrough: options.actualThrough,
    months: c.yearMonths.map((m) => ({
      month: m.month,
      revenue: m.companyRevenue,
      costs: m.companyCosts,
      projected: c.projected(m.month),
    })),
    currentTaxType: actual?.taxType ?? null,
    flatRate,
    flatRateAssumed,
    scenarios,
    cheapest: cheapest.taxType,
    warnings: thresholdWarnings(c, scenarios, results, smallZusPlus),
    smallZusPlus,
  }
}

/** "Mały ZUS plus" in `basedOn + 1` from the months of `basedOn` (uSUS art. 18c). */
const smallZusPlusFor = (
  input: TaxInput,
  of: readonly MonthFigures[],
  basedOn: number,
  projected: (m: YearMonthString) => boolean,
  labourFundPaid: Grosze,
): SmallZusPlus | null => {
  const appliesIn = basedOn + 1
  const rates = ratesFor(basedOn)
  const next = ratesFor(appliesIn)
  const start = input.company?.businessStartDate ?? null
  if (start !== null && start > formatLocalDate(basedOn, 12, 31)) return null
  const firstDay =
    start?.startsWith(`${basedOn}-`) && start !== null
      ? start
      : start === null && of[0]!.month > formatYearMonth(basedOn, 1)
        ? `${of[0]!.month}-01`
        : formatLocalDate(basedOn, 1, 1)
  const yearDays = daysInYear(basedOn)
  const days = yearDays - dayOfYear(firstDay) + 1
  let revenue = 0n
  let costs = 0n
  for (const m of of) {
    revenue += m.companyRevenue
    costs += m.companyCosts
  }
  const z = rates.zus.smallPlus
  const revenueLimit =
    days >= yearDays ? z.revenueLimit : divRoundHalfUp(z.revenueLimit * BigInt(days), BigInt(yearDays))
  const flat = pitSettingForYear(input.pit, basedOn)?.taxType === 'Flat'
  const reasons: SmallZusPlus['reasons'] = []
  if (revenue > revenueLimit) reasons.push('revenueOverLimit')
  if (days < z.minimumDays) reasons.push('tooFewDays')
  if (flat) reasons.push('flatIncome')
  const minBasis = next.zus.preferential.basis
  const maxBasis = next.zus.full.basis
  // The income of the return (PIT-36/36L): revenue less costs, Fundusz Pracy paid in the year among them.
  const income = flat ? null : revenue - costs - labourFundPaid
  let basis: Grosze | null = null
  let contributions: SmallZusPlusContributions | null = null
  if (income !== null) {
    // 50 % of the income divided by the days of business times 30, rounded to the grosz once.
    const half = divRoundHalfUp(maxG(income, 0n) * 30n * parsePercent(z.basisPercent), BigInt(days) * 10000n)
    basis = maxG(minBasis, minG(half, maxBasis))
    const p = next.zus.percents
    const pension = percentOf(basis, p.pension)
    const disability = percentOf(basis, p.disability)
    const sickness = percentOf(basis, p.sickness)
    const accident = percentOf(basis, p.accident)
    const labourFund = basis >= next.health.minimumWage ? percentOf(basis, p.labourFund) : 0n
    contributions = {
      pension,
      disability,
      sickness,
      accident,
      labourFund,
      total: pension + disability + sickness + accident + labourFund,
    }
  }
  const current = settingInForce(input.socialSecurity, formatLocalDate(appliesIn, 1, 1))
  const currentMonthly = current ? parseMoney(current.amount) : null
  return {
    basedOn,
    appliesIn,
    eligible: reasons.filter((r) => r !== 'flatIncome').length === 0,
    reasons,
    revenue,
    revenueLimit,
    days,
    income,
    basis,
    minBasis,
    maxBasis,
    contributions,
    currentMonthly,
    monthlyChange: currentMonthly !== null && contributions ? currentMonthly - contributions.total : null,
    yearlyChange: currentMonthly !== null && contributions ? 12n * (currentMonthly - contributions.total) : null,
    projected: of.some((m) => projected(m.month)),
    ratesFallback: next.fallback,
  }
}
