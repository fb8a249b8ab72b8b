/**
 * Derived data shared by the projections: the schedule of item occurrences, the month figures and settings the tax
 * engine reads, the engine's result and the month rows built from them. Everything the user sees is computed from
 * the current records on read, never stored; this module makes that cheap:
 *
 * - keyed by the records map (`state.records`), not by the state: an event that changes no record (a flag, a manual
 *   row) keeps the same map object (`CowDraft.freeze`), so every derivation is reused as it is;
 * - incremental: when the records changed, the derivation of a recent version of the same books (found by the
 *   buckets the two maps share) is updated for the changed records only — the schedule and month figures of the
 *   untouched months are shared, the settings lists are rebuilt only when a setting changed;
 * - lazy and bounded: the tax engine runs when a projection asks, through the latest month asked for (its results
 *   for a month never depend on later months), and month rows are built per month on demand.
 */
import {
  addAssetVatCorrectionsToMonths,
  addPrivateUseVatToMonths,
  type AssetVatBooks,
  purchaseVatOf,
  taxedForVatOn,
} from '../tax/assetVatUse.ts'
import { addInventoryToMonths } from '../assets/inventory.ts'
import { addDepreciationToMonths, firstRegisterMonth } from '../assets/register.ts'
import { annualItemsOfState } from '../tax/annualItems.ts'
import { addMonthsToMonth, formatYearMonth, lastDayOfMonth } from '../calendar.ts'
import { CowMap } from '../model/cowMap.ts'
import type { BooksState, RecordState, TransactionFlagsState } from '../model/state.ts'
import { contributionRowMonth, type TransactionId, taxObligationId } from '../identity.ts'
import { isFigureProblem, recordProblems } from '../schemas/bounds.ts'
import type { Item, Pit, Primary, SocialSecurity, Vat } from '../schemas/records.ts'
import { type ItemDataType, isIncomeType } from '../schemas/dataTypes.ts'
import type { TransactionRow } from '../schemas/transaction.ts'
import {
  indexSchedule,
  type Occurrence,
  pushTo,
  type ScheduleIndex,
  updateSchedule,
  type VatPercentOn,
} from '../schedule.ts'
import {
  type AnnualReturn,
  type HealthSettlement,
  addPitToMonth,
  addVatToMonth,
  type CompanyFacts,
  type ContributionMonth,
  computeTaxesFrom,
  emptyMonth,
  type MonthFigures,
  type Obligation,
  type PitPeriod,
  type PitSettingInput,
  type SocialSecuritySettingInput,
  type TaxResult,
  type TaxRun,
  upperBound,
  type VatPeriod,
  type VatSettingInput,
} from '../tax/engine.ts'
import { addLateInputToMonth } from '../tax/vat.ts'
import type { LocalDateString, YearMonthString } from '../types.ts'
import { addExchangeDifference } from '../tax/currency.ts'

export interface Taxes {
  readonly end: YearMonthString
  /** The contribution payments the run used (`contributionPayments(state.flags).key`). */
  readonly paymentsKey: string
  /** The register of fixed assets the run took its depreciation costs from. */
  readonly assets: BooksState['assets']
  /** The stock-takings the run took the year-end changes from. */
  readonly inventories: BooksState['inventories']
  readonly annualInputs: BooksState['annualInputs']
  /** The VAT refunds asked for that the run applied. */
  readonly vatRefunds: BooksState['vatRefunds']
  readonly result: TaxResult
  /** The engine's run, which the next run of these books restarts from (`computeTaxesFrom`). */
  readonly run: TaxRun
  /** Engine obligations (amount > 0) by the month of their (working-day) due date. */
  readonly byDueMonth: Map<YearMonthString, Obligation[]>
  /** Every complete tax period (also with 0 to pay) by the month of its due date, VAT, PIT, ZUS order. */
  readonly periodsByDueMonth: Map<YearMonthString, TaxDue[]>
  /** The same periods by their identity (`vat-2026-01`, `pit-2026-Q1`, `zus-2026-01`). */
  readonly periodsById: Map<TransactionId, TaxDue>
}

export interface Derived {
  /** The records this derivation is of. */
  readonly records: ReadonlyMap<number, RecordState>
  readonly schedule: ScheduleIndex
  /** Company aggregates by tax month (months without company occurrences are absent). */
  readonly figures: ReadonlyMap<YearMonthString, MonthFigures>
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
  /** The engine's result, computed on demand (`taxesThrough`). */
  taxes: Taxes | null
  /**
   * The engine's last run over an earlier version of these books (the derivation this one was updated from), which
   * the first run of this one restarts from: a change recomputes from its first month only.
   */
  readonly previousRun: TaxRun | null
  /** Generated rows by cash month, built on demand (`projections/month.ts`). */
  readonly rows: Map<YearMonthString, readonly TransactionRow[]>
}

/** A settled tax period, whatever its amount. */
export type TaxDue =
  | { kind: 'VAT'; amount: bigint; period: VatPeriod }
  | { kind: 'PIT'; amount: bigint; period: PitPeriod }
  | { kind: 'SocialSecurity'; amount: bigint; period: ContributionMonth }
  | { kind: 'PITAnnual'; amount: bigint; period: AnnualReturn }
  | { kind: 'HealthAnnual'; amount: bigint; period: HealthSettlement }

export const taxDueId = (t: TaxDue): TransactionId => {
  switch (t.kind) {
    case 'SocialSecurity':
      return taxObligationId('SocialSecurity', t.period.month, t.period.month)
    case 'PITAnnual':
      return taxObligationId('PITAnnual', formatYearMonth(t.period.year, 1), formatYearMonth(t.period.year, 12))
    case 'HealthAnnual':
      return taxObligationId('HealthAnnual', t.period.from, t.period.to)
    default:
      return taxObligationId(t.kind, t.period.from, t.period.to)
  }
}

type Settings = Pick<Derived, 'vat' | 'pit' | 'socialSecurity' | 'company' | 'vatPercentOn'>

const isItem = (r: RecordState | undefined): r is RecordState =>
  r !== undefined &&
  (r.dataType === 'Income' ||
    r.dataType === 'Expense' ||
    r.dataType === 'RecurringIncome' ||
    r.dataType === 'RecurringExpense')

/** A setting, or Primary data (its business start and VAT registration dates change how the law applies). */
const isSetting = (r: RecordState | undefined) =>
  r !== undefined &&
  (r.dataType === 'Vat' || r.dataType === 'Pit' || r.dataType === 'SocialSecurity' || r.dataType === 'Primary')

/**
 * A record that counts in the figures: not deleted, and not stored by an older version outside today's bounds (a
 * year-9999 date, a 20-digit amount) — such a record is listed with its `problems` for the user to correct, and cannot
 * stall or break a read.
 */
const counts = (r: RecordState): boolean => !r.deleted && !recordProblems(r.dataType, r.data).some(isFigureProblem)

/** An item whose VAT is the VAT setting's rate in force on the day of supply (its occurrences follow the settings). */
const isInForce = (r: RecordState) => (r.data as { percent?: unknown }).percent === null

/** A setting as the engine takes it: its id, its date and the named fields of its data. */
const settingInput = <D extends { date: LocalDateString }, K extends keyof D>(
  r: RecordState,
  fields: readonly K[],
): { id: number; date: LocalDateString } & Pick<D, K> => {
  const d = r.data as D
  const picked = {} as Pick<D, K>
  for (const k of fields) picked[k] = d[k]
  return { id: r.id, date: d.date, ...picked }
}

/** A social-security setting as the tax engine takes it (the books' derivation and the tax book's history alike). */
export const socialSecurityInput = (id: number, d: SocialSecurity) => ({
  id,
  date: d.date,
  amount: d.amount,
  percent: d.percent,
  ...(d.contributionsPaid ? { contributionsPaid: d.contributionsPaid } : {}),
})

type PitField = Exclude<keyof PitSettingInput, 'date'>
const PIT_FIELDS: readonly PitField[] = [
  'taxType',
  'firstPercent',
  'secondPercent',
  'freeOfTaxAmount',
  'secondPercentAmount',
  'paymentInterval',
  'deductions',
]

const settingsOf = (records: ReadonlyMap<number, RecordState>): Settings => {
  const vat: (VatSettingInput & { id: number })[] = []
  const pit: (PitSettingInput & { id: number })[] = []
  const ss: (SocialSecuritySettingInput & { id: number })[] = []
  const company: CompanyFacts = { businessStartDate: null, vatRegistrationDate: null }
  for (const r of records.values()) {
    if (!counts(r)) continue
    switch (r.dataType) {
      case 'Primary': {
        const d = r.data as Partial<Primary>
        company.businessStartDate = d.businessStartDate ?? null
        company.vatRegistrationDate = d.vatRegistrationDate ?? null
        break
      }
      case 'Vat':
        vat.push(settingInput<Vat, 'percent' | 'paymentInterval'>(r, ['percent', 'paymentInterval']))
        break
      case 'Pit':
        pit.push(settingInput<Pit, PitField>(r, PIT_FIELDS))
        break
      case 'SocialSecurity':
        ss.push(socialSecurityInput(r.id, r.data as SocialSecurity))
        break
      default:
        break
    }
  }
  // Same-date settings: the engine lets the later one in the input win, so order by date then id.
  const byDateThenId = <T extends { date: string; id: number }>(xs: T[]) =>
    xs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id))
  const sortedVat = byDateThenId(vat)
  return {
    vat: sortedVat,
    pit: byDateThenId(pit),
    socialSecurity: byDateThenId(ss),
    company,
    vatPercentOn: vatPercentResolver(sortedVat),
  }
}

/** The percent of the VAT setting in force on a day, from settings sorted by date (then id); "0" before the first. */
export const vatPercentResolver = (sorted: readonly VatSettingInput[]): VatPercentOn => {
  const memo = new Map<string, string>()
  return (day) => {
    let p = memo.get(day)
    if (p === undefined) {
      const lo = upperBound(sorted, day)
      p = lo === 0 ? '0' : sorted[lo - 1]!.percent
      memo.set(day, p)
    }
    return p
  }
}

/** Adds what one company occurrence brings to the figures of `month`, one of its tax months. */
const addOccurrence = (f: MonthFigures, month: YearMonthString, o: Occurrence): void => {
  // An expense marked "not a tax cost" (KPiR: outside the book) lowers no income; its input VAT still counts.
  const it = {
    isIncome: o.isIncome,
    amount: o.amount,
    vat: o.vatAmount,
    vatTreatment: o.vatTreatment,
    percent: o.percent,
    flatRate: o.flatRate,
    notCost: o.kpirColumn === 'notCost',
    vatFacts: o.vatFacts,
    carUse: o.carUse,
  }
  // One occurrence may count for VAT in one month and for PIT in another (tax/taxPoint.ts).
  if (o.vatMonth === month) addVatToMonth(f, it)
  if (o.pitMonth === month) addPitToMonth(f, o.pitAmount === o.amount ? it : { ...it, amount: o.pitAmount })
  if (o.fx?.month === month) addExchangeDifference(f, o.fx.amount)
  if (o.vatFacts?.lateInputMonth === month) addLateInputToMonth(f, it, o.vatFacts)
}

/**
 * How many occurrences each part of a month's figures is the sum of: the month itself (its company occurrences),
 * each sales line, each ryczałt rate's revenue and the fixed assets' VAT. A part no occurrence adds to any more is
 * dropped when an update takes the last one away, as a fresh sum would not have it.
 */
interface Tally {
  occurrences: number
  readonly parts: Map<string, number>
}

/** The tallies of the derived month figures (kept beside them, the figures' type unchanged). */
const tallies = new WeakMap<MonthFigures, Tally>()

/**
 * Counts of the month figures' sums, for tests that prove a change sums what it changes: `occurrences` summed into
 * month figures (a month summed whole counts each of its occurrences), `months` summed whole.
 */
export const figureCounter = { occurrences: 0, months: 0 }

/** The company figures of one tax month from its occurrences (`null` when it has no company occurrence). */
const figuresOf = (month: YearMonthString, occ: readonly Occurrence[] | undefined): MonthFigures | null => {
  const f = emptyMonth(month)
  let any = false
  for (const o of occ ?? []) {
    if (!o.isCompany) continue
    any = true
    figureCounter.occurrences++
    addOccurrence(f, month, o)
  }
  if (any) figureCounter.months++
  return any ? f : null
}

/** What one company occurrence alone brings to the figures of `month`. */
const contributionOf = (month: YearMonthString, o: Occurrence): MonthFigures => {
  const c = emptyMonth(month)
  addOccurrence(c, month, o)
  figureCounter.occurrences++
  return c
}

const lineKey = (l: { treatment: string; percent: string }) => `s${l.treatment}|${l.percent}`
const rateKey = (r: { rate: string | null }) => `r${r.rate ?? ''}`
const ASSETS = 'a'

/**
 * Adds `sign` (1 or -1) times a part to the figures' list of such parts, found by its key (a new object: the list
 * is a copy, its parts may be shared); counted in `t`.
 */
const applyPart = <P extends object>(
  list: P[],
  part: P,
  key: (p: P) => string,
  add: (into: P, from: P, sign: bigint) => P,
  t: Tally,
  sign: 1n | -1n,
): void => {
  const k = key(part)
  const i = list.findIndex((p) => key(p) === k)
  const n = (t.parts.get(k) ?? 0) + Number(sign)
  t.parts.set(k, n)
  if (i < 0) list.push({ ...part })
  else if (n === 0) list.splice(i, 1)
  else list[i] = add(list[i]!, part, sign)
}

/** Adds `sign` (1 or -1) times one occurrence's contribution to a month's figures and its tally. */
const applyContribution = (f: MonthFigures, t: Tally, c: MonthFigures, sign: 1n | -1n): void => {
  t.occurrences += Number(sign)
  f.companyRevenue += sign * c.companyRevenue
  f.companyCosts += sign * c.companyCosts
  f.outputVat += sign * c.outputVat
  f.inputVat += sign * c.inputVat
  f.purchaseBase = (f.purchaseBase ?? 0n) + sign * (c.purchaseBase ?? 0n)
  f.sales ??= []
  for (const l of c.sales ?? [])
    applyPart(
      f.sales,
      l,
      lineKey,
      (into, from, s) => ({ ...into, base: into.base + s * from.base, vat: into.vat + s * from.vat }),
      t,
      sign,
    )
  f.flatRevenue ??= []
  for (const r of c.flatRevenue ?? [])
    applyPart(
      f.flatRevenue,
      r,
      rateKey,
      (into, from, s) => ({ ...into, amount: into.amount + s * from.amount }),
      t,
      sign,
    )
  if (c.assetVat) {
    const n = (t.parts.get(ASSETS) ?? 0) + Number(sign)
    t.parts.set(ASSETS, n)
    if (n === 0) delete f.assetVat
    else if (!f.assetVat) f.assetVat = { ...c.assetVat }
    else {
      f.assetVat.base += sign * c.assetVat.base
      f.assetVat.vat += sign * c.assetVat.vat
      f.assetVat.correction += sign * c.assetVat.correction
    }
  }
}

/**
 * A month's figures to change: a copy down to every object a change adds to (each sales line, each ryczałt rate's
 * revenue, the fixed assets' VAT), since the derived figures are shared by the books' states.
 */
const copyOfFigures = (f: MonthFigures): MonthFigures => ({
  ...f,
  sales: f.sales?.map((l) => ({ ...l })),
  flatRevenue: f.flatRevenue?.map((r) => ({ ...r })),
  ...(f.assetVat ? { assetVat: { ...f.assetVat } } : {}),
})

/** A month's figures and their tally summed whole (an update without a tally to start from). */
const talliedFiguresOf = (month: YearMonthString, occ: readonly Occurrence[] | undefined): MonthFigures | null => {
  figureCounter.months++
  const f = emptyMonth(month)
  const t: Tally = { occurrences: 0, parts: new Map() }
  for (const o of occ ?? []) if (o.isCompany) applyContribution(f, t, contributionOf(month, o), 1n)
  if (t.occurrences === 0) return null
  tallies.set(f, t)
  return f
}

/**
 * A month's figures updated by the company occurrences it lost and gained (its occurrences before the change are
 * `before`): each one's contribution taken away or added, every figure being a sum of per-occurrence amounts (each
 * already rounded where the law rounds per document: `vatOfItem`, the deductible part of input VAT, a car's cost),
 * so the update is exactly the whole sum. A copy: the figures of `base` are shared by earlier derivations.
 */
const updatedFigures = (
  month: YearMonthString,
  base: MonthFigures | undefined,
  before: readonly Occurrence[] | undefined,
  removed: readonly Occurrence[],
  added: readonly Occurrence[],
): MonthFigures | null => {
  let t = base ? tallies.get(base) : { occurrences: 0, parts: new Map<string, number>() }
  // Figures summed whole carry no tally: one is needed to take an occurrence away (which parts it was the last of).
  if (!t && removed.some((o) => o.isCompany)) {
    const whole = talliedFiguresOf(month, before)
    if (!whole) return null
    base = whole
    t = tallies.get(whole)!
  }
  const f: MonthFigures = base ? copyOfFigures(base) : emptyMonth(month)
  const tally: Tally = t
    ? { occurrences: t.occurrences, parts: new Map(t.parts) }
    : { occurrences: 0, parts: new Map() }
  const counted = t !== undefined
  let any = base !== undefined
  for (const o of removed) if (o.isCompany) applyContribution(f, tally, contributionOf(month, o), -1n)
  for (const o of added)
    if (o.isCompany) {
      any = true
      if (counted) applyContribution(f, tally, contributionOf(month, o), 1n)
      else {
        figureCounter.occurrences++
        addOccurrence(f, month, o)
      }
    }
  if (counted) {
    if (tally.occurrences === 0) return null
    tallies.set(f, tally)
  }
  return any ? f : null
}

const make = (
  records: ReadonlyMap<number, RecordState>,
  schedule: ScheduleIndex,
  figures: ReadonlyMap<YearMonthString, MonthFigures>,
  settings: Settings,
  previousRun: TaxRun | null = null,
): Derived => {
  let first = schedule.range?.[0] ?? null
  let last = schedule.range?.[1] ?? null
  for (const s of [...settings.vat, ...settings.pit, ...settings.socialSecurity]) {
    const m = s.date.slice(0, 7)
    if (first === null || m < first) first = m
    if (last === null || m > last) last = m
  }
  return {
    records,
    schedule,
    figures,
    ...settings,
    firstMonth: first,
    lastMonth: last,
    taxes: null,
    previousRun,
    rows: new Map(),
  }
}

const deriveAll = (records: ReadonlyMap<number, RecordState>): Derived => {
  const items: RecordState[] = []
  for (const r of records.values()) if (isItem(r) && counts(r)) items.push(r)
  items.sort((a, b) => a.id - b.id)
  const settings = settingsOf(records)
  const schedule = indexSchedule(items, settings.vatPercentOn)
  const figures = new Map<YearMonthString, MonthFigures>()
  for (const [m, occ] of schedule.byTaxMonth) {
    const f = figuresOf(m, occ)
    if (f) figures.set(m, f)
  }
  return make(records, schedule, figures, settings)
}

/** More changed records than this and a full derivation is as cheap as an update. */
const MAX_CHANGES = 256

const deriveFrom = (base: Derived, records: CowMap<number, RecordState>, changed: readonly number[]): Derived => {
  const itemChanges: { before: RecordState | undefined; after: RecordState | undefined }[] = []
  const changedItems = new Set<number>()
  let settingChanged = false
  let vatChanged = false
  for (const id of changed) {
    const before = base.records.get(id)
    const after = records.get(id)
    if (isSetting(before) || isSetting(after)) settingChanged = true
    if (before?.dataType === 'Vat' || after?.dataType === 'Vat') vatChanged = true
    if (isItem(before) || isItem(after)) {
      changedItems.add(id)
      const b = isItem(before) && counts(before) ? before : undefined
      const a = isItem(after) && counts(after) ? after : undefined
      if (b || a) itemChanges.push({ before: b, after: a })
    }
  }
  if (itemChanges.length === 0 && !settingChanged) {
    // Contact, addresses or invoice data only: everything derived from items and settings stays valid.
    return { ...base, records }
  }
  const settings: Settings = settingChanged ? settingsOf(records) : base
  // A VAT setting changed: the items whose VAT is the rate in force change with it, and the purchases, whose input
  // tax is not deducted while the trader's sales are exempt (`occurrencesOf`).
  if (vatChanged)
    for (const r of records.values())
      if (
        isItem(r) &&
        counts(r) &&
        (isInForce(r) || !isIncomeType(r.dataType as ItemDataType)) &&
        !changedItems.has(r.id)
      )
        itemChanges.push({ before: r, after: r })
  let schedule = base.schedule
  let figures = base.figures
  if (itemChanges.length > 0) {
    const updated = updateSchedule(base.schedule, itemChanges, settings.vatPercentOn, base.vatPercentOn)
    schedule = updated.index
    const f = new Map(base.figures)
    for (const m of updated.taxMonths) {
      const mf = updatedFigures(
        m,
        base.figures.get(m),
        base.schedule.byTaxMonth.get(m),
        updated.removed.get(m) ?? [],
        updated.added.get(m) ?? [],
      )
      if (mf) f.set(m, mf)
      else f.delete(m)
    }
    figures = f
  }
  return make(
    records,
    schedule,
    figures,
    {
      vat: settings.vat,
      pit: settings.pit,
      socialSecurity: settings.socialSecurity,
      company: settings.company,
      vatPercentOn: settings.vatPercentOn,
    },
    base.taxes?.run ?? base.previousRun,
  )
}

const cache = new WeakMap<object, Derived>()
/** The most recent derivations (strongly held), the candidates an update starts from. */
const recent: Derived[] = []
const RECENT = 8

/**
 * The derivation of an earlier version of these records: an ancestor's (each map knows, weakly, the one it was made
 * from; a few writes may have passed without a read), else the recent derivation sharing the most buckets with
 * `records`; none: a full derivation.
 */
const closest = (records: CowMap<number, RecordState>): Derived | null => {
  let p = records.parent?.deref()
  for (let depth = 0; p && depth < 64; depth++) {
    const d = cache.get(p)
    if (d) return d
    p = p.parent?.deref()
  }
  return closestRecent(records)
}

const closestRecent = (records: CowMap<number, RecordState>): Derived | null => {
  let best: Derived | null = null
  let bestShared = 0
  for (const d of recent) {
    if (!(d.records instanceof CowMap)) continue
    const shared = records.sharedBuckets(d.records)
    if (shared > bestShared) {
      best = d
      bestShared = shared
    }
  }
  return best
}

/** How many derivations were computed (not found in the cache), for tests that prove a read derives nothing. */
export const deriveCounter = { computed: 0 }

/**
 * The derivation of the books' current records (cached; incremental from a recent version when possible: up to
 * `maxChanges` changed records, beyond which a full derivation is usually as cheap; a caller that derives a bulk
 * import in steps, each touching the same few months, allows larger steps).
 */
export const derive = (state: BooksState, maxChanges: number = MAX_CHANGES): Derived => {
  const records = state.records
  const hit = cache.get(records)
  if (hit) return hit
  deriveCounter.computed++
  let d: Derived | null = null
  if (records instanceof CowMap) {
    const base = closest(records)
    if (base) {
      const changed = (base.records as CowMap<number, RecordState>).changedKeys(records)
      if (changed.length <= maxChanges) d = deriveFrom(base, records, changed)
    }
  }
  d ??= deriveAll(records)
  cache.set(records, d)
  recent.unshift(d)
  if (recent.length > RECENT) recent.length = RECENT
  return d
}

/** The derivation of the books' records made whole, from nothing and cached nowhere (what an update must equal). */
export const deriveAfresh = (state: BooksState): Derived => deriveAll(state.records)

/** Monthly company aggregates (by tax month) from `from` through `to`, computed from a schedule. */
export const monthFigures = (schedule: ScheduleIndex, from: YearMonthString, to: YearMonthString): MonthFigures[] => {
  const out: MonthFigures[] = []
  for (let m = from; m <= to; m = addMonthsToMonth(m, 1))
    out.push(figuresOf(m, schedule.byTaxMonth.get(m)) ?? emptyMonth(m))
  return out
}

/**
 * The same aggregates from the derivation's figures (kept per tax month, updated for the months a change touched),
 * copied: the derivation's figures are shared between versions and must not be changed by a run of the engine.
 */
const derivedMonthFigures = (
  d: Derived,
  from: YearMonthString,
  to: YearMonthString,
): { months: MonthFigures[]; keys: (object | null)[] } => {
  const months: MonthFigures[] = []
  const keys: (object | null)[] = []
  for (let m = from; m <= to; m = addMonthsToMonth(m, 1)) {
    const f = d.figures.get(m)
    months.push(f ? copyOfFigures(f) : emptyMonth(m))
    // A month's figures are a copy of the derived ones, which are never changed: the same object, the same figures.
    keys.push(f ?? null)
  }
  return { months, keys }
}

/**
 * What the art. 91 corrections read of these books (`tax/assetVatUse.ts`): a sale is taxed on a day with a VAT
 * setting in force other than `zw`; the input tax of an asset's purchase (an expense item) counts when it was
 * deducted in full.
 */
export const assetVatBooks = (state: BooksState): AssetVatBooks => ({
  saleTaxed: (day) => taxedForVatOn(derive(state).vat, day),
  purchaseVat: (itemId) => {
    const r = state.records.get(itemId)
    if (!r || r.deleted || r.dataType !== 'Expense') return null
    const p = purchaseVatOf(r.data as Item)
    // A purchase without tax has the percent 0 (`purchaseVatOf`): only a tax deducted in full reads here.
    return p.percent === '100' ? p.inputVat : null
  },
})

/**
 * What every tax computation over the books takes besides its months: the settings in force, the year's common
 * items (each form applies those it allows, docs/tax-rules.md §26) and the days contributions were paid (they
 * decide the year a contribution is deducted in, §8.1).
 */
export const taxSettings = (d: Derived, state: BooksState) => ({
  vat: d.vat,
  pit: d.pit,
  socialSecurity: d.socialSecurity,
  company: d.company,
  annualItems: annualItemsOfState(state.annualInputs),
  contributionsPaidOn: contributionPayments(state.flags).map,
})

/**
 * The tax engine's result over every month from the first month with an item or setting through at least
 * `atLeast` (results for a month never depend on later months, so a longer range answers shorter questions). The
 * range runs to the end of `atLeast`'s year, so the views of one year (a month, the yearly summary) share one run.
 * `null` for books without items and settings, or when `atLeast` is before their first month.
 */
export const taxesThrough = (state: BooksState, atLeast: YearMonthString): Taxes | null => {
  const d = derive(state)
  if (d.firstMonth === null) return null
  const payments = contributionPayments(state.flags)
  const same =
    d.taxes !== null &&
    d.taxes.paymentsKey === payments.key &&
    d.taxes.assets === state.assets &&
    d.taxes.inventories === state.inventories &&
    d.taxes.annualInputs === state.annualInputs &&
    d.taxes.vatRefunds === state.vatRefunds
  if (same && d.taxes!.end >= atLeast) return d.taxes
  const yearEnd = `${atLeast.slice(0, 4)}-12`
  const end = same && d.taxes!.end > yearEnd ? d.taxes!.end : yearEnd
  // The month rows were built from the taxes of other payments: built again on demand.
  if (d.taxes !== null && !same) d.rows.clear()
  if (d.firstMonth > end) return null
  // The register's first write-offs may come before the first item or setting.
  const registerFirst = firstRegisterMonth(state.assets)
  const first = registerFirst !== null && registerFirst < d.firstMonth ? registerFirst : d.firstMonth
  const { months, keys } = derivedMonthFigures(d, first, end)
  // The registers add to the copies: then the engine compares each month itself.
  const monthKeys = state.assets.size === 0 && state.inventories.size === 0 ? keys : undefined
  addDepreciationToMonths(months, state.assets)
  addAssetVatCorrectionsToMonths(months, state.assets, assetVatBooks(state))
  addPrivateUseVatToMonths(months, state.assets)
  addInventoryToMonths(months, state.inventories)
  // Restarts from the first month whose inputs changed since the last run (these books' or their predecessor's).
  const run = computeTaxesFrom(
    {
      months,
      ...taxSettings(d, state),
      monthKeys,
      ...(state.vatRefunds ? { vatRefunds: state.vatRefunds } : {}),
    },
    d.taxes?.run ?? d.previousRun,
  )
  const result = run.result
  const byDueMonth = new Map<YearMonthString, Obligation[]>()
  for (const o of result.obligations) pushTo(byDueMonth, o.dueDate.slice(0, 7), o)
  const periodsByDueMonth = new Map<YearMonthString, TaxDue[]>()
  const periodsById = new Map<TransactionId, TaxDue>()
  const push = (t: TaxDue, dueDate: string) => {
    pushTo(periodsByDueMonth, dueDate.slice(0, 7), t)
    periodsById.set(taxDueId(t), t)
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
  d.taxes = {
    end,
    paymentsKey: payments.key,
    assets: state.assets,
    inventories: state.inventories,
    annualInputs: state.annualInputs,
    vatRefunds: state.vatRefunds,
    result,
    run,
    byDueMonth,
    periodsByDueMonth,
    periodsById,
  }
  return d.taxes
}

const paymentsCache = new WeakMap<object, { key: string; map: ReadonlyMap<YearMonthString, LocalDateString> }>()

/**
 * The days the books know each month's contributions were paid: the ZUS rows completed with a `paidOn` (typed by the
 * user, or from a bank statement), by the month they concern; `key` names the set (the taxes are recomputed when it
 * changes). Cached per flags map: a flag change makes a new map.
 */
export const contributionPayments = (
  flags: ReadonlyMap<TransactionId, TransactionFlagsState>,
): { key: string; map: ReadonlyMap<YearMonthString, LocalDateString> } => {
  let hit = paymentsCache.get(flags)
  if (!hit) {
    const map = new Map<YearMonthString, LocalDateString>()
    for (const [id, f] of flags) {
      if (!f.completed || f.paidOn === null) continue
      const month = contributionRowMonth(id)
      if (month !== undefined) map.set(month, f.paidOn)
    }
    const key = [...map]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([m, p]) => `${m}=${p}`)
      .join(',')
    hit = { key, map }
    paymentsCache.set(flags, hit)
  }
  return hit
}

/** Company occurrences counted for VAT (`vat`) or for PIT (`pit`) in `from`…`to`. */
export const occurrencesForTaxPeriod = (
  d: Derived,
  from: YearMonthString,
  to: YearMonthString,
  tax: 'vat' | 'pit',
): readonly Occurrence[] => {
  const out: Occurrence[] = []
  for (let m = from; m <= to; m = addMonthsToMonth(m, 1))
    for (const o of d.schedule.byTaxMonth.get(m) ?? [])
      if (o.isCompany && (tax === 'vat' ? o.vatMonth : o.pitMonth) === m) out.push(o)
  return out
}
