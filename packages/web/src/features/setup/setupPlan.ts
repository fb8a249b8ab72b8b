/**
 * The first-run set-up's answers and the effective-dated records they become. Pure: the wizard checks every step
 * with `problemsOf` before anything is written, then sends `setupBodyOf` (the records of `recordsOf`: company data,
 * VAT, PIT per year, ZUS per year, each dated when it takes effect, so a business started mid-year owes from its
 * first month) in one request, which the server writes whole or not at all.
 */
import { addMonthsToMonth, companyWarnings, isImpossibleDate, isLocalDate, TAX_OFFICES } from '@finance/ledger-core'
import { currentOf, type RecordDto } from '../../forms/index.ts'
import { flatPercents, pitStatutory, socialSecurityStatutory, type TaxType, vatStatutory } from '../fees/lib/prefill.ts'

export interface SetupAnswers {
  readonly companyName: string
  readonly nip: string
  readonly ownerName: string
  readonly ownerLastName: string
  readonly taxOfficeCode: string
  /** The day the business started (`yyyy-mm-dd`). */
  readonly startDate: string
  readonly vatPayer: boolean
  readonly vatSince: string
  /** 1 monthly, 3 quarterly. */
  readonly vatInterval: 1 | 3
  /** The form of taxation per calendar year, from the start year to this year. */
  readonly taxTypes: Readonly<Record<number, TaxType>>
  /** The ryczałt rate when a year is on ryczałt. */
  readonly flatPercent: string
  readonly zusKind: 'full' | 'preferential'
  readonly zusSince: string
}

export type SetupField =
  | 'companyName'
  | 'nip'
  | 'taxOfficeCode'
  | 'startDate'
  | 'vatSince'
  | 'zusSince'
  | 'flatPercent'
  | 'taxTypes'

/**
 * What is wrong with a field, as a code the screen turns into a message in the user's language: `date` not written
 * `yyyy-mm-dd`, `notADay` written so but a day the calendar has not (`2026-02-30`), `preferentialOver` preferential
 * ZUS from a day after its 24 months.
 */
export type SetupProblem =
  | 'required'
  | 'nip'
  | 'taxOffice'
  | 'date'
  | 'notADay'
  | 'beforeStart'
  | 'flatPercent'
  | 'preferentialOver'

/** The problem of a date that is none: a day the calendar has not, or another form. */
const dateProblem = (value: string): SetupProblem => (isImpossibleDate(value.trim()) ? 'notADay' : 'date')

export const emptyAnswers = (today: string): SetupAnswers => ({
  companyName: '',
  nip: '',
  ownerName: '',
  ownerLastName: '',
  taxOfficeCode: '',
  startDate: today,
  vatPayer: true,
  vatSince: today,
  vatInterval: 1,
  taxTypes: {},
  flatPercent: '8.5',
  zusKind: 'full',
  zusSince: today,
})

/**
 * The answers with the company data on file filled in (the set-up reopened from Settings): its name, NIP, owner, tax
 * office, the day the business started and, for a VAT payer, since when; what the record lacks stays as it was.
 */
export const answersFrom = (a: SetupAnswers, company: Readonly<Record<string, unknown>>): SetupAnswers => {
  const text = (key: string, fallback: string) => {
    const v = company[key]
    return typeof v === 'string' && v !== '' ? v : fallback
  }
  const start = text('businessStartDate', '')
  const vatSince = text('vatRegistrationDate', '')
  return {
    ...a,
    companyName: text('companyName', a.companyName),
    nip: text('nip', a.nip),
    ownerName: text('ownerName', a.ownerName),
    ownerLastName: text('ownerLastName', a.ownerLastName),
    taxOfficeCode: text('taxOfficeCode', a.taxOfficeCode),
    ...(isLocalDate(start) ? { startDate: start, zusSince: start } : {}),
    ...(isLocalDate(vatSince)
      ? { vatPayer: true, vatSince }
      : company.vatRegistrationDate === null
        ? { vatPayer: false }
        : {}),
  }
}

/** The settings on file the set-up reads back when reopened: each type's records, as the API lists them. */
export interface SettingsOnFile {
  readonly vat: readonly RecordDto[]
  readonly pit: readonly RecordDto[]
  readonly zus: readonly RecordDto[]
}

const TAX_TYPES: readonly TaxType[] = ['Scale', 'Linear', 'Flat']

/**
 * The answers with the settings on file filled in (the set-up reopened from Settings), so that going through it
 * unchanged writes the same settings again, which the server recognises and does not repeat: the VAT period in
 * force today (else the latest); each year's form of taxation (the setting in force on the year's last day) and the
 * ryczałt rate; and ZUS from its first setting, preferential when that setting's amount is the year's preferential
 * contributions. The setting in force on a day is chosen as the API's `GetByType` chooses it (`currentOf`). A form
 * the set-up does not know, or no setting, leaves the answer as it was.
 */
export const settingsFrom = (a: SettingsOnFile | null, answers: SetupAnswers, today: string): SetupAnswers => {
  if (a === null) return answers
  let out = answers
  const vat = (currentOf(a.vat, 'Vat', today) ?? currentOf(a.vat, 'Vat', '9999-12-31'))?.dataObject
  const interval = Number(vat?.paymentInterval)
  if (interval === 1 || interval === 3) out = { ...out, vatInterval: interval }
  const taxTypes: Record<number, TaxType> = {}
  for (const year of yearsOf(out, today)) {
    const t = currentOf(a.pit, 'Pit', `${year}-12-31`)?.dataObject.taxType
    if (TAX_TYPES.includes(t as TaxType)) taxTypes[year] = t as TaxType
  }
  const flats = a.pit.filter((r) => r.dataObject.taxType === 'Flat')
  const flat = currentOf(flats, 'Pit', '9999-12-31')?.dataObject.firstPercent
  out = {
    ...out,
    taxTypes: Object.keys(taxTypes).length > 0 ? taxTypes : out.taxTypes,
    ...(typeof flat === 'string' && flat !== '' ? { flatPercent: flat } : {}),
  }
  const first = a.zus
    .map((r) => r.dataObject)
    .filter((d) => isLocalDate(d.date))
    .sort((x, y) => String(x.date).localeCompare(String(y.date)))[0]
  if (first) {
    const since = String(first.date)
    const year = Number(since.slice(0, 4))
    const preferential =
      String(first.amount) ===
      (
        socialSecurityStatutory('preferential', year, taxTypeOf(out, year, yearsOf(out, today))).values as {
          amount: string
        }
      ).amount
    out = { ...out, zusSince: since, zusKind: preferential ? 'preferential' : 'full' }
  }
  return out
}

/** The ryczałt rate as typed, with a decimal comma (8,5) or a dot (8.5). */
export const flatPercentOf = (a: Pick<SetupAnswers, 'flatPercent'>): string => a.flatPercent.trim().replace(',', '.')

/** The calendar years the set-up asks a form of taxation for: from the start year to today's. */
export const yearsOf = (a: Pick<SetupAnswers, 'startDate'>, today: string): number[] => {
  const first = isLocalDate(a.startDate) ? Number(a.startDate.slice(0, 4)) : Number(today.slice(0, 4))
  const last = Math.max(first, Number(today.slice(0, 4)))
  return Array.from({ length: last - first + 1 }, (_, i) => first + i)
}

/** The form of taxation of a year: the one chosen, else the year before's, else the tax scale. */
export const taxTypeOf = (a: Pick<SetupAnswers, 'taxTypes'>, year: number, years: readonly number[]): TaxType => {
  for (let y = year; y >= (years[0] ?? year); y--) {
    const t = a.taxTypes[y]
    if (t) return t
  }
  return 'Scale'
}

/**
 * The first day of full ZUS after preferential ZUS, which is paid for the first 24 calendar months of the business
 * (uSUS art. 18a ust. 1): whole months, so a business started after the 1st counts them from the next month
 * (docs/tax-rules.md §4). Started on 14 May 2025: June 2025 – May 2027, full from 1 June 2027.
 */
export const fullZusFrom = (startDate: string): string => {
  const month = startDate.slice(0, 7)
  const firstWhole = startDate.endsWith('-01') ? month : addMonthsToMonth(month, 1)
  return `${addMonthsToMonth(firstWhole, 24)}-01`
}

/** The steps of the wizard and the fields each checks. */
export const STEPS = ['company', 'vat', 'pit', 'zus', 'summary'] as const
export type SetupStep = (typeof STEPS)[number]
const STEP_FIELDS: Readonly<Record<SetupStep, readonly SetupField[]>> = {
  company: ['companyName', 'nip', 'taxOfficeCode', 'startDate'],
  vat: ['vatSince'],
  pit: ['flatPercent'],
  zus: ['zusSince'],
  summary: [],
}

/** The problems of the fields of `step` (every step's with `'all'`). */
export const problemsOf = (
  a: SetupAnswers,
  step: SetupStep | 'all',
  today: string,
): Partial<Record<SetupField, SetupProblem>> => {
  const out: Partial<Record<SetupField, SetupProblem>> = {}
  const fields = step === 'all' ? Object.values(STEP_FIELDS).flat() : STEP_FIELDS[step]
  const dateAfterStart = (field: 'vatSince' | 'zusSince', value: string) => {
    if (!isLocalDate(value)) out[field] = dateProblem(value)
    else if (isLocalDate(a.startDate) && value < a.startDate) out[field] = 'beforeStart'
  }
  for (const f of fields) {
    if (f === 'companyName' && a.companyName.trim() === '') out.companyName = 'required'
    if (f === 'nip') {
      if (a.nip.trim() === '') out.nip = 'required'
      else if (!/^\d{10}$/.test(a.nip.replace(/[\s-]/g, ''))) out.nip = 'nip'
    }
    if (f === 'taxOfficeCode' && !TAX_OFFICES.some(([code]) => code === a.taxOfficeCode.trim()))
      out.taxOfficeCode = a.taxOfficeCode.trim() === '' ? 'required' : 'taxOffice'
    if (f === 'startDate' && !isLocalDate(a.startDate)) out.startDate = dateProblem(a.startDate)
    if (f === 'vatSince' && a.vatPayer) dateAfterStart('vatSince', a.vatSince)
    if (f === 'zusSince') {
      dateAfterStart('zusSince', a.zusSince)
      if (
        !out.zusSince &&
        a.zusKind === 'preferential' &&
        isLocalDate(a.startDate) &&
        a.zusSince >= fullZusFrom(a.startDate)
      )
        out.zusSince = 'preferentialOver'
    }
    if (f === 'flatPercent') {
      const years = yearsOf(a, today)
      const flatYears = years.filter((y) => taxTypeOf(a, y, years) === 'Flat')
      if (flatYears.some((y) => !flatPercents(y).includes(flatPercentOf(a)))) out.flatPercent = 'flatPercent'
    }
  }
  return out
}

/**
 * The NIP's warning the user may go past (the core's message, in English), as the company page gives it through the
 * core's `companyWarnings`: ten digits whose check digit does not hold (a foreign or legacy number may still be
 * right). `undefined` when there is none; a NIP that is not ten digits is a problem of `problemsOf` instead.
 */
export const nipWarningOf = (a: Pick<SetupAnswers, 'nip'>): string | undefined =>
  companyWarnings({ nip: a.nip }).find((w) => w.field === 'nip' && w.overridable)?.message

/** One record to write: its type and its data (as the forms send them). */
export interface SetupRecord {
  readonly dataType: 'Primary' | 'Vat' | 'Pit' | 'SocialSecurity'
  readonly dataObject: Record<string, unknown>
}

/** One ZUS setting the set-up writes: from its day, of its kind, with its year's figures. */
export interface ZusSetting {
  readonly date: string
  readonly kind: 'full' | 'preferential'
  /** The form of taxation of the setting's year (its health percent follows it). */
  readonly taxType: TaxType
  /** The monthly social contributions of the kind in the setting's year. */
  readonly amount: string
  /** The health percent of the year's form: 9 (Scale; unused on ryczałt), 4.9 (Linear). */
  readonly percent: string
}

/**
 * The ZUS settings of the answers: one from the ZUS start day and one from each later 1 January up to the last year
 * the set-up asks a form for (today's), each with that year's amount and the health percent of that year's form —
 * a contribution amount and the health percent change every year, and one setting would carry its year's into the
 * next. Preferential ZUS turns full from the day after its 24 months (`fullZusFrom`) when that day is in those
 * years; the settings from then on are full.
 */
export const zusSettingsOf = (a: SetupAnswers, today: string): ZusSetting[] => {
  const years = yearsOf(a, today)
  const last = years[years.length - 1] ?? Number(today.slice(0, 4))
  const fullFrom = a.zusKind === 'preferential' ? fullZusFrom(a.startDate) : null
  const dates = [a.zusSince]
  for (let y = Number(a.zusSince.slice(0, 4)) + 1; y <= last; y++) dates.push(`${y}-01-01`)
  if (fullFrom !== null && fullFrom > a.zusSince && fullFrom <= `${last}-12-31` && !dates.includes(fullFrom))
    dates.push(fullFrom)
  return dates.sort().map((date) => {
    const year = Number(date.slice(0, 4))
    const kind = fullFrom !== null && date >= fullFrom ? 'full' : a.zusKind
    const taxType = taxTypeOf(a, year, years)
    const values = socialSecurityStatutory(kind, year, taxType).values as { amount: string; percent: string }
    return { date, kind, taxType, amount: values.amount, percent: values.percent }
  })
}

/**
 * The records the answers become: the company data (with the start day and, for a VAT payer, the registration
 * day), the VAT setting from its day, a PIT setting from the start day and one from each 1 January the form
 * changes, and the ZUS settings of `zusSettingsOf` — each with the statutory figures of its year.
 */
export const recordsOf = (a: SetupAnswers, today: string): SetupRecord[] => {
  const years = yearsOf(a, today)
  const pit: SetupRecord[] = []
  let previous: TaxType | null = null
  for (const year of years) {
    const taxType = taxTypeOf(a, year, years)
    if (taxType === previous) continue
    previous = taxType
    const date = year === years[0] ? a.startDate : `${year}-01-01`
    const rates = pitStatutory(taxType, year, flatPercentOf(a)).values
    pit.push({
      dataType: 'Pit',
      dataObject: {
        date,
        taxType,
        firstPercent: rates.firstPercent,
        secondPercent: rates.secondPercent || null,
        freeOfTaxAmount: rates.freeOfTaxAmount || null,
        secondPercentAmount: rates.secondPercentAmount || null,
        paymentInterval: 1,
        deductions: '0.00',
      },
    })
  }
  return [
    {
      dataType: 'Primary',
      dataObject: {
        companyName: a.companyName.trim(),
        nip: a.nip.replace(/[\s-]/g, ''),
        ownerName: a.ownerName.trim(),
        ownerLastName: a.ownerLastName.trim(),
        regon: '',
        taxOfficeCode: a.taxOfficeCode.trim(),
        birthDate: null,
        businessStartDate: a.startDate,
        vatRegistrationDate: a.vatPayer ? a.vatSince : null,
      },
    },
    ...(a.vatPayer
      ? [
          {
            dataType: 'Vat' as const,
            dataObject: {
              date: a.vatSince,
              percent: vatStatutory(Number(a.vatSince.slice(0, 4))).values.percent,
              paymentInterval: a.vatInterval,
            },
          },
        ]
      : []),
    ...pit,
    ...zusSettingsOf(a, today).map(
      (z): SetupRecord => ({
        dataType: 'SocialSecurity',
        dataObject: { date: z.date, amount: z.amount, percent: z.percent },
      }),
    ),
  ]
}

/** The body of `POST /api/setup`: the records of `recordsOf`, by part (`vat` null for a trader outside VAT). */
export interface SetupBody {
  readonly company: Record<string, unknown>
  readonly vat: Record<string, unknown> | null
  readonly pit: readonly Record<string, unknown>[]
  /** One per ZUS setting, in date order. */
  readonly socialSecurity: readonly Record<string, unknown>[]
}

export const setupBodyOf = (a: SetupAnswers, today: string): SetupBody => {
  const records = recordsOf(a, today)
  const of = (t: SetupRecord['dataType']) => records.filter((r) => r.dataType === t).map((r) => r.dataObject)
  return {
    company: of('Primary')[0] ?? {},
    vat: of('Vat')[0] ?? null,
    pit: of('Pit'),
    socialSecurity: of('SocialSecurity'),
  }
}

/** The first months the summary shows what is owed for: the start month and the two after it. */
export const firstMonths = (a: Pick<SetupAnswers, 'startDate'>): string[] => {
  const [y, m] = a.startDate.split('-').map(Number) as [number, number]
  return [0, 1, 2].map((i) => {
    const n = y * 12 + (m - 1) + i
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`
  })
}
