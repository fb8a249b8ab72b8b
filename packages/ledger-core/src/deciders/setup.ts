/**
 * `SetUpBooks`: the first-run set-up as one decision. The company data and every effective-dated setting (VAT from
 * its day, PIT per year, ZUS from its day and each later year with that year's figures) are checked together and
 * become one list of events, appended at once: either all of them are written or, on any invalid field of any part,
 * none (every invalid field answered, its path naming the part: `company.nip`, `vat.percent`, `pit.1.firstPercent`,
 * `socialSecurity.1.amount`, or `socialSecurity.date` when one ZUS setting is sent as an object). A set-up reopened
 * later saves the company data again only when it changed, and adds the settings beside the ones there (each dated,
 * the later wins).
 */
import type { LedgerCommand, SetUpBooks } from '../commands.ts'
import { type DomainError, domainError, type FieldError, isDomainError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { isLocalDate } from '../calendar.ts'
import type { DataType } from '../schemas/records.ts'
import { validateRecord } from '../schemas/validate.ts'
import { canonicalJson } from '../canonical.ts'
import { foldBooks } from '../model/evolve.ts'
import type { BooksState } from '../model/state.ts'

export const SetUpMessages = {
  notAnObject: 'Data is required',
  company: 'Company data is required',
  pit: 'At least one PIT setting is required',
  tooMany: 'Too many entries',
  socialSecurity: 'The social security setting is required',
  beforeStart: 'The date must not be before the business start date',
} as const

/** At most one PIT setting per year of a century. */
const MAX_PIT = 100
/** At most one ZUS setting per year of a century, and the day preferential ZUS ends. */
const MAX_SOCIAL = 101

type Json = Record<string, unknown>
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x)

/** One part of the set-up: the record type, where it stands in the input, and its data. */
interface Part {
  readonly path: string
  readonly dataType: Extract<DataType, 'Primary' | 'Vat' | 'Pit' | 'SocialSecurity'>
  readonly data: unknown
}

/** The parts of the input, or the errors of its shape. */
const partsOf = (data: unknown): { parts: Part[]; errors: FieldError[] } => {
  const errors: FieldError[] = []
  const parts: Part[] = []
  if (!isObject(data)) return { parts, errors: [{ field: '', code: 'REQUIRED', message: SetUpMessages.notAnObject }] }
  if (!isObject(data.company)) errors.push({ field: 'company', code: 'REQUIRED', message: SetUpMessages.company })
  else parts.push({ path: 'company', dataType: 'Primary', data: data.company })
  if (data.vat !== undefined && data.vat !== null) parts.push({ path: 'vat', dataType: 'Vat', data: data.vat })
  if (!Array.isArray(data.pit) || data.pit.length === 0)
    errors.push({ field: 'pit', code: 'REQUIRED', message: SetUpMessages.pit })
  else if (data.pit.length > MAX_PIT) errors.push({ field: 'pit', code: 'VALIDATION', message: SetUpMessages.tooMany })
  else
    data.pit.forEach((p, i) => {
      parts.push({ path: `pit.${i}`, dataType: 'Pit', data: p })
    })
  // One ZUS setting as an object (`socialSecurity.date`), or several as a list (`socialSecurity.1.date`).
  const social = data.socialSecurity
  if (isObject(social)) parts.push({ path: 'socialSecurity', dataType: 'SocialSecurity', data: social })
  else if (!Array.isArray(social) || social.length === 0)
    errors.push({ field: 'socialSecurity', code: 'REQUIRED', message: SetUpMessages.socialSecurity })
  else if (social.length > MAX_SOCIAL)
    errors.push({ field: 'socialSecurity', code: 'VALIDATION', message: SetUpMessages.tooMany })
  else
    social.forEach((z, i) => {
      parts.push({ path: `socialSecurity.${i}`, dataType: 'SocialSecurity', data: z })
    })
  return { parts, errors }
}

const under = (path: string, e: FieldError): FieldError => ({ ...e, field: e.field ? `${path}.${e.field}` : path })

/** Whether the books hold a live setting of `kind` whose data is `data` (both as validated). */
const holdsSetting = (state: BooksState, kind: DataType, data: unknown): boolean => {
  const wanted = canonicalJson(data)
  for (const r of state.records.values())
    if (!r.deleted && r.dataType === kind && canonicalJson(r.data) === wanted) return true
  return false
}

/**
 * The events of a set-up on `state`, or a VALIDATION error with every invalid field (nothing decided then).
 * `decideOne` is the books decider (for each part's own rules and ids, on the books as the parts before left them).
 */
export const decideSetUp = (
  command: SetUpBooks,
  state: BooksState,
  decideOne: (c: LedgerCommand, s: BooksState) => LedgerEvent[] | DomainError,
): LedgerEvent[] | DomainError => {
  const { parts, errors } = partsOf(command.data)
  const start = parts.find((p) => p.dataType === 'Primary')?.data as Json | undefined
  const businessStart = isLocalDate(start?.businessStartDate) ? start.businessStartDate : null
  const valid = new Map<Part, unknown>()
  for (const p of parts) {
    const v = validateRecord(p.dataType, p.data)
    if (v.ok) valid.set(p, v.value)
    if (!v.ok) errors.push(...v.errors.map((e) => under(p.path, e)))
    else if (p.dataType !== 'Primary' && businessStart && (v.value as { date: string }).date < businessStart)
      errors.push(under(p.path, { field: 'date', code: 'INVALID_DATE', message: SetUpMessages.beforeStart }))
  }
  if (errors.length > 0) return domainError('VALIDATION', errors[0]?.message, errors)
  const base = { at: command.at, userId: command.userId }
  const events: LedgerEvent[] = []
  let books = state
  for (const p of parts) {
    // A setting equal to one the books hold (a set-up sent again) is left as it is: no second copy of it.
    if (p.dataType !== 'Primary' && holdsSetting(books, p.dataType, valid.get(p))) continue
    const one: LedgerCommand =
      p.dataType === 'Primary'
        ? { ...base, type: 'SaveCompanyRecord', dataType: 'Primary', data: p.data }
        : { ...base, type: 'AddSetting', kind: p.dataType, data: p.data }
    const decided = decideOne(one, books)
    // The company data as it is already: nothing to save for it, the settings still are.
    if (isDomainError(decided) && decided.code === 'NO_CHANGES') continue
    if (isDomainError(decided))
      return decided.errors ? { ...decided, errors: decided.errors.map((e) => under(p.path, e)) } : decided
    events.push(...decided)
    books = foldBooks(decided, books)
  }
  return events
}
