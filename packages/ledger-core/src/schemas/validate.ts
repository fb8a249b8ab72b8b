/**
 * `validateRecord(dataType, input)`: loose input (from a form or an API body) → the canonical dataObject, or the
 * list of field errors with SPEC §5's English messages. Numbers are accepted for money and percents and
 * normalised to strings; more than two decimals is an error, never rounded away.
 *
 * Required-field messages (SPEC §5):
 * - Primary, Invoice: template `'{field} is required'` with the field's human name: 'Company name is required',
 *   'Nip is required'.
 * - VAT: 'Date is required', 'Percent is required', 'Payment interval is required'.
 * - PIT: template `'({0}) is required'`: '(Tax type) is required', '(First percent) is required',
 *   '(Payment interval) is required', '(Date) is required'.
 * - Social security: 'Date is required', 'Amount is requred' (sic, SPEC), 'Percent is required'.
 * - Items: 'Date is required', 'Name is required', 'Amount is required', 'Percent is required',
 *   'Repetitions is required' (recurring only).
 * - Contact: 'Email needs to be in correct format' when an e-mail is given.
 * NIP/REGON checksums and postal codes are not errors here (see `companyWarnings`).
 */
import * as Schema from 'effect/Schema'
import { isLocalDate } from '../calendar.ts'
import type { FieldError, ValidationResult } from '../errors.ts'
import {
  BoundMessages,
  Bounds,
  dateWindowOf,
  endsInBounds,
  isDateInWindow,
  isMoneyInBounds,
  notADateMessage,
  textProblem,
} from './bounds.ts'
import { isBlank, isEmail, normalizeMoney, normalizePercent } from './common.ts'
import { parseMoney } from '../money.ts'
import { vatOfItem } from '../tax/vat.ts'
import { isNbpCurrency, isRateString } from '../tax/currency.ts'
import { VatExchangeRates } from '../tax/vatExchangeRate.ts'
import { THREE_MONTH_KINDS } from '../tax/lateSelfAssessed.ts'
import { CarUses, CrossBorderPurchases, CrossBorderSales } from '../tax/crossBorder.ts'
import {
  type Address,
  ContributionsPaidChoices,
  type Corrects,
  type Counterparty,
  type DataObjects,
  type ItemCurrency,
  type DataType,
  type ItemDataType,
  ExpenseColumns,
  FlatRates,
  GtuCodes,
  IncomeColumns,
  isDataType,
  isIncomeType,
  KsefMarkers,
  PurchaseDocumentTypes,
  PurchaseProcedures,
  SalesDocumentTypes,
  SalesProcedures,
  TaxPoints,
  VatTreatments,
  VatExemptionBases,
  type VatExemptionBasis,
  type ManualTransaction,
  ManualTransactionSchema,
  recordSchemas,
} from './records.ts'
import { isCountryCode, isTaxOfficeCode } from './codes.ts'
import { isValidKsefNumber } from './documentCodes.ts'

export type { ValidationResult }

/**
 * The VAT rates the statute sets for a year: 23, 8, 5 and 0 % from 2011 (uVAT art. 41 ust. 1, 2, 2a, 8 with art.
 * 146ef, which keeps 23 % and 8 % in force), 22, 7, 3 and 0 % before. Exempt (`zw`) and not subject (`np`) sales are
 * an item's treatment, not a rate of the setting. With the message a setting with another rate gets.
 */
export const statutoryVatRates = (year: number): { rates: readonly string[]; message: string } =>
  year >= 2011
    ? { rates: ['23', '8', '5', '0'], message: 'Percent must be a statutory VAT rate: 23, 8, 5 or 0' }
    : { rates: ['22', '7', '3', '0'], message: 'Percent must be a statutory VAT rate of its year: 22, 7, 3 or 0' }

export const VatSettingMessages = {
  exemptionBasis:
    'Exemption basis must be art113 (the subjective exemption, uVAT art. 113) or art43 (an exempt supply, uVAT art. 43)',
} as const

/**
 * The legal basis of an exempt (`zw`) VAT setting: required then; beside a rate or `np` it means nothing and is
 * dropped (a form may keep the field it hid), as an item's percent beside `zw` is.
 */
const vatExemptionBasis = (r: Reader, given: unknown, treatment: 'zw' | 'np' | null): VatExemptionBasis | null => {
  if (treatment !== 'zw') return null
  if ((VatExemptionBases as readonly unknown[]).includes(given)) return given as VatExemptionBasis
  r.push('exemptionBasis', isBlank(given) ? 'REQUIRED' : 'INVALID_CHOICE', VatSettingMessages.exemptionBasis)
  return null
}

export const Messages = {
  invalidMoney: (label: string) => `${label} must be a number with at most 2 decimals`,
  negativeMoney: (label: string) => `${label} must not be negative`,
  invalidPercent: BoundMessages.percent,
  invalidDate: (label: string) => `${label} must be a date in format yyyy-mm-dd`,
  invalidInteger: BoundMessages.repetitions,
  invalidInterval: 'Payment interval must be 1 or 3',
  invalidBoolean: (label: string) => `${label} must be true or false`,
  deductions: 'Deductions must be an amount or an object with socialSecurity, healthInsurance and other',
  invalidTaxType: 'Tax type must be Flat, Linear or Scale',
  invalidText: BoundMessages.textTooLong,
  email: 'Email needs to be in correct format',
  taxOffice: 'Tax office code is not on the official list of tax offices',
  country: 'Counterparty country must be a two-letter country code from the official list',
  notAnObject: 'Data is required',
  address: 'Address must be an object with country, region, city, street, postCode and building',
  counterparty: 'Counterparty must be an object with name, taxId, country and address',
  noVatDeductionOnIncome: 'Only an expense can have input VAT that may not be deducted',
} as const

const MAX_TEXT = Bounds.textMax
/** At most 100 years of monthly occurrences (see `Bounds`). */
export const MAX_REPETITIONS = Bounds.repetitionsMax

/** Collects errors while reading fields of one input object. */
class Reader {
  readonly errors: FieldError[] = []
  readonly o: Record<string, unknown>
  readonly prefix: string
  constructor(o: Record<string, unknown>, prefix: string = '') {
    this.o = o
    this.prefix = prefix
  }
  private err(field: string, code: FieldError['code'], message: string) {
    this.errors.push({ field: this.prefix + field, code, message })
  }
  /** Records an error found by a caller's own rule. */
  push(field: string, code: FieldError['code'], message: string) {
    this.err(field, code, message)
  }
  required(field: string, message: string): boolean {
    if (isBlank(this.o[field])) {
      this.err(field, 'REQUIRED', message)
      return false
    }
    return true
  }
  text(field: string, label: string, requiredMessage?: string, max: number = MAX_TEXT): string {
    const v = this.o[field]
    if (requiredMessage !== undefined && !this.required(field, requiredMessage)) return ''
    if (v === undefined || v === null) return ''
    // Text is a JSON string: `true` or `0` where a name or a NIP goes is a client's mistake, not the text "true".
    if (typeof v !== 'string') {
      this.err(field, 'INVALID_TEXT', `${label} must be text`)
      return ''
    }
    const trimmed = v.trim()
    const problem = textProblem(trimmed, max)
    if (problem === 'INVALID_TEXT_LENGTH') this.err(field, 'INVALID_TEXT', BoundMessages.textTooLong(label, max))
    else if (problem === 'INVALID_TEXT_CHARACTERS') this.err(field, 'INVALID_TEXT', BoundMessages.textControl(label))
    return trimmed
  }
  money(field: string, label: string, requiredMessage: string | null, opts: { nonNegative?: boolean } = {}) {
    if (isBlank(this.o[field])) {
      if (requiredMessage !== null) this.err(field, 'REQUIRED', requiredMessage)
      return null
    }
    const m = normalizeMoney(this.o[field])
    if (m === null) {
      this.err(field, 'INVALID_MONEY', Messages.invalidMoney(label))
      return null
    }
    if (!isMoneyInBounds(m)) {
      this.err(field, 'INVALID_MONEY', BoundMessages.moneyTooLarge(label))
      return null
    }
    if (opts.nonNegative && m.startsWith('-')) {
      this.err(field, 'INVALID_MONEY', Messages.negativeMoney(label))
      return null
    }
    return m
  }
  percent(field: string, label: string, requiredMessage: string | null): string | null {
    if (isBlank(this.o[field])) {
      if (requiredMessage !== null) this.err(field, 'REQUIRED', requiredMessage)
      return null
    }
    const p = normalizePercent(this.o[field])
    if (p === null) this.err(field, 'INVALID_PERCENT', Messages.invalidPercent(label))
    return p
  }
  date(field: string, label: string, requiredMessage: string | null): string | null {
    const v = this.o[field]
    if (isBlank(v)) {
      if (requiredMessage !== null) this.err(field, 'REQUIRED', requiredMessage)
      return null
    }
    const t = typeof v === 'string' ? v.trim() : ''
    const s = t.slice(0, 10)
    // Accept an ISO timestamp's date part (`2026-01-10T00:00:00`) as browsers send it.
    const shaped = t.length === 10 || t[10] === 'T'
    if (typeof v !== 'string' || !isLocalDate(s) || !shaped) {
      // `2026-02-30` is written right but is no day: say so, not that the format is wrong.
      this.err(field, 'INVALID_DATE', notADateMessage(label, shaped ? s : t, Messages.invalidDate(label)))
      return null
    }
    const window = dateWindowOf(field)
    if (!isDateInWindow(s, window)) {
      this.err(field, 'INVALID_DATE', BoundMessages.dateOutside(label, window))
      return null
    }
    return s
  }
  /** 1 or 3, as a JSON number or as the text a form's select sends (`"3"`); `true` or `[3]` is no interval. */
  interval(field: string, requiredMessage: string): 1 | 3 | null {
    if (!this.required(field, requiredMessage)) return null
    const v = this.o[field]
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN
    if (n !== 1 && n !== 3) {
      this.err(field, 'INVALID_CHOICE', Messages.invalidInterval)
      return null
    }
    return n
  }
  integer(field: string, label: string, requiredMessage: string): number | null {
    if (!this.required(field, requiredMessage)) return null
    const v = this.o[field]
    const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_REPETITIONS) {
      this.err(field, 'INVALID_INTEGER', Messages.invalidInteger(label))
      return null
    }
    return n
  }
  /** true/false (also `"true"`/`"false"`, 1/0); absent or null is false; anything else is an error. */
  boolean(field: string, label: string): boolean {
    const v = this.o[field]
    if (v === undefined || v === null || v === false || v === 'false' || v === 0) return false
    if (v === true || v === 'true' || v === 1) return true
    this.err(field, 'INVALID_CHOICE', Messages.invalidBoolean(label))
    return false
  }
  /**
   * The reader of an optional nested object: `null` when the field is absent or `null`, and `null` with the error
   * `message` (of `code`) when it is no object (`""` included: it is not a way to leave the part out).
   */
  nested(field: string, message: string, code: FieldError['code'] = 'INVALID_TEXT'): Reader | null {
    const v = this.o[field]
    if (v === undefined || v === null) return null
    if (!isRecord(v)) {
      this.err(field, code, message)
      return null
    }
    return this.child(field)
  }
  /**
   * The reader of a part whose fields are all optional (an address): absent or `null` reads as empty; another type
   * than an object is the error `message`, not an empty part.
   */
  part(field: string, message: string): Reader {
    const v = this.o[field]
    if (v !== undefined && v !== null && !isRecord(v)) this.err(field, 'VALIDATION', message)
    return this.child(field)
  }
  child(field: string): Reader {
    const v = this.o[field]
    const r = new Reader(
      typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {},
      `${this.prefix}${field}.`,
    )
    return r
  }
}

/** The company and its owner, as the Primary and Invoice records both hold them. */
const readOwner = (r: Reader) => ({
  companyName: r.text('companyName', 'Company name', 'Company name is required'),
  nip: r.text('nip', 'Nip', 'Nip is required'),
  ownerName: r.text('ownerName', 'Owner name'),
  ownerLastName: r.text('ownerLastName', 'Owner last name'),
  regon: r.text('regon', 'Regon'),
})

const readAddress = (r: Reader): Address => ({
  country: r.text('country', 'Country'),
  region: r.text('region', 'Region'),
  city: r.text('city', 'City'),
  street: r.text('street', 'Street'),
  postCode: r.text('postCode', 'Post code'),
  building: r.text('building', 'Building'),
})

/**
 * The type guard of each data type's schema, made once: `Schema.is` derives the schema's type AST on every call, which
 * was most of the cost of validating the items of a bulk import.
 */
const guards = new Map<DataType, (u: unknown) => boolean>()
const guardOf = (dataType: DataType): ((u: unknown) => boolean) => {
  let guard = guards.get(dataType)
  if (!guard) {
    guard = Schema.is(recordSchemas[dataType] as unknown as Schema.Schema<unknown>)
    guards.set(dataType, guard)
  }
  return guard
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

type RecordReader = (r: Reader, input: Record<string, unknown>, dataType: DataType) => unknown

const readItemRecord: RecordReader = (r, _input, dataType) => {
  const base = { ...readItem(r, isIncomeType(dataType as ItemDataType)) }
  if (dataType !== 'RecurringIncome' && dataType !== 'RecurringExpense') return base
  const repetitions = r.integer('repetitions', 'Repetitions', 'Repetitions is required')
  if (repetitions !== null && !endsInBounds([base.date, base.invoiceDate, base.supplyDate], repetitions))
    r.push('repetitions', 'INVALID_INTEGER', BoundMessages.repetitionsEnd)
  return { ...base, repetitions }
}

/** One reader per data type: the fields it keeps, normalised, with an error per field it refuses. */
const READERS: Record<DataType, RecordReader> = {
  Primary: (r) => {
    const taxOfficeCode = r.text('taxOfficeCode', 'Tax office code')
    if (taxOfficeCode !== '' && !isTaxOfficeCode(taxOfficeCode))
      r.push('taxOfficeCode', 'INVALID_CHOICE', Messages.taxOffice)
    return {
      ...readOwner(r),
      taxOfficeCode,
      birthDate: r.date('birthDate', 'Birth date', null),
      businessStartDate: r.date('businessStartDate', 'Business start date', null),
      vatRegistrationDate: r.date('vatRegistrationDate', 'VAT registration date', null),
    }
  },
  Invoice: (r) => {
    const a = r.part('invoiceAddress', Messages.address)
    const value = {
      ...readOwner(r),
      invoiceAddress: readAddress(a),
    }
    r.errors.push(...a.errors)
    return value
  },
  Contact: (r) => {
    const email = r.text('email', 'Email')
    if (email !== '' && !isEmail(email))
      r.errors.push({ field: 'email', code: 'INVALID_EMAIL', message: Messages.email })
    return {
      email,
      phoneNumber: r.text('phoneNumber', 'Phone number'),
      website: r.text('website', 'Website'),
      other: r.text('other', 'Other'),
    }
  },
  Addresses: (r) => {
    const parts = ['permanentPlaceOfBusinessActivity', 'additionalPlaceOfBusinessActivity', 'postDeliveryAddress']
    const out: Record<string, Address> = {}
    for (const p of parts) {
      const c = r.part(p, Messages.address)
      out[p] = readAddress(c)
      r.errors.push(...c.errors)
    }
    return out
  },
  Vat: (r, input) => {
    const date = r.date('date', 'Date', 'Date is required')
    const given = typeof input.percent === 'string' ? input.percent.trim().toLowerCase() : input.percent
    const treatment = given === 'zw' || given === 'np' ? given : null
    const percent = treatment ?? r.percent('percent', 'Percent', 'Percent is required')
    // Only a rate the statute sets for the year of the setting (uVAT art. 41, 146ef); 23.5 % is no rate.
    if (date !== null && percent !== null && treatment === null) {
      const statutory = statutoryVatRates(Number(date.slice(0, 4)))
      if (!statutory.rates.includes(percent)) r.push('percent', 'INVALID_CHOICE', statutory.message)
    }
    const vatExchangeRate = readChoice(
      r,
      'vatExchangeRate',
      VatExchangeRates,
      'Exchange rate for VAT must be nbp or ecb',
      (s) => s.toLowerCase(),
    )
    const basis = vatExemptionBasis(r, input.exemptionBasis, treatment)
    return {
      date,
      percent,
      paymentInterval: r.interval('paymentInterval', 'Payment interval is required'),
      ...(vatExchangeRate === null ? {} : { vatExchangeRate }),
      ...(basis === null ? {} : { exemptionBasis: basis }),
    }
  },
  Pit: (r) => {
    const taxTypeOk = r.required('taxType', '(Tax type) is required')
    const taxType = r.o.taxType
    if (taxTypeOk && taxType !== 'Flat' && taxType !== 'Linear' && taxType !== 'Scale')
      r.errors.push({ field: 'taxType', code: 'INVALID_CHOICE', message: Messages.invalidTaxType })
    return {
      date: r.date('date', 'Date', '(Date) is required'),
      taxType,
      firstPercent: r.percent('firstPercent', 'First percent', '(First percent) is required'),
      secondPercent: r.percent('secondPercent', 'Second percent', null),
      freeOfTaxAmount: r.money('freeOfTaxAmount', 'Free of tax amount', null, { nonNegative: true }),
      secondPercentAmount: r.money('secondPercentAmount', 'Second percent amount', null, { nonNegative: true }),
      paymentInterval: r.interval('paymentInterval', '(Payment interval) is required'),
      deductions: readPitDeductions(r),
    }
  },
  SocialSecurity: (r) => {
    const contributionsPaid = readChoice(
      r,
      'contributionsPaid',
      ContributionsPaidChoices,
      'Contributions paid must be inMonth or byDeadline',
    )
    return {
      date: r.date('date', 'Date', 'Date is required'),
      amount: r.money('amount', 'Amount', 'Amount is requred', { nonNegative: true }),
      percent: r.percent('percent', 'Percent', 'Percent is required'),
      ...(contributionsPaid === null ? {} : { contributionsPaid }),
    }
  },
  Income: readItemRecord,
  Expense: readItemRecord,
  RecurringIncome: readItemRecord,
  RecurringExpense: readItemRecord,
}

/** Validates and normalises a dataObject of `dataType`. Unknown extra fields are dropped. */
export function validateRecord<T extends DataType>(dataType: T, input: unknown): ValidationResult<DataObjects[T]>
export function validateRecord(dataType: string, input: unknown): ValidationResult<unknown>
export function validateRecord(dataType: string, input: unknown): ValidationResult<unknown> {
  if (!isDataType(dataType))
    return { ok: false, errors: [{ field: 'dataType', code: 'UNKNOWN_DATA_TYPE', message: 'Unknown data type' }] }
  if (!isRecord(input))
    return { ok: false, errors: [{ field: 'dataObject', code: 'REQUIRED', message: Messages.notAnObject }] }
  const r = new Reader(input)
  const value = READERS[dataType](r, input, dataType)
  if (r.errors.length > 0) return { ok: false, errors: r.errors }
  if (!guardOf(dataType)(value))
    return { ok: false, errors: [{ field: 'dataObject', code: 'VALIDATION', message: 'Data is not valid' }] }
  return { ok: true, value }
}

const ITEM_TEXT = 256

/** One of `choices` or `null` when blank; anything else is an error with `message`. */
const readChoice = <T extends string>(
  r: Reader,
  field: string,
  choices: readonly T[],
  message: string,
  normalize: (s: string) => string = (s) => s,
): T | null => {
  const v = r.o[field]
  if (isBlank(v)) return null
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? normalize(v.trim()) : null
  if (s !== null && (choices as readonly string[]).includes(s)) return s as T
  r.push(field, 'INVALID_CHOICE', message)
  return null
}

/** A list of codes from `choices` (an array, or one comma-separated text), sorted and without repeats. */
const readCodes = <T extends string>(r: Reader, field: string, choices: readonly T[], message: string): T[] => {
  const v = r.o[field]
  if (isBlank(v)) return []
  const list = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : null
  if (list === null || list.length > choices.length * 2) {
    r.push(field, 'INVALID_CHOICE', message)
    return []
  }
  const out = new Set<T>()
  for (const x of list) {
    const code = typeof x === 'string' ? x.trim().toUpperCase() : ''
    if (code === '') continue
    if (!(choices as readonly string[]).includes(code)) {
      r.push(field, 'INVALID_CHOICE', message)
      return []
    }
    out.add(code as T)
  }
  return [...out].sort((a, b) => choices.indexOf(a) - choices.indexOf(b))
}

/** (v4) The corrected document: its number (required once anything is given), KSeF number, issue date. */
const readCorrects = (r: Reader): Corrects | null => {
  const c = r.nested('corrects', 'Corrected document must be an object with documentNumber, ksefNumber and issueDate')
  if (c === null) return null
  const documentNumber = c.text('documentNumber', 'Corrected document number', undefined, ITEM_TEXT)
  const ksefNumber = isBlank(c.o.ksefNumber)
    ? null
    : c.text('ksefNumber', 'KSeF number of the corrected document', undefined, 40).toUpperCase()
  if (ksefNumber !== null && !isValidKsefNumber(ksefNumber))
    c.push('ksefNumber', 'INVALID_TEXT', 'KSeF number of the corrected document is not valid')
  const issueDate = c.date('issueDate', 'Issue date of the corrected document', null)
  if (documentNumber === '' && (ksefNumber !== null || issueDate !== null))
    c.push('documentNumber', 'REQUIRED', 'Corrected document number is required')
  r.errors.push(...c.errors)
  if (documentNumber === '' && ksefNumber === null && issueDate === null) return null
  return {
    documentNumber,
    ksefNumber: ksefNumber !== null && isValidKsefNumber(ksefNumber) ? ksefNumber : null,
    issueDate,
  }
}

/** How far the VAT a document states may lie from `amount × percent` rounded (per-line rounding, foreign currency). */
export const DOCUMENT_VAT_TOLERANCE = 100n

/**
 * (v4) The VAT the document states: only for an item at a rate, within {@link DOCUMENT_VAT_TOLERANCE} of the
 * computed VAT; `null` when not given or equal to the computed VAT (the stored form keeps only a real difference).
 */
const readDocumentVat = (r: Reader, amount: string | null, percent: string | null, treatment: string) => {
  if (isBlank(r.o.documentVat)) return null
  const vat = r.money('documentVat', 'VAT on the document', null)
  if (vat === null) return null
  if (treatment !== 'rate') {
    r.push('documentVat', 'INVALID_MONEY', 'VAT on the document is only for items at a VAT rate')
    return null
  }
  if (amount === null || percent === null) return null
  const computed = vatOfItem(parseMoney(amount), percent)
  const diff = parseMoney(vat) - computed
  if (diff > DOCUMENT_VAT_TOLERANCE || -diff > DOCUMENT_VAT_TOLERANCE) {
    r.push('documentVat', 'INVALID_MONEY', 'VAT on the document must be within 1.00 of amount × percent')
    return null
  }
  return diff === 0n ? null : vat
}

/**
 * (optional) The item's foreign currency: `{ code, amount, paidOn }`; `null` when not given or PLN (a złoty item). The
 * rates are the books' to fill (tax/currency.ts): any sent are dropped.
 */
/**
 * The rate the bank applied when it exchanged the payment (uPIT art. 24c ust. 2 pkt 1, ust. 3 pkt 1): złoty per unit,
 * a positive decimal; only with the payment day.
 */
const readBankRate = (c: Reader, paidOn: string | null): string | null => {
  const v = c.o.bankRate
  if (isBlank(v)) return null
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.') : ''
  if (!isRateString(s)) {
    c.push('bankRate', 'VALIDATION', "The bank's rate must be a positive decimal number (złoty per unit)")
    return null
  }
  if (paidOn === null) {
    c.push('bankRate', 'REQUIRED', "The bank's rate needs the payment day (paid on)")
    return null
  }
  return s
}

const readCurrency = (r: Reader, nonNegative: boolean): ItemCurrency | null => {
  const c = r.nested('currency', 'Currency must be an object with code, amount and paidOn')
  if (c === null) return null
  const code = typeof c.o.code === 'string' ? c.o.code.trim().toUpperCase() : ''
  if (code === 'PLN' || (code === '' && isBlank(c.o.amount))) return null
  if (!isNbpCurrency(code))
    c.push('code', 'INVALID_CHOICE', 'Currency must be a currency of NBP table A or B (EUR, USD, GBP, CHF, AED …)')
  const amount = c.money('amount', 'Amount in the currency', 'Amount in the currency is required', { nonNegative })
  const paidOn = c.date('paidOn', 'Paid on', null)
  const bankRate = readBankRate(c, paidOn)
  r.errors.push(...c.errors)
  if (!isNbpCurrency(code) || amount === null) return null
  return { code, amount, paidOn, ...(bankRate === null ? {} : { bankRate }) }
}

const COUNTERPARTY_FIELDS = ['name', 'taxId', 'country', 'address']

const readCounterparty = (r: Reader): Counterparty | null => {
  const c = r.nested('counterparty', Messages.counterparty)
  if (c === null) return null
  // An object with none of the fields (`{}`) is a client's mistake; one whose fields are blank is no counterparty.
  if (!COUNTERPARTY_FIELDS.some((f) => f in c.o)) {
    r.push('counterparty', 'INVALID_TEXT', Messages.counterparty)
    return null
  }
  const name = c.text('name', 'Counterparty name', undefined, ITEM_TEXT)
  const taxId = c.text('taxId', 'Counterparty tax id', undefined, 32).replace(/[\s-]/g, '').toUpperCase()
  const country = c.text('country', 'Counterparty country').toUpperCase()
  const address = c.text('address', 'Counterparty address', undefined, ITEM_TEXT)
  if (country !== '' && !isCountryCode(country)) c.push('country', 'INVALID_CHOICE', Messages.country)
  r.errors.push(...c.errors)
  if (name === '' && taxId === '' && country === '' && address === '') return null
  return { name, taxId, country, address }
}

/**
 * The fields of an income or expense (item schema v3). SPEC's fields keep SPEC's rules; the v3 fields are optional
 * and default to "not given" (see `docs/events.md`).
 */
const readItem = (r: Reader, income: boolean) => {
  const given = readChoice(r, 'vatTreatment', VatTreatments, 'VAT treatment must be rate, inForce, zw or np') ?? 'rate'
  const vat = readCrossBorderFields(r, income, given)
  const vatTreatment = vat.vatTreatment
  // `inForce`, `zw` and `np` decide the VAT themselves: a percent sent beside them (a form's default) is ignored.
  const percent = vat.zeroRated
    ? '0'
    : vatTreatment === 'rate'
      ? r.percent('percent', 'Percent', 'Percent is required')
      : vatTreatment === 'inForce'
        ? null
        : '0'
  const ksefNumber = isBlank(r.o.ksefNumber) ? null : r.text('ksefNumber', 'KSeF number', undefined, 40).toUpperCase()
  if (ksefNumber !== null && !isValidKsefNumber(ksefNumber))
    r.push('ksefNumber', 'INVALID_TEXT', 'KSeF number is not valid')
  const ksefMarker = readChoice(r, 'ksefMarker', KsefMarkers, 'KSeF marker must be OFF, BFK or DI', (s) =>
    s.toUpperCase(),
  )
  if (ksefNumber !== null && ksefMarker !== null)
    r.push('ksefMarker', 'INVALID_CHOICE', 'An item with a KSeF number has no KSeF marker')
  const corrects = readCorrects(r)
  const taxPoint = readChoice(r, 'taxPoint', TaxPoints, 'Tax point must be supply or invoice')
  const currency = readCurrency(r, corrects === null)
  // A correcting item states the differences the correction makes, which may be negative. An item in a currency has
  // its złoty amount from the books (the conversion at the NBP rate): what the form sent there is a preview.
  const amount =
    currency === null && isBlank(r.o.currency)
      ? r.money('amount', 'Amount', 'Amount is required', { nonNegative: corrects === null })
      : (r.money('amount', 'Amount', null, { nonNegative: corrects === null }) ?? '0.00')
  return {
    date: r.date('date', 'Date', 'Date is required'),
    name: r.text('name', 'Name', 'Name is required'),
    amount,
    isCompany: r.boolean('isCompany', 'Company'),
    percent,
    invoiceDate: r.date('invoiceDate', 'Invoice date', null),
    vatTreatment,
    supplyDate: r.date('supplyDate', 'Supply date', null),
    documentNumber: r.text('documentNumber', 'Document number', undefined, ITEM_TEXT),
    description: r.text('description', 'Description', undefined, ITEM_TEXT),
    counterparty: readCounterparty(r),
    kpirColumn: income
      ? readChoice(r, 'kpirColumn', IncomeColumns, 'KPiR column of an income must be sales or otherRevenue')
      : readChoice(
          r,
          'kpirColumn',
          ExpenseColumns,
          'KPiR column of an expense must be goods, sideCosts, salaries, other, free, research or notCost',
        ),
    flatRate: income
      ? readChoice(r, 'flatRate', FlatRates, `Ryczałt rate must be one of ${FlatRates.join(', ')}`, (s) =>
          s
            .replace(',', '.')
            .replace(/\.0+$/, '')
            .replace(/(\.\d)0$/, '$1'),
        )
      : null,
    ksefNumber: ksefNumber !== null && isValidKsefNumber(ksefNumber) ? ksefNumber : null,
    ksefMarker,
    documentType: income
      ? readChoice(r, 'documentType', SalesDocumentTypes, 'Document type of an income must be RO, WEW or FP', (s) =>
          s.toUpperCase(),
        )
      : readChoice(
          r,
          'documentType',
          PurchaseDocumentTypes,
          'Document type of an expense must be MK, VAT_RR or WEW',
          (s) => s.toUpperCase(),
        ),
    gtu: income ? readCodes(r, 'gtu', GtuCodes, 'GTU codes must be GTU_01 … GTU_13') : [],
    procedures: income
      ? readCodes(
          r,
          'procedures',
          SalesProcedures,
          `Procedure markers of an income must be among ${SalesProcedures.join(', ')}`,
        )
      : readCodes(r, 'procedures', PurchaseProcedures, 'The procedure marker of an expense can only be IMP'),
    documentVat: readDocumentVat(r, amount, percent, vatTreatment),
    corrects,
    ...(taxPoint === 'invoice' ? { taxPoint } : {}),
    ...(currency === null ? {} : { currency }),
    ...vat.fields,
    ...(r.boolean('annex15', 'Annex 15') ? { annex15: true } : {}),
  }
}

/** A car expense's `car: { use: 'mixed' | 'businessOnly' }`; blank (or a blank use): not a car's expense. */
const readCarUse = (r: Reader) => {
  const c = r.nested('car', 'Car use must be mixed or businessOnly', 'INVALID_CHOICE')
  if (c === null) return null
  const use = readChoice(c, 'use', CarUses, 'Car use must be mixed or businessOnly')
  r.errors.push(...c.errors)
  return use
}

/**
 * The optional VAT fields of tax/crossBorder.ts: a cross-border kind (incomes `euServices`, `wdt`, `export`;
 * expenses `importServices`, `wnt`), a car's use, the fixed-asset mark and the input VAT not deductible by art. 88
 * ust. 1 pkt 4 (expenses: accommodation, gastronomy). The kind decides the treatment
 * of a sale (`euServices` is `np`; `wdt` and `export` are 0 %, any percent sent beside them ignored); a self-assessed
 * purchase needs a percent (`rate` or `inForce`). Absent fields stay absent, so older items read the same.
 */
const readCrossBorderFields = (r: Reader, income: boolean, given: (typeof VatTreatments)[number]) => {
  const crossBorder = income
    ? readChoice(r, 'crossBorder', CrossBorderSales, 'Cross-border kind of an income must be euServices, wdt or export')
    : readChoice(
        r,
        'crossBorder',
        CrossBorderPurchases,
        'Cross-border kind of an expense must be importServices, wnt, importGoods, importServicesOther or buyerTaxpayerGoods',
      )
  const outputDeclaredOn = isBlank(r.o.outputDeclaredOn)
    ? null
    : r.date('outputDeclaredOn', 'Output VAT shown on', null)
  if (outputDeclaredOn !== null && (crossBorder === null || !THREE_MONTH_KINDS.includes(crossBorder)))
    r.push(
      'outputDeclaredOn',
      'INVALID_CHOICE',
      'The day the output VAT was shown applies to a WNT, an import of services or goods whose buyer is the taxpayer',
    )
  const carUse = readCarUse(r)
  if (income && carUse !== null) r.push('car', 'INVALID_CHOICE', 'Only an expense can be a car cost')
  const fixedAsset = isBlank(r.o.fixedAsset) ? false : r.boolean('fixedAsset', 'Fixed asset')
  if (income && fixedAsset) r.push('fixedAsset', 'INVALID_CHOICE', 'Only an expense can be a fixed asset')
  const noVatDeduction = isBlank(r.o.noVatDeduction) ? false : r.boolean('noVatDeduction', 'VAT not deductible')
  if (income && noVatDeduction) r.push('noVatDeduction', 'INVALID_CHOICE', Messages.noVatDeductionOnIncome)
  let vatTreatment = given
  if (crossBorder === 'euServices') vatTreatment = 'np'
  else if (crossBorder === 'wdt' || crossBorder === 'export') vatTreatment = 'rate'
  else if (crossBorder !== null && (given === 'zw' || given === 'np'))
    r.push('vatTreatment', 'INVALID_CHOICE', 'A self-assessed purchase is taxed at a rate, not zw or np')
  return {
    vatTreatment,
    zeroRated: crossBorder === 'wdt' || crossBorder === 'export',
    fields: {
      ...(crossBorder !== null ? { crossBorder } : {}),
      ...(outputDeclaredOn !== null && crossBorder !== null && THREE_MONTH_KINDS.includes(crossBorder)
        ? { outputDeclaredOn }
        : {}),
      ...(carUse !== null && !income ? { car: { use: carUse } } : {}),
      ...(fixedAsset && !income ? { fixedAsset: true } : {}),
      ...(noVatDeduction && !income ? { noVatDeduction: true } : {}),
    },
  }
}

const DEDUCTION_PARTS: readonly string[] = ['socialSecurity', 'healthInsurance', 'other']

/**
 * PIT `deductions`: a money amount (`"1200.00"`), or the SPEC's object `{ socialSecurity, healthInsurance, other }`
 * whose `other` is taken (the first two are derived from the contributions, but must be amounts when given). An
 * object with any other key (`{ "evil": 1 }`) is refused, not read as no deductions. Blank → `"0.00"`.
 */
const readPitDeductions = (r: Reader): string => {
  const d = r.o.deductions
  if (!isRecord(d)) return r.money('deductions', 'Deductions', null, { nonNegative: true }) ?? '0.00'
  if (Object.keys(d).some((k) => !DEDUCTION_PARTS.includes(k))) {
    r.push('deductions', 'VALIDATION', Messages.deductions)
    return '0.00'
  }
  const c = r.child('deductions')
  for (const part of ['socialSecurity', 'healthInsurance']) c.money(part, 'Deductions', null, { nonNegative: true })
  const other = c.money('other', 'Deductions', null, { nonNegative: true })
  r.errors.push(...c.errors)
  return other ?? '0.00'
}

const isManualTransaction = Schema.is(ManualTransactionSchema)

/** Validates a manual transaction body. */
export const validateManualTransaction = (input: unknown): ValidationResult<ManualTransaction> => {
  if (!isRecord(input))
    return { ok: false, errors: [{ field: 'dataObject', code: 'REQUIRED', message: Messages.notAnObject }] }
  // Accepts the fields themselves or a transaction body `{ dataObject: { … }, eventType }`.
  const r = new Reader(isRecord(input.dataObject) ? { ...input, ...input.dataObject } : input)
  const eventType = isBlank(r.o.eventType) ? '2_Fee' : r.o.eventType
  const value = {
    date: r.date('date', 'Date', 'Date is required'),
    name: r.text('name', 'Name', 'Name is required'),
    amount: r.money('amount', 'Amount', 'Amount is required'),
    eventType,
    isCompany: r.boolean('isCompany', 'Company'),
    percent: isBlank(r.o.percent) ? '0' : r.percent('percent', 'Percent', null),
  }
  if (!['1_Revenue', '2_Fee', '3_Vat', '4_Pit', '5_SocialSecurity'].includes(String(eventType)))
    r.errors.push({ field: 'eventType', code: 'INVALID_CHOICE', message: 'Event type is not valid' })
  if (r.errors.length > 0) return { ok: false, errors: r.errors }
  if (!isManualTransaction(value))
    return { ok: false, errors: [{ field: 'dataObject', code: 'VALIDATION', message: 'Data is not valid' }] }
  return { ok: true, value }
}
