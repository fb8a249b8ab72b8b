/**
 * The register's decider: entering an asset (also from a purchase, in one action), improving, disposing of and
 * removing one. Every field is validated — its form, then what the law allows (`checkAssetTerms`) — before any event
 * is produced; a refused command writes nothing. Messages are English texts the interfaces translate.
 */
import { kstRateOf, isKstSymbol, isPassengerCarKst } from '../assets/kst.ts'
import {
  ASSET_ISSUE_FIELD,
  type AssetIssue,
  CarDrives,
  checkAssetTerms,
  DepreciationMethods,
  DisposalReasons,
  individualMinimumMonths,
  WriteOffPeriods,
} from '../assets/plan.ts'
import { type AssetState, termsOf } from '../assets/register.ts'
import { isLocalDate } from '../calendar.ts'
import type {
  DeleteAsset,
  DisposeAsset,
  EnterAsset,
  ImproveAsset,
  RecordInventory,
  SellAssetAfterPrivateUse,
} from '../commands.ts'
import { type DomainError, domainError, type FieldError, liveEntry, type ValidationResult } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { formatMoney, parseMoney } from '../money.ts'
import { costWithVat, vatFactsOf } from '../tax/crossBorder.ts'
import { taxedForVatOn } from '../tax/assetVatUse.ts'
import { statedVatOf } from '../tax/vat.ts'
import {
  type AssetDisposal,
  type AssetImprovement,
  type AssetRecord,
  type Inventory,
  type InventoryLine,
  PrivateUseVatRates,
} from '../schemas/asset.ts'
import { inventoryLineValue } from '../assets/inventory.ts'
import {
  BoundMessages,
  Bounds,
  isDateInBounds,
  isMoneyInBounds,
  notADateMessage,
  textProblem,
} from '../schemas/bounds.ts'
import { isBlank, normalizeMoney, normalizePercent } from '../schemas/common.ts'
import type { Item, Vat } from '../schemas/records.ts'
import { isJsonObject, looseObject as obj } from '../schemas/normalize.ts'
import type { BooksState } from '../model/state.ts'

/** The register's messages (English; the web and the CLI translate them by their text). */
export const AssetMessages = {
  nameRequired: 'Name is required',
  acquisitionDate: 'Acquisition date must be a date in format yyyy-mm-dd',
  entryDate: 'Entry date must be a date in format yyyy-mm-dd',
  entryBeforeAcquisition: 'Entry date must not be before the acquisition date',
  kst: 'KŚT symbol must be one to three digits or an intangible kind',
  initialValue: 'Initial value must be a positive number with at most 2 decimals',
  method: 'Method must be linear, degressive, individual, oneOff or expensed',
  rate: 'Rate must be a percent with at most 2 decimals',
  rateRequired: 'Rate is required for this KŚT symbol',
  period: 'Period must be month, quarter or year',
  months: 'Individual period must be a whole number of months',
  drive: 'Drive must be electric, hydrogen or combustion',
  co2: 'CO₂ emission must be a whole number of g/km',
  eurRate: 'Euro rate must be a number with at most 4 decimals, e.g. 4.2692',
  item: 'The purchase must be a one-time company expense in the books',
  itemTaken: 'This purchase is already an asset in the register',
  date: 'Date must be a date in format yyyy-mm-dd',
  amount: 'Amount must be a positive number with at most 2 decimals',
  price: 'Price must be a number with at most 2 decimals, not negative',
  reason: 'Reason must be sale, liquidation or privateUse',
  vatRate: 'VAT rate must be 23, 8 or 5',
  vatRateOnlyPrivateUse: 'VAT is charged on a transfer to private use only',
  vatBase: 'The value for VAT must be a positive number with at most 2 decimals',
  vatRateNotPayer: 'VAT on the transfer needs a VAT setting in force on its day, other than exempt (zw)',
  vatExemptOnlySale: 'Only a sale can be exempt from VAT',
  vatExemptFlag: 'Exempt from VAT must be true or false',
  changeOfActivityFlag: 'Change of the kind of activity must be true or false',
  beforeEntry: 'The date must not be before the asset was entered',
  alreadyDisposed: 'The asset has already left the register',
  notInPrivateUse: 'Only an asset taken to private use can be sold after it',
  alreadySold: 'The sale of this asset is already recorded',
  saleBeforeTransfer: 'The sale must not be dated before the transfer to private use',
  notDepreciable: 'Land and residential buildings are not depreciated',
  degressiveNotAllowed:
    'Degressive depreciation is only for machinery, equipment and means of transport other than passenger cars',
  degressiveFactor: 'The degressive factor must be more than 0 and at most 2',
  oneOffNotAllowed: 'A one-off write-off is only for KŚT groups 3–8 other than passenger cars',
  expensedOverLimit: 'Only an asset worth up to 10 000 zł can be expensed at once',
  individualNotAllowed: 'An individual period is not allowed for this kind of asset',
  individualPeriodTooShort: 'The individual period is shorter than the law allows for this asset',
  improvementBeforeEntry: 'An improvement cannot be dated before the asset was entered',
  disposalBeforeEntry: 'A disposal cannot be dated before the asset was entered',
  inventoryYear: 'Year must be a whole number from 1900 to 2100',
  inventoryKind: 'Kind must be start or end',
  inventoryDate: 'The stock-taking must be dated within its year',
  inventoryAmount: 'Value must be a number with at most 2 decimals, not negative',
  inventorySum: 'Value must equal the sum of the lines',
  lineName: 'Each line needs a name',
  lineQuantity: 'Quantity must be a positive number with at most 3 decimals',
  linePrice: 'Price must be a number with at most 2 decimals, not negative',
} as const

const ISSUE_MESSAGE: Record<AssetIssue, string> = {
  notDepreciable: AssetMessages.notDepreciable,
  degressiveNotAllowed: AssetMessages.degressiveNotAllowed,
  degressiveFactor: AssetMessages.degressiveFactor,
  oneOffNotAllowed: AssetMessages.oneOffNotAllowed,
  expensedOverLimit: AssetMessages.expensedOverLimit,
  individualNotAllowed: AssetMessages.individualNotAllowed,
  individualPeriodTooShort: AssetMessages.individualPeriodTooShort,
  improvementBeforeEntry: AssetMessages.improvementBeforeEntry,
  disposalBeforeEntry: AssetMessages.disposalBeforeEntry,
  initialValue: AssetMessages.initialValue,
}

const text = (errors: FieldError[], field: string, v: unknown, fallback = ''): string => {
  if (isBlank(v)) return fallback
  // The field's own message, as every record's text has (schemas/bounds.ts): of another type, too long, or not
  // one line that prints as it reads.
  const label = TEXT_LABELS[field] ?? 'Text'
  const message =
    typeof v !== 'string'
      ? `${label} must be text`
      : v.length > Bounds.textMax
        ? BoundMessages.textTooLong(label)
        : textProblem(v) === 'INVALID_TEXT_CHARACTERS'
          ? BoundMessages.textControl(label)
          : null
  if (message !== null || typeof v !== 'string') {
    errors.push({ field, code: 'INVALID_TEXT', message: message ?? `${label} must be text` })
    return ''
  }
  return v.trim()
}
const TEXT_LABELS: Readonly<Record<string, string>> = { name: 'Name', document: 'Document number', number: 'Number' }
/** The label a date field's messages start with. */
const DATE_LABELS: Readonly<Record<string, string>> = {
  acquisitionDate: 'Acquisition date',
  entryDate: 'Entry date',
  date: 'Date',
}
const date = (errors: FieldError[], field: string, v: unknown, message: string): string => {
  if (typeof v === 'string' && isLocalDate(v) && isDateInBounds(v)) return v
  errors.push({
    field,
    code: isBlank(v) ? 'REQUIRED' : 'INVALID_DATE',
    message: notADateMessage(DATE_LABELS[field] ?? 'Date', v, message),
  })
  return ''
}
const positiveMoney = (errors: FieldError[], field: string, v: unknown, message: string): string => {
  const m = normalizeMoney(v)
  if (m !== null && isMoneyInBounds(m) && parseMoney(m) > 0n) return m
  errors.push({ field, code: isBlank(v) ? 'REQUIRED' : 'INVALID_MONEY', message })
  return '0.00'
}
const choice = <T extends string>(
  errors: FieldError[],
  field: string,
  v: unknown,
  options: readonly T[],
  fallback: T,
  message: string,
): T => {
  if (isBlank(v)) return fallback
  if (typeof v === 'string' && (options as readonly string[]).includes(v)) return v as T
  errors.push({ field, code: 'INVALID_CHOICE', message })
  return fallback
}
const integer = (errors: FieldError[], field: string, v: unknown, min: number, max: number, message: string) => {
  if (isBlank(v)) return null
  const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max) return n
  errors.push({ field, code: 'INVALID_INTEGER', message })
  return null
}

/** The purchase an asset is made from, when the command names one: a live one-time company expense. */
const purchaseOf = (state: BooksState, id: unknown): { id: number; item: Item } | null => {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null
  const r = state.records.get(id)
  if (!r || r.deleted || r.dataType !== 'Expense') return null
  const item = r.data as Item
  return item.isCompany ? { id, item } : null
}

/**
 * An asset's initial value taken from its purchase: the net amount and the input VAT that may not be deducted (uPIT
 * art. 22g ust. 3: the price of acquisition includes VAT except where it is deductible): half of a mixed-use car's
 * VAT (uVAT art. 86a ust. 1). The VAT is the document's, or the item's rate on its net amount; an item at the rate in
 * force of the VAT setting adds none (the settings are the derivation's, which deciding does not ask).
 */
const purchasePrice = (item: Item): string =>
  formatMoney(
    costWithVat({ amount: parseMoney(item.amount), vatAmount: statedVatOf(item) ?? 0n, vatFacts: vatFactsOf(item) }),
  )

/** The next free register number: one more than the highest numeric number so far. */
const nextNumber = (state: BooksState): string => {
  let max = 0
  for (const a of state.assets.values()) if (/^\d+$/.test(a.data.number)) max = Math.max(max, Number(a.data.number))
  return String(max + 1)
}

/**
 * Loose input → the register entry, or its field errors. With `itemId`, the purchase supplies what the input leaves
 * out: the name, the net amount as the initial value, the invoice date as the acquisition date, the document.
 */
export const validateAssetEntry = (state: BooksState, input: unknown): ValidationResult<AssetRecord> => {
  const d = obj(input)
  const errors: FieldError[] = []
  let purchase: { id: number; item: Item } | null = null
  if (!isBlank(d.itemId)) {
    purchase = purchaseOf(state, d.itemId)
    if (!purchase) errors.push({ field: 'itemId', code: 'NOT_FOUND', message: AssetMessages.item })
    else
      for (const a of state.assets.values())
        if (!a.deleted && a.data.itemId === purchase.id)
          errors.push({ field: 'itemId', code: 'DUPLICATE', message: AssetMessages.itemTaken })
  }
  const item = purchase?.item
  const name = text(errors, 'name', d.name, item?.name ?? '')
  if (name === '' && !errors.some((e) => e.field === 'name'))
    errors.push({ field: 'name', code: 'REQUIRED', message: AssetMessages.nameRequired })
  const acquisitionDate = date(
    errors,
    'acquisitionDate',
    d.acquisitionDate ?? (item ? (item.invoiceDate ?? item.date) : undefined),
    AssetMessages.acquisitionDate,
  )
  // The entry date defaults to the acquisition date: when that is refused, the one refusal names it (a form without
  // an entry date field would otherwise show an error about a field it does not have).
  const entryDate =
    (d.entryDate ?? null) === null && acquisitionDate === ''
      ? ''
      : date(errors, 'entryDate', d.entryDate ?? acquisitionDate, AssetMessages.entryDate)
  if (acquisitionDate && entryDate && entryDate < acquisitionDate)
    errors.push({ field: 'entryDate', code: 'INVALID_DATE', message: AssetMessages.entryBeforeAcquisition })
  const number = text(errors, 'number', d.number, nextNumber(state))
  const document = text(errors, 'document', d.document, item?.documentNumber ?? '')
  let kst = ''
  if (isKstSymbol(d.kst)) kst = d.kst
  else errors.push({ field: 'kst', code: isBlank(d.kst) ? 'REQUIRED' : 'INVALID_CHOICE', message: AssetMessages.kst })
  const initialValue = positiveMoney(
    errors,
    'initialValue',
    d.initialValue ?? (item ? purchasePrice(item) : undefined),
    AssetMessages.initialValue,
  )
  const method = choice(errors, 'method', d.method, DepreciationMethods, 'linear', AssetMessages.method)
  let rate = ''
  if (isBlank(d.rate)) {
    const annex = kst ? kstRateOf(kst) : null
    if (annex?.depreciable) rate = annex.rate
    else if (method === 'expensed' || method === 'individual') rate = '0'
    else if (kst) errors.push({ field: 'rate', code: 'REQUIRED', message: AssetMessages.rateRequired })
  } else {
    const p = normalizePercent(d.rate)
    if (p === null) errors.push({ field: 'rate', code: 'INVALID_PERCENT', message: AssetMessages.rate })
    else rate = p
  }
  let degressiveFactor: string | null = null
  if (method === 'degressive') {
    degressiveFactor = isBlank(d.degressiveFactor) ? '2' : normalizePercent(d.degressiveFactor)
    if (degressiveFactor === null) {
      errors.push({ field: 'degressiveFactor', code: 'INVALID_PERCENT', message: AssetMessages.degressiveFactor })
      degressiveFactor = '2'
    }
  }
  const individualMonths =
    method === 'individual'
      ? integer(errors, 'individualMonths', d.individualMonths, 1, 1200, AssetMessages.months)
      : null
  const period = choice(errors, 'period', d.period, WriteOffPeriods, 'month', AssetMessages.period)
  let car: AssetRecord['car'] = null
  if (kst && isPassengerCarKst(kst)) {
    // `car` is an object of the car's drive and emission: anything else is refused, not read as a combustion car.
    if (!isBlank(d.car) && !isJsonObject(d.car))
      errors.push({ field: 'car', code: 'VALIDATION', message: AssetMessages.drive })
    const c = obj(d.car)
    car = {
      drive: choice(errors, 'car.drive', c.drive, CarDrives, 'combustion', AssetMessages.drive),
      co2GramsPerKm: integer(errors, 'car.co2GramsPerKm', c.co2GramsPerKm, 0, 1000, AssetMessages.co2),
    }
  }
  let oneOffEurRate: string | null = null
  if (method === 'oneOff') {
    const r = typeof d.oneOffEurRate === 'number' ? String(d.oneOffEurRate) : d.oneOffEurRate
    if (typeof r === 'string' && /^\d{1,2}\.\d{1,4}$/.test(r.trim())) oneOffEurRate = r.trim()
    else
      errors.push({
        field: 'oneOffEurRate',
        code: isBlank(r) ? 'REQUIRED' : 'INVALID_MONEY',
        message: AssetMessages.eurRate,
      })
  }
  const value: AssetRecord = {
    number,
    name,
    acquisitionDate,
    entryDate,
    document,
    kst,
    initialValue,
    method,
    rate,
    degressiveFactor,
    individualMonths,
    period,
    car,
    oneOffEurRate,
    itemId: purchase?.id ?? null,
  }
  if (errors.length > 0) return { ok: false, errors }
  const law = lawErrors({ id: 0, data: value, improvements: [], disposal: null, deleted: false, version: 0 })
  return law.length > 0 ? { ok: false, errors: law } : { ok: true, value }
}

/** What the law refuses in an asset's terms, as field errors. */
const lawErrors = (a: AssetState): FieldError[] =>
  checkAssetTerms(termsOf(a)).map((issue) => ({
    field: ASSET_ISSUE_FIELD[issue],
    code: 'VALIDATION' as const,
    message: ISSUE_MESSAGE[issue],
  }))

const refuse = (errors: readonly FieldError[]): DomainError => domainError('VALIDATION', errors[0]?.message, errors)

const liveAsset = (state: BooksState, id: unknown): AssetState | DomainError => liveEntry(state.assets, id)
const isAsset = (x: AssetState | DomainError): x is AssetState => 'data' in x

/**
 * A change of a live asset: the asset, the command's loose fields and the list their errors go into; or why not.
 * `inRegister`: the change needs the asset still in the register, and the list starts with `id`'s error when it has left.
 */
const assetChange = (
  state: BooksState,
  command: { readonly id: unknown; readonly data: unknown },
  inRegister = false,
):
  | { readonly asset: AssetState; readonly fields: Record<string, unknown>; readonly errors: FieldError[] }
  | DomainError => {
  const asset = liveAsset(state, command.id)
  if (!isAsset(asset)) return asset
  const errors: FieldError[] =
    inRegister && asset.disposal ? [{ field: 'id', code: 'VALIDATION', message: AssetMessages.alreadyDisposed }] : []
  return { asset, fields: obj(command.data), errors }
}

/**
 * Whether the VAT setting in force on `day` (the latest dated on or before it) makes the taxpayer's supplies taxed:
 * there is one, and it is not the art. 113 exemption (`zw`). A transfer to private use is taxed only then.
 */
const taxedOn = (state: BooksState, day: string): boolean =>
  // In id order, so that of two settings of one day the later recorded is in force, as the engine reads them.
  taxedForVatOn(
    [...state.records.values()]
      .filter((r) => r.dataType === 'Vat' && !r.deleted)
      .sort((a, b) => a.id - b.id)
      .map((r) => r.data as Vat),
    day,
  )

/** An amount as `normalizeMoney` read it is refused: not a sum of money, below zero or past the bounds. */
const badAmount = (amount: string | null): boolean =>
  amount === null || amount.startsWith('-') || !isMoneyInBounds(amount)

/** The shortest individual period the law allows for an entry (for the forms' hints). */
export const individualMinimumOf = (kst: string, initialValue: string): number | null =>
  individualMinimumMonths(kst, parseMoney(initialValue))

export type AssetCommand =
  | EnterAsset
  | ImproveAsset
  | DisposeAsset
  | DeleteAsset
  | RecordInventory
  | SellAssetAfterPrivateUse

/** Loose input → a stock-taking, or its field errors (each line's value is quantity × price, to the grosz). */
export const validateInventory = (input: unknown): ValidationResult<Inventory> => {
  const d = obj(input)
  const errors: FieldError[] = []
  const year = integer(errors, 'year', d.year, 1900, 2100, AssetMessages.inventoryYear)
  if (year === null && !errors.some((e) => e.field === 'year'))
    errors.push({ field: 'year', code: 'REQUIRED', message: AssetMessages.inventoryYear })
  const kind = choice(errors, 'kind', d.kind, ['start', 'end'] as const, 'end', AssetMessages.inventoryKind)
  if (isBlank(d.kind)) errors.push({ field: 'kind', code: 'REQUIRED', message: AssetMessages.inventoryKind })
  const fallbackDate = year === null ? undefined : kind === 'start' ? `${year}-01-01` : `${year}-12-31`
  const day = date(errors, 'date', d.date ?? fallbackDate, AssetMessages.date)
  if (day && year !== null && Number(day.slice(0, 4)) !== year)
    errors.push({ field: 'date', code: 'INVALID_DATE', message: AssetMessages.inventoryDate })
  const rawLines = Array.isArray(d.lines) ? d.lines : []
  const lines: InventoryLine[] = []
  let sum = 0n
  rawLines.forEach((raw, i) => {
    const l = obj(raw)
    const name = text(errors, `lines.${i}.name`, l.name)
    if (name === '') errors.push({ field: `lines.${i}.name`, code: 'REQUIRED', message: AssetMessages.lineName })
    const q = typeof l.quantity === 'number' ? String(l.quantity) : l.quantity
    const quantity = typeof q === 'string' && /^\d{1,9}(\.\d{1,3})?$/.test(q.trim()) && Number(q) > 0 ? q.trim() : ''
    if (quantity === '')
      errors.push({ field: `lines.${i}.quantity`, code: 'INVALID_MONEY', message: AssetMessages.lineQuantity })
    const price = normalizeMoney(l.price)
    if (badAmount(price))
      errors.push({ field: `lines.${i}.price`, code: 'INVALID_MONEY', message: AssetMessages.linePrice })
    const line = {
      name,
      quantity: quantity || '0',
      unit: text(errors, `lines.${i}.unit`, l.unit),
      price: price ?? '0.00',
    }
    lines.push(line)
    sum += inventoryLineValue(line)
  })
  let amount = '0.00'
  const given = isBlank(d.amount) ? null : normalizeMoney(d.amount)
  if (!isBlank(d.amount) && badAmount(given))
    errors.push({ field: 'amount', code: 'INVALID_MONEY', message: AssetMessages.inventoryAmount })
  else if (lines.length > 0) {
    amount = formatMoney(sum)
    if (given !== null && given !== amount)
      errors.push({ field: 'amount', code: 'VALIDATION', message: AssetMessages.inventorySum })
  } else if (given === null) errors.push({ field: 'amount', code: 'REQUIRED', message: AssetMessages.inventoryAmount })
  else amount = given
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, value: { year: year!, kind, date: day, amount, lines } }
}

export const decideAsset = (command: AssetCommand, state: BooksState): LedgerEvent[] | DomainError => {
  switch (command.type) {
    case 'EnterAsset': {
      const v = validateAssetEntry(state, command.data)
      if (!v.ok) return refuse(v.errors)
      const out: LedgerEvent[] = []
      const id = state.nextId
      // A purchase turned into an asset is no longer a cost of its month: the register's write-offs are.
      if (v.value.itemId !== null) {
        const r = state.records.get(v.value.itemId)!
        const item = r.data as Item
        // Its input VAT is a fixed asset's (K_40 / K_41, tax/crossBorder.ts).
        if (item.kpirColumn !== 'notCost' || item.fixedAsset !== true)
          out.push({
            type: 'ItemUpdated',
            data: { id: r.id, dataType: 'Expense', data: { ...item, kpirColumn: 'notCost', fixedAsset: true } },
          } as LedgerEvent)
      }
      out.push({ type: 'AssetEntered', data: { id, data: v.value } })
      return out
    }
    case 'ImproveAsset': {
      const change = assetChange(state, command, true)
      if (!('asset' in change)) return change
      const { asset: a, fields: d, errors } = change
      const data: AssetImprovement = {
        date: date(errors, 'date', d.date, AssetMessages.date),
        amount: positiveMoney(errors, 'amount', d.amount, AssetMessages.amount),
        document: text(errors, 'document', d.document),
      }
      if (data.date && data.date < a.data.entryDate)
        errors.push({ field: 'date', code: 'INVALID_DATE', message: AssetMessages.beforeEntry })
      return errors.length > 0 ? refuse(errors) : [{ type: 'AssetImproved', data: { id: a.id, data } }]
    }
    case 'DisposeAsset': {
      const change = assetChange(state, command, true)
      if (!('asset' in change)) return change
      const { asset: a, fields: d, errors } = change
      const reason = choice(errors, 'reason', d.reason, DisposalReasons, 'sale', AssetMessages.reason)
      if (isBlank(d.reason)) errors.push({ field: 'reason', code: 'REQUIRED', message: AssetMessages.reason })
      const price = isBlank(d.price) ? '0.00' : normalizeMoney(d.price)
      if (badAmount(price)) errors.push({ field: 'price', code: 'INVALID_MONEY', message: AssetMessages.price })
      // Whether the undepreciated value of a liquidation is a cost turns on it (uPIT art. 23 ust. 1 pkt 6): anything
      // but a boolean is refused, never read as false.
      const changeOfActivity = d.changeOfActivity === true
      if (d.changeOfActivity != null && typeof d.changeOfActivity !== 'boolean')
        errors.push({ field: 'changeOfActivity', code: 'VALIDATION', message: AssetMessages.changeOfActivityFlag })
      // A transfer to private use of an asset whose input VAT was deducted is a supply (uVAT art. 7 ust. 2): its VAT
      // percent, and `price` as its base (art. 29a ust. 2), which must then be given.
      const vatRate = typeof d.vatRate === 'number' ? String(d.vatRate) : d.vatRate
      const rate = isBlank(vatRate)
        ? null
        : choice(errors, 'vatRate', vatRate, PrivateUseVatRates, '23', AssetMessages.vatRate)
      const day = typeof d.date === 'string' && isLocalDate(d.date) ? d.date : null
      if (rate !== null && reason !== 'privateUse')
        errors.push({ field: 'vatRate', code: 'VALIDATION', message: AssetMessages.vatRateOnlyPrivateUse })
      else if (rate !== null && day !== null && !taxedOn(state, day))
        errors.push({ field: 'vatRate', code: 'VALIDATION', message: AssetMessages.vatRateNotPayer })
      else if (rate !== null && price !== null && !badAmount(price) && parseMoney(price) === 0n)
        errors.push({
          field: 'price',
          code: isBlank(d.price) ? 'REQUIRED' : 'INVALID_MONEY',
          message: AssetMessages.vatBase,
        })
      // A VAT payer's sale exempt under art. 43 (the art. 91 correction of the years left reads it).
      const vatExempt = d.vatExempt === true
      if (d.vatExempt != null && typeof d.vatExempt !== 'boolean')
        errors.push({ field: 'vatExempt', code: 'VALIDATION', message: AssetMessages.vatExemptFlag })
      else if (vatExempt && reason !== 'sale')
        errors.push({ field: 'vatExempt', code: 'VALIDATION', message: AssetMessages.vatExemptOnlySale })
      const data: AssetDisposal = {
        date: date(errors, 'date', d.date, AssetMessages.date),
        reason,
        price: price ?? '0.00',
        ...(rate !== null ? { vatRate: rate } : {}),
        ...(vatExempt ? { vatExempt: true } : {}),
        changeOfActivity,
        document: text(errors, 'document', d.document),
      }
      let last = a.data.entryDate
      for (const i of a.improvements) if (i.date > last) last = i.date
      if (data.date && data.date < last)
        errors.push({ field: 'date', code: 'INVALID_DATE', message: AssetMessages.beforeEntry })
      return errors.length > 0 ? refuse(errors) : [{ type: 'AssetDisposed', data: { id: a.id, data } }]
    }
    case 'SellAssetAfterPrivateUse': {
      const change = assetChange(state, command)
      if (!('asset' in change)) return change
      const { asset: a, fields: d, errors } = change
      if (a.disposal?.reason !== 'privateUse')
        errors.push({ field: 'id', code: 'VALIDATION', message: AssetMessages.notInPrivateUse })
      else if (a.privateSale) errors.push({ field: 'id', code: 'VALIDATION', message: AssetMessages.alreadySold })
      const price = normalizeMoney(d.price)
      if (badAmount(price))
        errors.push({
          field: 'price',
          code: isBlank(d.price) ? 'REQUIRED' : 'INVALID_MONEY',
          message: AssetMessages.price,
        })
      const data = {
        date: date(errors, 'date', d.date, AssetMessages.date),
        price: price ?? '0.00',
        document: text(errors, 'document', d.document),
      }
      if (data.date && a.disposal && data.date < a.disposal.date)
        errors.push({ field: 'date', code: 'INVALID_DATE', message: AssetMessages.saleBeforeTransfer })
      return errors.length > 0 ? refuse(errors) : [{ type: 'AssetSoldAfterPrivateUse', data: { id: a.id, data } }]
    }
    case 'DeleteAsset': {
      const a = liveAsset(state, command.id)
      if (!isAsset(a)) return a
      return [{ type: 'AssetDeleted', data: { id: a.id } }]
    }
    case 'RecordInventory': {
      const v = validateInventory(command.data)
      if (!v.ok) return refuse(v.errors)
      const before = state.inventories.get(`${v.value.year}:${v.value.kind}`)
      if (before && JSON.stringify(before) === JSON.stringify(v.value)) return domainError('NO_CHANGES')
      return [{ type: 'InventoryTaken', data: { data: v.value } }]
    }
  }
}
