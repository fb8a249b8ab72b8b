/**
 * The invoicing decider: counterparties, number series, drafts, issue (a number and the income items in one append)
 * and the revision of an issued invoice not yet in KSeF. Pure: validates everything before it returns events, so a
 * refused command writes nothing. A number is taken only by `InvoicingInvoiceIssued`, appended with the stream
 * revision the decision read: two issues racing for one number cannot both be appended (the loser is decided again
 * on the new books and takes the next number), and nothing ever gives a number back.
 */
import { addMonths, isLocalDate, isYearMonth, monthsBetween } from '../calendar.ts'
import type { BooksState } from '../model/state.ts'
import {
  type DomainError,
  domainError,
  type FieldError,
  isDomainError,
  liveEntry,
  type ValidationResult,
} from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { isDateInBounds, notADateMessage, textProblem } from '../schemas/bounds.ts'
import {
  isJsonObject as isPlainObject,
  looseObject as obj,
  normalizeMoney,
  optionalObject,
} from '../schemas/normalize.ts'
import { isValidNip } from '../schemas/common.ts'
import { type Corrects, GtuCodes, type Item, type RecurringItem } from '../schemas/records.ts'
import { isValidKsefNumber } from '../schemas/documentCodes.ts'
import { validateRecord } from '../schemas/validate.ts'
import { isCountryCode } from '../schemas/codes.ts'
import { canonicalJson } from '../canonical.ts'
import { withConversion } from '../deciders/currency.ts'
import { isTableACurrency } from '../tax/currency.ts'
import { absurd } from '../types.ts'
import type { InvoicingCommand } from './commands.ts'
import {
  type CounterpartyData,
  DEFAULT_SERIES,
  formatInvoiceNumber,
  incomeItemsOfCorrection,
  incomeItemsOfInvoice,
  type InvoiceDocumentData,
  type InvoiceKind,
  InvoiceKinds,
  type InvoiceLine,
  InvoiceProcedures,
  InvoiceVatRates,
  invoiceTotals,
  isQuantity,
  lineGross,
  PaymentMethods,
  patternProblem,
  type SeriesData,
  SeriesResets,
  seriesPeriod,
} from './model.ts'
import type { InvoiceState } from './state.ts'
import { currentLines, ksefNumberOfInvoice as invoiceKsefNumber } from './views.ts'

export const InvoicingMessages = {
  name: 'Name is required',
  nip: 'Nip checksum is not valid',
  country: 'Country must be a two-letter code (PL, DE)',
  text: (max: number) => `Text must have at most ${max} characters`,
  email: 'Email needs to be in correct format',
  pattern: 'The pattern must contain {N} and the year',
  seriesKind: 'Kind must be VAT or KOR',
  reset: 'Numbering must restart every year or every month',
  patternTaken: 'Another series already uses this pattern',
  patternFixed: 'The pattern of a series that has issued numbers cannot change',
  date: 'Date must be a date in format yyyy-mm-dd',
  supplyDate: 'Supply date must be a date in format yyyy-mm-dd',
  dueDate: 'The payment term cannot be before the issue date',
  lines: 'An invoice needs between 1 and 1000 lines',
  lineName: 'Line name is required',
  quantity: 'Quantity must be a number above zero with at most six decimals',
  unitNet: 'Net unit price must be an amount with at most two decimals',
  discount: 'Discount must be an amount not above the line value',
  vat: 'VAT must be 23, 8, 5, 0, zw or np',
  gtu: 'GTU must be GTU_01 to GTU_13',
  annex15: 'Annex 15 must be yes or no',
  splitPayment: 'The split-payment mark must be yes or no',
  procedures:
    'Procedure markers must be among TP, WSTO_EE, IED, TT_WNT, TT_D, I_42, I_63, B_SPV, B_SPV_DOSTAWA, B_MPV_PROWIZJA, each once',
  currency: 'Currency must be PLN or a currency of NBP table A (EUR, USD, …)',
  currencyCorrection: 'A correction of an invoice in a foreign currency is not issued by Finance: issue it by hand',
  method: 'Payment method must be transfer, cash or card',
  bankAccount: 'Choose one of the company’s bank accounts',
  exemptionBasis: 'The legal basis of the exemption is required for an exempt line',
  buyer: 'The buyer’s name is required',
  buyerShape: 'The buyer must be an object with name, taxId, country and address',
  linesShape: 'Lines must be a list of objects with name, quantity, unit, unitNet and vat',
  paymentShape: 'Payment must be an object with dueDate, method and bankAccount',
  correctionShape: 'The correction must be an object with invoiceId, reason and reasonDate',
  series: 'Choose a number series of this kind of invoice',
  counterparty: 'Choose one of your counterparties',
  correctionOf: 'A correction corrects an issued sales invoice',
  correctionReason: 'The reason of the correction is required',
  correctionSame: 'The correction changes nothing',
  notDraft: 'Only a draft can be deleted',
  issued: 'This invoice is already issued',
  sent: 'An invoice sent to KSeF cannot be changed: issue a correction',
  invoiceItem: 'This income belongs to an invoice: change the invoice (or correct it)',
  numberTaken: 'This number was already given to another invoice',
  inUse: 'This counterparty is the buyer of a draft',
  ksefNumber: 'The KSeF number is not valid',
  recurringMonth: 'The recurring income has no occurrence in this month',
  recurringRate: 'The recurring income needs a VAT rate of 23, 8, 5 or 0 %, or zw or np, for an invoice',
  recurringTaken: 'This month of the recurring income already has its invoice',
} as const

const M = InvoicingMessages

const fieldError = (field: string, message: string, code: FieldError['code'] = 'VALIDATION'): FieldError => ({
  field,
  code,
  message,
})
const invalid = (errors: readonly FieldError[]): DomainError => domainError('VALIDATION', errors[0]?.message, errors)

type Loose = Record<string, unknown>

/** A text field: trimmed, '' when absent; an error when not text or too long. */
const text = (o: Loose, key: string, at: string, max: number, errors: FieldError[], lines = false): string => {
  const v = o[key]
  if (v === undefined || v === null) return ''
  if (typeof v !== 'string' || textProblem(lines ? v.replace(/\r?\n/g, ' ') : v, max) !== null) {
    errors.push(fieldError(at, M.text(max), 'INVALID_TEXT'))
    return ''
  }
  return v.trim()
}

/** A date the field may leave out; `label` starts the message of a day the calendar has not (`2026-02-30`). */
const optionalDate = (
  o: Loose,
  key: string,
  at: string,
  [label, message]: readonly [string, string],
  errors: FieldError[],
): string | null => {
  const v = o[key]
  if (v === undefined || v === null || v === '') return null
  if (!isLocalDate(v) || !isDateInBounds(v)) {
    errors.push(fieldError(at, notADateMessage(label, v, message), 'INVALID_DATE'))
    return null
  }
  return v
}

const normalTaxId = (s: string) => s.replace(/[\s-]/g, '').toUpperCase()

/** A counterparty's fields (`prefix` names them in a larger form: `buyer.`). */
export const readCounterparty = (input: unknown, prefix = ''): ValidationResult<CounterpartyData> => {
  const o = obj(input)
  const errors: FieldError[] = []
  const name = text(o, 'name', `${prefix}name`, 512, errors)
  if (name === '' && !errors.some((e) => e.field === `${prefix}name`))
    errors.push(fieldError(`${prefix}name`, M.name, 'REQUIRED'))
  let country = text(o, 'country', `${prefix}country`, 2, errors).toUpperCase()
  if (country === '') country = 'PL'
  if (!isCountryCode(country)) errors.push(fieldError(`${prefix}country`, M.country))
  const taxId = normalTaxId(text(o, 'taxId', `${prefix}taxId`, 50, errors))
  if (country === 'PL' && taxId !== '' && !isValidNip(taxId.replace(/^PL/, '')))
    errors.push(fieldError(`${prefix}taxId`, M.nip))
  const address = text(o, 'address', `${prefix}address`, 512, errors)
  const email = text(o, 'email', `${prefix}email`, 255, errors)
  if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.push(fieldError(`${prefix}email`, M.email))
  if (errors.length > 0) return { ok: false, errors }
  return {
    ok: true,
    value: { name, taxId: country === 'PL' ? taxId.replace(/^PL/, '') : taxId, country, address, email },
  }
}

export const readSeries = (input: unknown): ValidationResult<SeriesData> => {
  const o = obj(input)
  const errors: FieldError[] = []
  const name = text(o, 'name', 'name', 100, errors)
  if (name === '' && errors.length === 0) errors.push(fieldError('name', M.name, 'REQUIRED'))
  const reset = o.reset ?? 'year'
  if (!(SeriesResets as readonly unknown[]).includes(reset)) errors.push(fieldError('reset', M.reset, 'INVALID_CHOICE'))
  const kind = o.kind ?? 'VAT'
  if (!(InvoiceKinds as readonly unknown[]).includes(kind))
    errors.push(fieldError('kind', M.seriesKind, 'INVALID_CHOICE'))
  const pattern = typeof o.pattern === 'string' ? o.pattern.trim() : ''
  const problem = patternProblem(pattern, reset === 'month' ? 'month' : 'year')
  if (problem !== null) errors.push(fieldError('pattern', problem))
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, value: { name, pattern, reset: reset as SeriesData['reset'], kind: kind as InvoiceKind } }
}

const readLine = (input: unknown, at: string, errors: FieldError[]): InvoiceLine => {
  if (!isPlainObject(input)) {
    // A line that is no object is refused whole: its fields are not asked for one by one.
    errors.push(fieldError(at, M.linesShape))
    return { name: '', quantity: '1', unit: 'szt.', unitNet: '0.00', vat: '23', gtu: null, discount: '0.00' }
  }
  const o = input
  const name = text(o, 'name', `${at}.name`, 512, errors)
  if (name === '' && !errors.some((e) => e.field === `${at}.name`))
    errors.push(fieldError(`${at}.name`, M.lineName, 'REQUIRED'))
  const q = typeof o.quantity === 'number' ? String(o.quantity) : o.quantity
  const quantity = isQuantity(q) ? q.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : '1'
  if (!isQuantity(q) || !/[1-9]/.test(q)) errors.push(fieldError(`${at}.quantity`, M.quantity, 'INVALID_MONEY'))
  const unit = text(o, 'unit', `${at}.unit`, 50, errors) || 'szt.'
  const unitNet = normalizeMoney(o.unitNet)
  if (unitNet === null || unitNet.startsWith('-') || unitNet.length > 17)
    errors.push(fieldError(`${at}.unitNet`, M.unitNet, 'INVALID_MONEY'))
  const discount =
    o.discount === undefined || o.discount === null || o.discount === '' ? '0.00' : normalizeMoney(o.discount)
  const vat = typeof o.vat === 'number' ? String(o.vat) : o.vat
  if (!(InvoiceVatRates as readonly unknown[]).includes(vat))
    errors.push(fieldError(`${at}.vat`, M.vat, 'INVALID_CHOICE'))
  const gtu = o.gtu === undefined || o.gtu === null || o.gtu === '' ? null : o.gtu
  if (gtu !== null && !(GtuCodes as readonly unknown[]).includes(gtu))
    errors.push(fieldError(`${at}.gtu`, M.gtu, 'INVALID_CHOICE'))
  if (o.annex15 !== undefined && o.annex15 !== null && typeof o.annex15 !== 'boolean')
    errors.push(fieldError(`${at}.annex15`, M.annex15, 'INVALID_CHOICE'))
  const line = {
    name,
    quantity,
    unit,
    unitNet: unitNet ?? '0.00',
    vat: vat as InvoiceLine['vat'],
    gtu: gtu as InvoiceLine['gtu'],
    discount: discount ?? '0.00',
    ...(o.annex15 === true ? { annex15: true } : {}),
  }
  if (
    discount === null ||
    discount.startsWith('-') ||
    (unitNet !== null && isQuantity(q) && BigInt(discount.replace('.', '')) > lineGross(line))
  )
    errors.push(fieldError(`${at}.discount`, M.discount, 'INVALID_MONEY'))
  return line
}

/** A draft's fields, checked for form (a draft may still lack a buyer or lines; `issueProblems` asks for them). */
export const readInvoiceDocument = (input: unknown): ValidationResult<InvoiceDocumentData> => {
  const o = obj(input)
  const errors: FieldError[] = []
  const kind = o.kind ?? 'VAT'
  if (!(InvoiceKinds as readonly unknown[]).includes(kind))
    errors.push(fieldError('kind', M.seriesKind, 'INVALID_CHOICE'))
  const id = (v: unknown, at: string, message: string): number | null => {
    if (v === undefined || v === null || v === 0 || v === '') return null
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return v
    errors.push(fieldError(at, message, 'INVALID_INTEGER'))
    return null
  }
  const seriesId = id(o.seriesId, 'seriesId', M.series)
  const counterpartyId = id(o.counterpartyId, 'counterpartyId', M.counterparty)
  const b = optionalObject(errors, 'buyer', o.buyer, M.buyerShape) ?? {}
  let buyerCountry = text(b, 'country', 'buyer.country', 2, errors).toUpperCase()
  if (buyerCountry === '') buyerCountry = 'PL'
  if (!isCountryCode(buyerCountry)) errors.push(fieldError('buyer.country', M.country))
  const buyerTaxId = normalTaxId(text(b, 'taxId', 'buyer.taxId', 50, errors))
  if (buyerCountry === 'PL' && buyerTaxId !== '' && !isValidNip(buyerTaxId.replace(/^PL/, '')))
    errors.push(fieldError('buyer.taxId', M.nip))
  const buyer = {
    name: text(b, 'name', 'buyer.name', 512, errors),
    taxId: buyerCountry === 'PL' ? buyerTaxId.replace(/^PL/, '') : buyerTaxId,
    country: buyerCountry,
    address: text(b, 'address', 'buyer.address', 512, errors),
  }
  if (!isLocalDate(o.issueDate) || !isDateInBounds(o.issueDate))
    errors.push(fieldError('issueDate', notADateMessage('Date', o.issueDate, M.date), 'INVALID_DATE'))
  const supplyDate = optionalDate(o, 'supplyDate', 'supplyDate', ['Supply date', M.supplyDate], errors)
  if (o.lines !== undefined && o.lines !== null && !Array.isArray(o.lines))
    errors.push(fieldError('lines', M.linesShape))
  const rawLines = Array.isArray(o.lines) ? o.lines : []
  if (rawLines.length > 1000) errors.push(fieldError('lines', M.lines))
  const lines = rawLines.slice(0, 1000).map((l, i) => readLine(l, `lines.${i}`, errors))
  const exemptionBasis = text(o, 'exemptionBasis', 'exemptionBasis', 256, errors)
  const p = optionalObject(errors, 'payment', o.payment, M.paymentShape) ?? {}
  const dueDate = optionalDate(p, 'dueDate', 'payment.dueDate', ['Date', M.date], errors)
  if (dueDate !== null && isLocalDate(o.issueDate) && dueDate < o.issueDate)
    errors.push(fieldError('payment.dueDate', M.dueDate, 'INVALID_DATE'))
  const method = p.method === undefined || p.method === null || p.method === '' ? null : p.method
  if (method !== null && !(PaymentMethods as readonly unknown[]).includes(method))
    errors.push(fieldError('payment.method', M.method, 'INVALID_CHOICE'))
  const bankAccount = text(p, 'bankAccount', 'payment.bankAccount', 34, errors).replace(/\s/g, '').toUpperCase() || null
  const notes = text(o, 'notes', 'notes', 3500, errors, true)
  const currency = o.currency === undefined || o.currency === null || o.currency === '' ? 'PLN' : o.currency
  if (currency !== 'PLN' && !isTableACurrency(currency))
    errors.push(fieldError('currency', M.currency, 'INVALID_CHOICE'))
  if (o.splitPayment !== undefined && o.splitPayment !== null && typeof o.splitPayment !== 'boolean')
    errors.push(fieldError('splitPayment', M.splitPayment, 'INVALID_CHOICE'))
  const procedures = o.procedures === undefined || o.procedures === null ? [] : o.procedures
  if (
    !Array.isArray(procedures) ||
    procedures.some((p) => !(InvoiceProcedures as readonly unknown[]).includes(p)) ||
    new Set(procedures).size !== procedures.length
  )
    errors.push(fieldError('procedures', M.procedures, 'INVALID_CHOICE'))
  let correction: InvoiceDocumentData['correction'] = null
  if (kind === 'KOR') {
    const c = optionalObject(errors, 'correction', o.correction, M.correctionShape) ?? {}
    const invoiceId = id(c.invoiceId, 'correction.invoiceId', M.correctionOf)
    if (invoiceId === null && !errors.some((e) => e.field === 'correction.invoiceId'))
      errors.push(fieldError('correction.invoiceId', M.correctionOf, 'REQUIRED'))
    correction = {
      invoiceId: invoiceId ?? 1,
      reason: text(c, 'reason', 'correction.reason', 256, errors),
      reasonDate: optionalDate(c, 'reasonDate', 'correction.reasonDate', ['Date', M.date], errors),
    }
  }
  if (errors.length > 0) return { ok: false, errors }
  return {
    ok: true,
    value: {
      kind: kind as InvoiceKind,
      seriesId,
      counterpartyId,
      buyer,
      issueDate: o.issueDate as string,
      supplyDate: supplyDate === o.issueDate ? null : supplyDate,
      lines,
      exemptionBasis,
      payment: { dueDate, method: method as InvoiceDocumentData['payment']['method'], bankAccount },
      notes,
      ...(currency !== 'PLN' ? { currency: currency as string } : {}),
      ...(o.splitPayment === true ? { splitPayment: true } : {}),
      ...(Array.isArray(procedures) && procedures.length > 0
        ? { procedures: procedures as InvoiceDocumentData['procedures'] }
        : {}),
      correction,
    },
  }
}

/**
 * The counterparty and the number series a document names, looked up in the caller's own books: an id that is not
 * there (another user's series, a made-up number) or a series of another kind of invoice is refused when the draft is
 * saved, not first when it is issued.
 */
const referenceProblems = (state: BooksState, doc: InvoiceDocumentData): FieldError[] => {
  const errors: FieldError[] = []
  if (doc.counterpartyId !== null) {
    const c = state.invoicing.counterparties.get(doc.counterpartyId)
    if (!c || c.deleted) errors.push(fieldError('counterpartyId', M.counterparty))
  }
  if (doc.seriesId !== null) {
    const s = state.invoicing.series.get(doc.seriesId)
    if (!s || s.data.kind !== doc.kind) errors.push(fieldError('seriesId', M.series))
  }
  return errors
}

/** What keeps a draft from being issued on the books `state` (empty: it can be issued). */
export const issueProblems = (state: BooksState, doc: InvoiceDocumentData): FieldError[] => {
  const errors: FieldError[] = []
  if (doc.buyer.name.trim() === '') errors.push(fieldError('buyer.name', M.buyer, 'REQUIRED'))
  if (doc.lines.length === 0) errors.push(fieldError('lines', M.lines, 'REQUIRED'))
  doc.lines.forEach((l, i) => {
    if (!/[1-9]/.test(l.quantity) && doc.kind === 'VAT') errors.push(fieldError(`lines.${i}.quantity`, M.quantity))
  })
  if (doc.lines.some((l) => l.vat === 'zw') && doc.exemptionBasis === '')
    errors.push(fieldError('exemptionBasis', M.exemptionBasis, 'REQUIRED'))
  if (doc.payment.bankAccount !== null) {
    const ours = [...state.bank.accounts.values()].some((a) => !a.deleted && a.iban === doc.payment.bankAccount)
    if (!ours) errors.push(fieldError('payment.bankAccount', M.bankAccount))
  }
  errors.push(...referenceProblems(state, doc))
  if (doc.correction !== null) {
    const orig = state.invoicing.invoices.get(doc.correction.invoiceId)
    if (orig?.status !== 'issued' || orig.data.kind !== 'VAT')
      errors.push(fieldError('correction.invoiceId', M.correctionOf))
    else if (canonicalJson(currentLines(state, orig)) === canonicalJson(doc.lines))
      errors.push(fieldError('lines', M.correctionSame))
    if (doc.correction.reason === '') errors.push(fieldError('correction.reason', M.correctionReason, 'REQUIRED'))
    if (doc.currency) errors.push(fieldError('currency', M.currencyCorrection))
  }
  return errors
}

/** The series an invoice of `kind` takes its number from, or the default one to create (`id: null`). */
const seriesFor = (state: BooksState, doc: InvoiceDocumentData): { id: number | null; data: SeriesData } => {
  if (doc.seriesId !== null) return { id: doc.seriesId, data: state.invoicing.series.get(doc.seriesId)!.data }
  for (const s of state.invoicing.series.values()) if (s.data.kind === doc.kind) return { id: s.id, data: s.data }
  return { id: null, data: DEFAULT_SERIES[doc.kind] }
}

/** Every number given so far (normalised), so that no series can ever give one twice. */
const issuedNumbers = (state: BooksState): Set<string> => {
  const out = new Set<string>()
  for (const inv of state.invoicing.invoices.values()) if (inv.number !== null) out.add(inv.number.toUpperCase())
  return out
}

/** The corrected invoice's identity as a correcting item names it. */
const correctsOf = (state: BooksState, orig: InvoiceState): Corrects => ({
  documentNumber: orig.number ?? '',
  ksefNumber: invoiceKsefNumber(state, orig),
  issueDate: orig.data.issueDate,
})

/** The income items of an invoice numbered `number`. */
export const itemsOfInvoice = (state: BooksState, doc: InvoiceDocumentData, number: string): Item[] => {
  if (doc.correction === null) return incomeItemsOfInvoice(doc, number)
  const orig = state.invoicing.invoices.get(doc.correction.invoiceId)!
  return incomeItemsOfCorrection(doc, number, currentLines(state, orig), correctsOf(state, orig))
}

/** The item events that make the books hold `items` where they held `before` (ids reused, then new, then deleted). */
const syncItems = (
  state: BooksState,
  before: readonly number[],
  items: readonly Item[],
  nextId: number,
): { events: LedgerEvent[]; ids: number[] } | FieldError[] => {
  const events: LedgerEvent[] = []
  const ids: number[] = []
  const errors: FieldError[] = []
  items.forEach((item, i) => {
    const v = validateRecord('Income', item)
    if (!v.ok) {
      for (const e of v.errors) errors.push({ ...e, field: `lines` })
      return
    }
    // An invoice in a currency: the złoty amounts at the NBP rates the books hold (a missing one names the day).
    const c = withConversion(state, 'Income', v.value as Item)
    if (!c.ok) {
      for (const e of c.errors) if (!errors.some((x) => x.message === e.message)) errors.push(e)
      return
    }
    const id = before[i] ?? nextId++
    ids.push(id)
    events.push({
      type: before[i] !== undefined ? 'ItemUpdated' : 'ItemAdded',
      data: { id, dataType: 'Income', data: c.value },
    } as LedgerEvent)
  })
  for (const id of before.slice(items.length)) events.push({ type: 'ItemDeleted', data: { id, dataType: 'Income' } })
  return errors.length > 0 ? errors : { events, ids }
}

/**
 * The events that take month `source.month` out of its recurring income: the income keeps the months before it (or is
 * deleted when there are none), and a new recurring income (id `nextId`) carries the months after it. The invoice's
 * own income counts the month instead.
 */
const splitRecurring = (
  state: BooksState,
  source: NonNullable<InvoiceDocumentData['source']>,
  nextId: number,
): LedgerEvent[] | DomainError => {
  const r = state.records.get(source.itemId)
  const item = r && !r.deleted && r.dataType === 'RecurringIncome' ? (r.data as RecurringItem) : null
  const k = item ? monthsBetween(item.date.slice(0, 7), source.month) : -1
  if (!item || k < 0 || k >= item.repetitions) return invalid([fieldError('source', M.recurringMonth)])
  const events: LedgerEvent[] = []
  const shift = (d: string | null, n: number) => (d === null ? null : addMonths(d, n))
  if (k === 0) events.push({ type: 'ItemDeleted', data: { id: source.itemId, dataType: 'RecurringIncome' } })
  else
    events.push({
      type: 'ItemUpdated',
      data: { id: source.itemId, dataType: 'RecurringIncome', data: { ...item, repetitions: k } },
    } as LedgerEvent)
  if (item.repetitions - k - 1 > 0)
    events.push({
      type: 'ItemAdded',
      data: {
        id: nextId,
        dataType: 'RecurringIncome',
        data: {
          ...item,
          date: addMonths(item.date, k + 1),
          invoiceDate: shift(item.invoiceDate, k + 1),
          supplyDate: shift(item.supplyDate, k + 1),
          repetitions: item.repetitions - k - 1,
        },
      },
    } as LedgerEvent)
  return events
}

const findInvoice = (state: BooksState, id: number): InvoiceState | DomainError =>
  liveEntry(state.invoicing.invoices, id)
const isInvoice = (x: InvoiceState | DomainError): x is InvoiceState => 'status' in x

/** A new buyer with a name and no counterparty is remembered among the counterparties. */
const rememberBuyer = (
  state: BooksState,
  doc: InvoiceDocumentData,
  id: number,
): { doc: InvoiceDocumentData; events: LedgerEvent[] } => {
  if (doc.counterpartyId !== null || doc.buyer.name === '') return { doc, events: [] }
  const key = normalTaxId(doc.buyer.taxId)
  for (const c of state.invoicing.counterparties.values())
    if (!c.deleted && (key !== '' ? normalTaxId(c.data.taxId) === key : c.data.name === doc.buyer.name))
      return { doc: { ...doc, counterpartyId: c.id }, events: [] }
  return {
    doc: { ...doc, counterpartyId: id },
    events: [{ type: 'InvoicingCounterpartySaved', data: { id, data: { ...doc.buyer, email: '' } } }],
  }
}

/** A draft saved: a new one, a changed draft, or an issued invoice not yet sent (its items follow it). */
const saveDraft = (
  command: Extract<InvoicingCommand, { type: 'SaveInvoiceDraft' }>,
  state: BooksState,
): LedgerEvent[] | DomainError => {
  const inv = state.invoicing
  let before: InvoiceState | undefined
  if (command.id !== undefined) {
    const found = findInvoice(state, command.id)
    if (!isInvoice(found)) return found
    before = found
  }
  if (command.expectedVersion !== undefined && command.expectedVersion !== (before?.version ?? 0))
    return domainError('STALE_VERSION')
  const v = readInvoiceDocument(command.data)
  if (!v.ok) return invalid(v.errors)
  if (before && before.data.kind !== v.value.kind) return invalid([fieldError('kind', M.issued)])
  if (before?.status === 'issued') {
    if (invoiceKsefNumber(state, before) !== null || before.correctedBy.length > 0)
      return invalid([fieldError('id', M.sent)])
    const problems = issueProblems(state, v.value)
    if (problems.length > 0) return invalid(problems)
    if (v.value.seriesId !== before.data.seriesId && v.value.seriesId !== null)
      return invalid([fieldError('seriesId', M.issued)])
    const doc = { ...v.value, seriesId: before.data.seriesId }
    if (canonicalJson(doc) === canonicalJson(before.data)) return domainError('NO_CHANGES')
    const synced = syncItems(state, before.itemIds, itemsOfInvoice(state, doc, before.number!), state.nextId)
    if (Array.isArray(synced)) return invalid(synced)
    return [...synced.events, { type: 'InvoicingDraftSaved', data: { id: before.id, data: doc, itemIds: synced.ids } }]
  }
  const references = referenceProblems(state, v.value)
  if (references.length > 0) return invalid(references)
  if (v.value.correction !== null) {
    const orig = inv.invoices.get(v.value.correction.invoiceId)
    if (!orig || orig.deleted || orig.status !== 'issued' || orig.data.kind !== 'VAT')
      return invalid([fieldError('correction.invoiceId', M.correctionOf)])
  }
  const id = before?.id ?? state.nextId
  const value = before?.data.source ? { ...v.value, source: before.data.source } : v.value
  const remembered = rememberBuyer(state, value, before ? state.nextId : id + 1)
  if (before && canonicalJson(remembered.doc) === canonicalJson(before.data)) return domainError('NO_CHANGES')
  return [...remembered.events, { type: 'InvoicingDraftSaved', data: { id, data: remembered.doc } }]
}

/** A draft issued: its number in its series (the series made on first use), its income items, a recurring source split. */
const issueInvoice = (
  command: Extract<InvoicingCommand, { type: 'IssueInvoice' }>,
  state: BooksState,
): LedgerEvent[] | DomainError => {
  const inv = state.invoicing
  const found = findInvoice(state, command.id)
  if (!isInvoice(found)) return found
  if (command.expectedVersion !== undefined && command.expectedVersion !== found.version)
    return domainError('STALE_VERSION')
  if (found.status !== 'draft') return invalid([fieldError('id', M.issued)])
  const problems = issueProblems(state, found.data)
  if (problems.length > 0) return invalid(problems)
  const events: LedgerEvent[] = []
  let nextId = state.nextId
  const series = seriesFor(state, found.data)
  const seriesId = series.id ?? nextId++
  if (series.id === null) events.push({ type: 'InvoicingSeriesSaved', data: { id: seriesId, data: series.data } })
  const period = seriesPeriod(series.data.reset, found.data.issueDate)
  const seq = (inv.counters.get(`${seriesId}|${period}`) ?? 0) + 1
  const number = formatInvoiceNumber(series.data.pattern, found.data.issueDate, seq)
  if (issuedNumbers(state).has(number.toUpperCase())) return invalid([fieldError('seriesId', M.numberTaken)])
  const synced = syncItems(state, [], itemsOfInvoice(state, found.data, number), nextId)
  if (Array.isArray(synced)) return invalid(synced)
  const split = found.data.source ? splitRecurring(state, found.data.source, nextId + synced.ids.length) : []
  if (!Array.isArray(split)) return split
  return [
    ...events,
    ...split,
    ...synced.events,
    { type: 'InvoicingInvoiceIssued', data: { id: found.id, seriesId, period, seq, number, itemIds: synced.ids } },
  ]
}

/** A draft for one month of a recurring income: the item's amount, rate and dates of that month. */
const draftRecurring = (
  command: Extract<InvoicingCommand, { type: 'DraftRecurringInvoice' }>,
  state: BooksState,
): LedgerEvent[] | DomainError => {
  const inv = state.invoicing
  const r = state.records.get(command.itemId)
  if (!r || r.deleted || r.dataType !== 'RecurringIncome') return domainError('NOT_FOUND')
  const item = r.data as RecurringItem
  const k = isYearMonth(command.month) ? monthsBetween(item.date.slice(0, 7), command.month) : -1
  if (k < 0 || k >= item.repetitions) return invalid([fieldError('month', M.recurringMonth)])
  for (const d of inv.invoices.values())
    if (!d.deleted && d.data.source?.itemId === r.id && d.data.source.month === command.month)
      return invalid([fieldError('month', M.recurringTaken)])
  const vat = item.vatTreatment === 'zw' || item.vatTreatment === 'np' ? item.vatTreatment : item.percent
  if (vat === null || !(InvoiceVatRates as readonly string[]).includes(vat))
    return invalid([fieldError('itemId', M.recurringRate)])
  const date = addMonths(item.date, k)
  const issueDate = item.invoiceDate === null ? date : addMonths(item.invoiceDate, k)
  const supply = item.supplyDate === null ? null : addMonths(item.supplyDate, k)
  const doc: InvoiceDocumentData = {
    kind: 'VAT',
    seriesId: null,
    counterpartyId: null,
    buyer: item.counterparty ?? { name: '', taxId: '', country: 'PL', address: '' },
    issueDate,
    supplyDate: supply === issueDate ? null : supply,
    lines: [
      {
        name: item.name,
        quantity: '1',
        unit: 'usł.',
        unitNet: item.amount,
        vat: vat as InvoiceLine['vat'],
        gtu: item.gtu[0] ?? null,
        discount: '0.00',
      },
    ],
    exemptionBasis: '',
    payment: { dueDate: date > issueDate ? date : null, method: null, bankAccount: null },
    notes: '',
    correction: null,
    source: { itemId: r.id, month: command.month },
  }
  const remembered = rememberBuyer(state, doc, state.nextId + 1)
  return [...remembered.events, { type: 'InvoicingDraftSaved', data: { id: state.nextId, data: remembered.doc } }]
}

export const decideInvoicing = (command: InvoicingCommand, state: BooksState): LedgerEvent[] | DomainError => {
  const inv = state.invoicing
  switch (command.type) {
    case 'SaveCounterparty': {
      if (command.id !== undefined) {
        const c = liveEntry(inv.counterparties, command.id)
        if (isDomainError(c)) return c
      }
      const v = readCounterparty(command.data)
      if (!v.ok) return invalid(v.errors)
      const id = command.id ?? state.nextId
      if (command.id !== undefined && canonicalJson(inv.counterparties.get(id)!.data) === canonicalJson(v.value))
        return domainError('NO_CHANGES')
      return [{ type: 'InvoicingCounterpartySaved', data: { id, data: v.value } }]
    }
    case 'DeleteCounterparty': {
      const c = liveEntry(inv.counterparties, command.id)
      if (isDomainError(c)) return c
      for (const d of inv.invoices.values())
        if (!d.deleted && d.status === 'draft' && d.data.counterpartyId === c.id)
          return invalid([fieldError('id', M.inUse)])
      return [{ type: 'InvoicingCounterpartyDeleted', data: { id: c.id } }]
    }
    case 'SaveInvoiceSeries': {
      const before = command.id !== undefined ? inv.series.get(command.id) : undefined
      if (command.id !== undefined && !before) return domainError('NOT_FOUND')
      const v = readSeries(command.data)
      if (!v.ok) return invalid(v.errors)
      if (before?.used && (before.data.pattern !== v.value.pattern || before.data.reset !== v.value.reset))
        return invalid([fieldError('pattern', M.patternFixed)])
      if (before && before.data.kind !== v.value.kind && before.used)
        return invalid([fieldError('kind', M.patternFixed)])
      for (const s of inv.series.values())
        if (s.id !== command.id && s.data.pattern === v.value.pattern)
          return invalid([fieldError('pattern', M.patternTaken)])
      if (before && canonicalJson(before.data) === canonicalJson(v.value)) return domainError('NO_CHANGES')
      return [{ type: 'InvoicingSeriesSaved', data: { id: command.id ?? state.nextId, data: v.value } }]
    }
    case 'SaveInvoiceDraft':
      return saveDraft(command, state)
    case 'DeleteInvoiceDraft': {
      const found = findInvoice(state, command.id)
      if (!isInvoice(found)) return found
      if (found.status !== 'draft') return invalid([fieldError('id', M.notDraft)])
      return [{ type: 'InvoicingDraftDeleted', data: { id: found.id } }]
    }
    case 'IssueInvoice':
      return issueInvoice(command, state)
    case 'DraftRecurringInvoice':
      return draftRecurring(command, state)
    case 'RecordInvoiceKsefNumber': {
      // The KSeF send records the number on the income it sent; the invoice's other incomes (other rates) take it too.
      const invoiceId = inv.itemInvoice.get(command.itemId)
      const found = invoiceId === undefined ? undefined : inv.invoices.get(invoiceId)
      if (!found) return domainError('NOT_FOUND')
      if (!isValidKsefNumber(command.ksefNumber)) return invalid([fieldError('ksefNumber', M.ksefNumber)])
      const events: LedgerEvent[] = []
      for (const id of found.itemIds) {
        const r = state.records.get(id)
        if (!r || r.deleted || (r.data as Item).ksefNumber === command.ksefNumber) continue
        events.push({
          type: 'ItemUpdated',
          data: {
            id,
            dataType: 'Income',
            data: { ...(r.data as Item), ksefNumber: command.ksefNumber, ksefMarker: null },
          },
        } as LedgerEvent)
      }
      return events
    }
    default:
      return absurd(command)
  }
}

/**
 * Whether a command may change the income item `id` (an invoice's item changes through the invoice; the KSeF send
 * may record the KSeF number on it): the error to answer, or `null`.
 */
export const invoiceItemGuard = (state: BooksState, id: number, data: unknown): DomainError | null => {
  const invoiceId = state.invoicing.itemInvoice.get(id)
  if (invoiceId === undefined) return null
  const r = state.records.get(id)
  if (data !== undefined && r) {
    const { ksefNumber: _a, ksefMarker: _b, ...was } = r.data as Item
    const { ksefNumber: _c, ksefMarker: _d, ...now } = obj(data)
    if (canonicalJson(was) === canonicalJson(now)) return null
  }
  return invalid([fieldError('id', M.invoiceItem)])
}

/** Totals of a document as the API answers them. */
export { invoiceTotals }
