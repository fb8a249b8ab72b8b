/**
 * The bounds of what the books accept, defined once. `validateRecord` and `validateManualTransaction` check every
 * write against them, the API checks its date parameters against the same window, the web's date picker offers
 * only these years, and docs/api.md lists them.
 *
 * - Dates lie in 2000-01-01 … 2099-12-31: a window that makes sense for a sole trader's books, and one that bounds
 *   the work of every read (the tax engine runs month by month from the first month with data). Facts about the
 *   owner and the business that may precede the books (birth date, business start, VAT registration) lie in
 *   1900-01-01 … 2099-12-31.
 * - Amounts have at most 12 integer digits and 2 decimals (under a trillion złoty).
 * - Percents are 0–100 with at most 2 decimals; repetitions 1–1200 (a hundred years of months), and every occurrence
 *   of a recurring item (and of its invoice date) stays inside the date window.
 * - Texts are at most 500 characters (some fields fewer: a document number 256, a tax id 32), without control characters (C0, DEL, C1, line and paragraph separators),
 *   bidirectional overrides or unpaired surrogates: one-line values that print as they read.
 *
 * Records stored by older versions may lie outside these bounds; `recordProblems` names what is wrong with one, so
 * reads can report such a record and leave it out of the figures instead of failing.
 */
import { addMonths, isImpossibleDate, isLocalDate } from '../calendar.ts'
import type { FieldError } from '../errors.ts'

export const Bounds = {
  dateMin: '2000-01-01',
  dateMax: '2099-12-31',
  /** The earliest date of a fact about the owner or the business (`FACT_DATES`). */
  factDateMin: '1900-01-01',
  moneyIntegerDigits: 12,
  moneyDecimals: 2,
  moneyMax: '999999999999.99',
  percentMax: 100,
  repetitionsMax: 1200,
  textMax: 500,
} as const

export interface DateWindow {
  readonly min: string
  readonly max: string
}

export const BOOKS_WINDOW: DateWindow = { min: Bounds.dateMin, max: Bounds.dateMax }
/** Dates of facts that may precede the books: the owner's birth, the business start, the VAT registration. */
export const FACT_DATES = new Set(['birthDate', 'businessStartDate', 'vatRegistrationDate'])
const FACT_WINDOW: DateWindow = { min: Bounds.factDateMin, max: Bounds.dateMax }

/** The window of a date field. */
export const dateWindowOf = (field: string): DateWindow => (FACT_DATES.has(field) ? FACT_WINDOW : BOOKS_WINDOW)

export const BoundMessages = {
  dateOutside: (label: string, window: DateWindow = BOOKS_WINDOW) =>
    `${label} must be between ${window.min} and ${window.max}`,
  /** A value written `yyyy-mm-dd` whose day the calendar has not (`2026-02-30`): the day is wrong, not the format. */
  dateNotReal: (label: string) => `${label} is not a real date`,
  moneyTooLarge: (label: string) => `${label} must be at most ${Bounds.moneyMax}`,
  percent: (label: string) => `${label} must be a number from 0 to ${Bounds.percentMax} with at most 2 decimals`,
  textTooLong: (label: string, max: number = Bounds.textMax) => `${label} is too long (at most ${max} characters)`,
  textControl: (label: string) => `${label} must not contain control characters`,
  repetitionsEnd: `The last repetition must fall on or before ${Bounds.dateMax}`,
  repetitions: (label: string) => `${label} must be a whole number from 1 to ${Bounds.repetitionsMax}`,
} as const

/**
 * Why a date field's value is no date: it does not exist (`BoundMessages.dateNotReal`) when written `yyyy-mm-dd`,
 * else `formatMessage` (the field's own "must be a date in format yyyy-mm-dd").
 */
export const notADateMessage = (label: string, value: unknown, formatMessage: string): string =>
  isImpossibleDate(typeof value === 'string' ? value.trim() : value) ? BoundMessages.dateNotReal(label) : formatMessage

/** `yyyy-mm-dd` (already a real date) inside `window`. */
export const isDateInWindow = (date: string, window: DateWindow): boolean => date >= window.min && date <= window.max

/** `yyyy-mm-dd` (already a real date) inside the books' window. */
export const isDateInBounds = (date: string): boolean => isDateInWindow(date, BOOKS_WINDOW)

/** A canonical money string (`-?\d+\.\d{2}`, no leading zeros) within 12 integer digits. */
export const isMoneyInBounds = (money: string): boolean => {
  const digits = money.indexOf('.') - (money.startsWith('-') ? 1 : 0)
  return digits >= 1 && digits <= Bounds.moneyIntegerDigits
}

// C0 and C1 controls and DEL (\p{Cc}), line/paragraph separators, bidirectional embeddings, overrides and isolates.
const CONTROL = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** What is wrong with a text value, or null. */
export const textProblem = (
  s: string,
  max: number = Bounds.textMax,
): 'INVALID_TEXT_LENGTH' | 'INVALID_TEXT_CHARACTERS' | null => {
  if (s.length > max) return 'INVALID_TEXT_LENGTH'
  if (CONTROL.test(s) || LONE_SURROGATE.test(s)) return 'INVALID_TEXT_CHARACTERS'
  return null
}

/**
 * What keeps a stored record out of the figures: every problem that is not about a text (a text outside the bounds
 * is shown as stored but changes no figure).
 */
export const isFigureProblem = (p: FieldError): boolean => p.code !== 'INVALID_TEXT'

/**
 * Every occurrence of a recurring item stays inside the date window: its dates (cash date, invoice date, supply
 * date; `null` for absent ones) shift by a month per repetition.
 */
export const endsInBounds = (dates: readonly (string | null | undefined)[], repetitions: number): boolean =>
  dates.every((d) => d === null || d === undefined || isDateInBounds(addMonths(d, repetitions - 1)))

const MONEY = /^-?\d+\.\d{2}$/
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/
const MONEY_FIELDS = new Set(['amount', 'freeOfTaxAmount', 'secondPercentAmount', 'deductions', 'documentVat'])
const PERCENT_FIELDS = new Set(['percent', 'firstPercent', 'secondPercent'])
const isDateField = (key: string) => key === 'date' || key.endsWith('Date')

/** `invoiceDate` → 'Invoice date'. */
const labelOf = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const problemsOf = (o: Record<string, unknown>, prefix: string, out: FieldError[]): void => {
  for (const key in o) {
    const v = o[key]
    const field = prefix + key
    if (v === null || v === undefined || typeof v === 'boolean') continue
    // A VAT setting says `zw` or `np` instead of a rate (docs/tax-rules.md §32).
    if (key === 'percent' && (v === 'zw' || v === 'np')) continue
    if (isDateField(key)) {
      const window = dateWindowOf(key)
      if (typeof v !== 'string' || !isLocalDate(v) || !isDateInWindow(v, window))
        out.push({
          field,
          code: 'INVALID_DATE',
          message: notADateMessage(labelOf(key), v, BoundMessages.dateOutside(labelOf(key), window)),
        })
    } else if (MONEY_FIELDS.has(key)) {
      if (typeof v !== 'string' || !MONEY.test(v) || !isMoneyInBounds(v))
        out.push({ field, code: 'INVALID_MONEY', message: BoundMessages.moneyTooLarge(labelOf(key)) })
    } else if (PERCENT_FIELDS.has(key)) {
      if (typeof v !== 'string' || !PERCENT.test(v) || Number(v) > Bounds.percentMax)
        out.push({ field, code: 'INVALID_PERCENT', message: BoundMessages.percent(labelOf(key)) })
    } else if (key === 'repetitions') {
      // A date outside the window is reported as such; the occurrences are counted from the dates inside it (a
      // month after 9999-12 is no date at all).
      const dates = [o.date, o.invoiceDate, o.supplyDate].map((d) =>
        typeof d === 'string' && isLocalDate(d) && isDateInBounds(d) ? d : null,
      )
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > Bounds.repetitionsMax)
        out.push({ field, code: 'INVALID_INTEGER', message: BoundMessages.repetitions(labelOf(key)) })
      else if (!endsInBounds(dates, v))
        out.push({ field, code: 'INVALID_INTEGER', message: BoundMessages.repetitionsEnd })
    } else if (typeof v === 'string') {
      const problem = textProblem(v)
      if (problem === 'INVALID_TEXT_LENGTH')
        out.push({ field, code: 'INVALID_TEXT', message: BoundMessages.textTooLong(labelOf(key)) })
      else if (problem === 'INVALID_TEXT_CHARACTERS')
        out.push({ field, code: 'INVALID_TEXT', message: BoundMessages.textControl(labelOf(key)) })
    } else if (typeof v === 'object' && !Array.isArray(v)) problemsOf(v as Record<string, unknown>, `${field}.`, out)
  }
}

const problemsCache = new WeakMap<object, readonly FieldError[]>()
const NONE: readonly FieldError[] = Object.freeze([])

/**
 * What is wrong with a stored record's data under today's bounds (empty when nothing): records written by an older
 * version may break rules added since (a year-9999 date, a 20-digit amount, a control character). A few string
 * checks per field, cached per data object (stored data is never mutated), so each record is checked once however
 * many states share it. Validation of new input is `validateRecord`'s job; this only reads canonical stored data.
 */
export const recordProblems = (_dataType: string, data: unknown): readonly FieldError[] => {
  if (typeof data !== 'object' || data === null) return NONE
  const hit = problemsCache.get(data)
  if (hit) return hit
  const out: FieldError[] = []
  problemsOf(data as Record<string, unknown>, '', out)
  const problems = out.length === 0 ? NONE : out
  problemsCache.set(data, problems)
  return problems
}
