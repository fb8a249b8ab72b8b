/**
 * Derived data shared by the projections, computed once per books state object and cached in a WeakMap (a new
 * state after any event gets fresh derivations; the API answers repeated reads of the same state from cache):
 * the schedule of item occurrences, the settings as tax-engine input, and the tax engine's result.
 */
import { addMonthsToMonth, lastDayOfMonth } from '../calendar.ts'
import type { BooksState, RecordState } from '../deciders/state.ts'
import { isFigureProblem, recordProblems } from '../schemas/bounds.ts'
import type { Pit, Primary, SocialSecurity, Vat } from '../schemas/records.ts'
import { indexSchedule, type Occurrence, pushTo, type ScheduleIndex, type VatPercentOn } from '../schedule.ts'
import {
  type AnnualReturn,
  type HealthSettlement,
  addItemToMonth,
  type CompanyFacts,
  computeTaxes,
  emptyMonth,
  type MonthFigures,
  type Obligation,
  type PitSettingInput,
  type SocialSecuritySettingInput,
  type TaxResult,
  type VatSettingInput,
  type VatPeriod,
  type PitPeriod,
  type ContributionMonth,
} from '../tax/engine.ts'
import type { YearMonthString } from '../types.ts'

export interface Derived {
  readonly schedule: ScheduleIndex
  readonly vat: VatSettingInput[]
  readonly pit: PitSettingInput[]
  readonly socialSecurity: SocialSecuritySettingInput[]
  /** Business start and VAT registration dates from Primary data (`null` when not given). */
  readonly company: CompanyFacts
  /** The VAT setting's percent in force on a day ("0" before the first setting), for `inForce` items. */
  readonly vatPercentOn: VatPercentOn
  /** Earliest month with an item occurrence or a setting, `null` for empty books. */
  readonly firstMonth: YearMonthString | null
  /** Latest month with an item occurrence or a setting. */
  readonly lastMonth: YearMonthString | null
  taxes: {
    end: YearMonthString
    result: TaxResult
    /** Engine obligations (amount > 0) by the month of their (working-day) due date. */
    byDueMonth: Map<YearMonthString, Obligation[]>
    /** Every complete tax period (also with 0 to pay) by the month of its due date, VAT, PIT, ZUS order. */
    periodsByDueMonth: Map<YearMonthString, TaxDue[]>
  } | null
}

/** A settled tax period, whatever its amount. */
export type TaxDue =
  | { kind: 'VAT'; amount: bigint; period: VatPeriod }
  | { kind: 'PIT'; amount: bigint; period: PitPeriod }
  | { kind: 'SocialSecurity'; amount: bigint; period: ContributionMonth }
  | { kind: 'PITAnnual'; amount: bigint; period: AnnualReturn }
  | { kind: 'HealthAnnual'; amount: bigint; period: HealthSettlement }

const cache = new WeakMap<BooksState, Derived>()

export const derive = (state: BooksState): Derived => {
  const hit = cache.get(state)
  if (hit) return hit
  const items: RecordState[] = []
  const vat: (VatSettingInput & { id: number })[] = []
  const pit: (PitSettingInput & { id: number })[] = []
  const ss: (SocialSecuritySettingInput & { id: number })[] = []
  const company: CompanyFacts = { businessStartDate: null, vatRegistrationDate: null }
  for (const r of state.records.values()) {
    if (r.deleted) continue
    // A record stored by an older version outside today's bounds (a year-9999 date, a 20-digit amount) counts in
    // no figure: it is listed with its `problems` for the user to correct, and cannot stall or break a read.
    if (recordProblems(r.dataType, r.data).some(isFigureProblem)) continue
    switch (r.dataType) {
      case 'Primary': {
        const d = r.data as Partial<Primary>
        company.businessStartDate = d.businessStartDate ?? null
        company.vatRegistrationDate = d.vatRegistrationDate ?? null
        break
      }
      case 'Income':
      case 'Expense':
      case 'RecurringIncome':
      case 'RecurringExpense':
        items.push(r)
        break
      case 'Vat': {
        const d = r.data as Vat
        vat.push({ id: r.id, date: d.date, percent: d.percent, paymentInterval: d.paymentInterval })
        break
      }
      case 'Pit': {
        const d = r.data as Pit
        pit.push({
          id: r.id,
          date: d.date,
          taxType: d.taxType,
          firstPercent: d.firstPercent,
          secondPercent: d.secondPercent,
          freeOfTaxAmount: d.freeOfTaxAmount,
          secondPercentAmount: d.secondPercentAmount,
          paymentInterval: d.paymentInterval,
          deductions: d.deductions,
        })
        break
      }
      case 'SocialSecurity': {
        const d = r.data as SocialSecurity
        ss.push({ id: r.id, date: d.date, amount: d.amount, percent: d.percent })
        break
      }
      default:
        break
    }
  }
  // Same-date settings: the engine lets the later one in the input win, so order by date then id.
  const byDateThenId = <T extends { date: string; id: number }>(xs: T[]) =>
    xs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
  byDateThenId(vat)
  byDateThenId(pit)
  byDateThenId(ss)
  items.sort((a, b) => a.id - b.id)
  const vatPercentOn = vatPercentResolver(vat)
  const schedule = indexSchedule(items, vatPercentOn)
  let first = schedule.range?.[0] ?? null
  let last = schedule.range?.[1] ?? null
  for (const s of [...vat, ...pit, ...ss]) {
    const m = s.date.slice(0, 7)
    if (first === null || m < first) first = m
    if (last === null || m > last) last = m
  }
  const d: Derived = {
    schedule,
    vat,
    pit,
    socialSecurity: ss,
    company,
    vatPercentOn,
    firstMonth: first,
    lastMonth: last,
    taxes: null,
  }
  cache.set(state, d)
  return d
}

/** The percent of the VAT setting in force on a day, from settings sorted by date (then id); "0" before the first. */
export const vatPercentResolver = (sorted: readonly VatSettingInput[]): VatPercentOn => {
  const memo = new Map<string, string>()
  return (day) => {
    let p = memo.get(day)
    if (p === undefined) {
      let lo = 0
      let hi = sorted.length
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (sorted[mid]!.date <= day) lo = mid + 1
        else hi = mid
      }
      p = lo === 0 ? '0' : sorted[lo - 1]!.percent
      memo.set(day, p)
    }
    return p
  }
}

/** Monthly company aggregates (by tax month) from `from` through `to`, for the tax engine ({@link addItemToMonth}). */
export const monthFigures = (schedule: ScheduleIndex, from: YearMonthString, to: YearMonthString): MonthFigures[] => {
  const out: MonthFigures[] = []
  for (let m = from; m <= to; m = addMonthsToMonth(m, 1)) {
    const f = emptyMonth(m)
    for (const o of schedule.byTaxMonth.get(m) ?? []) {
      if (!o.isCompany) continue
      // An expense marked "not a tax cost" (KPiR: outside the book) lowers no income; its input VAT still counts.
      addItemToMonth(f, {
        isIncome: o.isIncome,
        amount: o.amount,
        vat: o.vatAmount,
        vatTreatment: o.vatTreatment,
        percent: o.percent,
        flatRate: o.flatRate,
        notCost: o.kpirColumn === 'notCost',
      })
    }
    out.push(f)
  }
  return out
}

/**
 * The tax engine's result over every month from the first month with an item or setting through at least
 * `atLeast` (results for a month never depend on later months, so a longer range answers shorter questions).
 * `null` for books without items and settings.
 */
export const taxesThrough = (state: BooksState, atLeast: YearMonthString): Derived['taxes'] => {
  const d = derive(state)
  if (d.firstMonth === null) return null
  if (d.taxes && d.taxes.end >= atLeast) return d.taxes
  const end = [atLeast, d.lastMonth ?? atLeast, d.taxes?.end ?? atLeast].sort().at(-1)!
  if (d.firstMonth > end) return null
  const result = computeTaxes({
    months: monthFigures(d.schedule, d.firstMonth, end),
    vat: d.vat,
    pit: d.pit,
    socialSecurity: d.socialSecurity,
    company: d.company,
  })
  const byDueMonth = new Map<YearMonthString, Obligation[]>()
  for (const o of result.obligations) {
    const m = o.dueDate.slice(0, 7)
    pushTo(byDueMonth, m, o)
  }
  const periodsByDueMonth = new Map<YearMonthString, TaxDue[]>()
  const push = (t: TaxDue, dueDate: string) => {
    const m = dueDate.slice(0, 7)
    pushTo(periodsByDueMonth, m, t)
  }
  const firstVat = d.vat[0]?.date ?? null
  for (const p of result.vat)
    if (p.complete && (p.due > 0n || (firstVat !== null && firstVat <= lastDayOfMonth(p.to))))
      push({ kind: 'VAT', amount: p.due, period: p }, p.dueDate)
  for (const p of result.pit) if (p.complete) push({ kind: 'PIT', amount: p.advance, period: p }, p.dueDate)
  for (const c of result.contributions)
    if (c.configured) push({ kind: 'SocialSecurity', amount: c.total, period: c }, c.dueDate)
  // The year end: every complete year's return and contribution year's health settlement, in the month it is due.
  for (const a of result.annual) if (a.complete) push({ kind: 'PITAnnual', amount: a.toPay, period: a }, a.dueDate)
  for (const h of result.healthSettlements)
    if (h.complete) push({ kind: 'HealthAnnual', amount: h.toPay, period: h }, h.dueDate)
  d.taxes = { end, result, byDueMonth, periodsByDueMonth }
  return d.taxes
}

/** Company occurrences attributed for taxes to `from`…`to`. */
export const occurrencesForTaxPeriod = (
  d: Derived,
  from: YearMonthString,
  to: YearMonthString,
): readonly Occurrence[] => {
  const out: Occurrence[] = []
  for (let m = from; m <= to; m = addMonthsToMonth(m, 1))
    for (const o of d.schedule.byTaxMonth.get(m) ?? []) if (o.isCompany) out.push(o)
  return out
}
