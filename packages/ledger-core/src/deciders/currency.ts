/**
 * The decisions about foreign currency: recording NBP tables (`RecordCurrencyRates`) and converting an item in a
 * currency before it is saved (`withConversion`, called by the item commands and the FA(3) import). Pure: the rates
 * come from the books state only.
 */
import { isLocalDate } from '../calendar.ts'
import type { RecordCurrencyRates } from '../commands.ts'
import { domainError, type DomainError, type FieldError, type ValidationResult } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { parseTransactionId } from '../identity.ts'
import { formatMoney } from '../money.ts'
import { isIncomeType, type ItemDataType } from '../schemas/dataTypes.ts'
import type { Item } from '../schemas/records.ts'
import {
  convertItem,
  initialRates,
  ECB_TABLE,
  isRateString,
  isTableACurrency,
  isTableBCurrency,
  missingRateMessage,
  type RateTable,
  type RateTableKind,
  type RateUsed,
  rateBook,
} from '../tax/currency.ts'
import { isSelfAssessedKind } from '../tax/crossBorder.ts'
import { itemDatesOf, pitDateOf, vatDateOf, vatRateDay } from '../tax/taxPoint.ts'
import { type RateChoice, vatExchangeRateOn } from '../tax/vatExchangeRate.ts'
import type { BooksState } from '../model/state.ts'

const TABLE_NO: Record<RateTableKind, RegExp> = {
  A: /^\d{1,3}\/A\/NBP\/\d{4}$/,
  B: /^\d{1,3}\/B\/NBP\/\d{4}$/,
  ECB: new RegExp(`^${ECB_TABLE}$`),
}
const TABLE_EXAMPLE: Record<RateTableKind, string> = { A: '005/A/NBP/2026', B: '005/B/NBP/2026', ECB: ECB_TABLE }
/** The currencies a table may quote: table A's, table B's, and for the ECB any ISO code (PLN among them). */
const QUOTES: Record<RateTableKind, (code: string) => boolean> = {
  A: isTableACurrency,
  B: isTableBCurrency,
  ECB: (code) => /^[A-Z]{3}$/.test(code) && code !== 'EUR',
}
const SOURCES: Record<RateTableKind, readonly string[]> = {
  A: ['nbpApi', 'nbpArchive'],
  B: ['nbpApi', 'nbpArchive'],
  ECB: ['ecbApi', 'ecbHistory'],
}
const MAX_TABLES = 400

const field = (f: string, message: string, code: FieldError['code'] = 'VALIDATION'): FieldError => ({
  field: f,
  code,
  message,
})

/**
 * Records tables of NBP table A: every table checked (number, day, rates); a day's table the books hold already must
 * agree with it (a different rate is refused: a published table never changes); only new tables and rates are written.
 * Nothing new and the range covered already: no event.
 */
export const decideRates = (command: RecordCurrencyRates, state: BooksState): LedgerEvent[] | DomainError => {
  const errors: FieldError[] = []
  const { from, to, source } = command
  const kind: RateTableKind = command.table ?? 'A'
  if (!(kind in SOURCES)) errors.push(field('table', 'Table must be A, B or ECB'))
  else if (!SOURCES[kind].includes(source)) errors.push(field('source', `Source must be ${SOURCES[kind].join(' or ')}`))
  if (!isLocalDate(from)) errors.push(field('from', 'From must be a date in format yyyy-mm-dd', 'INVALID_DATE'))
  if (!isLocalDate(to) || (isLocalDate(from) && to < from))
    errors.push(field('to', 'To must be a date in format yyyy-mm-dd, not before from', 'INVALID_DATE'))
  const tables = Array.isArray(command.tables) ? (command.tables as unknown[]) : null
  if (tables === null || tables.length > MAX_TABLES)
    errors.push(field('tables', `Tables must be a list of at most ${MAX_TABLES}`))
  if (errors.length > 0) return domainError('VALIDATION', errors[0]!.message, errors)
  const rates = rateBook(state.rates ?? initialRates, kind)
  const out: RateTable[] = []
  const seen = new Set<string>()
  for (const [i, t] of (tables ?? []).entries()) {
    const at = `tables.${i}`
    const x = (t ?? {}) as Partial<RateTable>
    if (typeof x.no !== 'string' || !TABLE_NO[kind].test(x.no)) {
      errors.push(field(`${at}.no`, `Table number must look like ${TABLE_EXAMPLE[kind]}`))
      continue
    }
    if (!isLocalDate(x.date) || x.date < from || x.date > to || seen.has(x.date)) {
      errors.push(field(`${at}.date`, 'Table day must be a date within from and to, once', 'INVALID_DATE'))
      continue
    }
    seen.add(x.date)
    const given = typeof x.rates === 'object' && x.rates !== null ? Object.entries(x.rates) : []
    const bad = given.find(([code, rate]) => !QUOTES[kind](code) || !isRateString(rate))
    if (given.length === 0 || bad) {
      const of = kind === 'ECB' ? 'currencies against the euro' : `table ${kind} currencies`
      errors.push(field(`${at}.rates`, `Rates must be positive decimal rates of ${of}${bad ? ` (${bad[0]})` : ''}`))
      continue
    }
    const old = rates.tables.get(x.date)
    if (old && old.no !== x.no) {
      errors.push(field(`${at}.no`, `The books hold table ${old.no} for ${x.date}`))
      continue
    }
    const fresh: Record<string, string> = {}
    for (const [code, rate] of given) {
      const had = old?.rates[code]
      if (had === undefined) fresh[code] = rate as string
      else if (Number(had) !== Number(rate))
        errors.push(field(`${at}.rates.${code}`, `The books hold ${code} ${had} in table ${x.no}`))
    }
    if (Object.keys(fresh).length > 0) out.push({ no: x.no, date: x.date, rates: fresh })
  }
  if (errors.length > 0) return domainError('VALIDATION', errors[0]!.message, errors)
  const coveredAlready = rates.covered.some(([a, b]) => a <= from && to <= b)
  if (out.length === 0 && coveredAlready) return []
  out.sort((a, b) => (a.date < b.date ? -1 : 1))
  const data = { source, ...(kind === 'A' ? {} : { table: kind }), from, to, tables: out }
  return [{ type: 'CurrencyRatesRecorded', data } as LedgerEvent]
}

/** The live VAT settings' exchange-rate choices (uVAT art. 31a ust. 1, ust. 2 by reference). */
export const vatSettingsOf = (state: BooksState): RateChoice[] => {
  const out: RateChoice[] = []
  for (const r of state.records.values())
    if (r.dataType === 'Vat' && !r.deleted) {
      const v = r.data as { date: string; vatExchangeRate?: 'nbp' | 'ecb' }
      out.push({ id: r.id, date: v.date, vatExchangeRate: v.vatExchangeRate })
    }
  return out
}

/**
 * An item as it is saved: in złoty unchanged; in a currency with its złoty amounts and the rates used filled in
 * (`amount` the VAT base, `currency.pitAmount` the revenue or cost, `currency.paidAmount` the payment's value), or
 * the missing rates as field errors of `currency` (400: the currency, the table and the day).
 */
export const withConversion = <T extends Item>(
  state: BooksState,
  dataType: ItemDataType,
  item: T,
): ValidationResult<T> => {
  const c = item.currency
  if (!c) return { ok: true, value: item }
  if (dataType === 'RecurringIncome' || dataType === 'RecurringExpense')
    return withRecurringConversion(state, dataType, item)
  const dates = itemDatesOf(item, isIncomeType(dataType))
  const vatDate = vatDateOf(dates)
  const conv = convertItem(
    state.rates ?? initialRates,
    c.code,
    c.amount,
    vatRateDay(dates, vatDate, isSelfAssessedKind(item.crossBorder)),
    pitDateOf(dates),
    c.paidOn,
    {
      vatSource: vatExchangeRateOn(vatSettingsOf(state), vatDate),
      bankRate: c.bankRate ?? null,
    },
  )
  if (!conv.ok)
    return { ok: false, errors: conv.missing.map((m) => field('currency', missingRateMessage(m), 'REQUIRED')) }
  const { vat, pit, paid } = conv.value
  return {
    ok: true,
    value: {
      ...item,
      amount: formatMoney(vat.amount),
      currency: {
        code: c.code,
        amount: c.amount,
        paidOn: c.paidOn,
        ...(c.bankRate && c.paidOn !== null ? { bankRate: c.bankRate } : {}),
        vatRate: vat.rate,
        pitRate: pit.rate,
        pitAmount: formatMoney(pit.amount),
        paidRate: paid?.rate ?? null,
        paidAmount: paid ? formatMoney(paid.amount) : null,
      },
    },
  }
}

/** The most repetitions converted at once (a recurring item's months). */
const MAX_CONVERTED_REPETITIONS = 120

/**
 * A recurring item in a currency: every occurrence converted at the rates of its own dates (uVAT art. 31a ust. 1–2,
 * uPIT art. 11a), each month's dates shifted as the schedule shifts them. All occurrences need their rates when the
 * item is saved: a missing one refuses it, naming the currency, the table and the day (the first few). The payment
 * day and the exchange difference (art. 24c) are not kept for a recurring item: enter its payments per document.
 */
const withRecurringConversion = <T extends Item>(
  state: BooksState,
  dataType: ItemDataType,
  item: T,
): ValidationResult<T> => {
  const c = item.currency!
  const n = Math.min((item as { repetitions?: number }).repetitions ?? 1, MAX_CONVERTED_REPETITIONS)
  if (c.paidOn !== null)
    return {
      ok: false,
      errors: [
        field('currency.paidOn', 'A recurring item in a currency has no payment day: record payments per document'),
      ],
    }
  const settings = vatSettingsOf(state)
  const rates = state.rates ?? initialRates
  const out: { amount: string; pitAmount: string; vatRate: RateUsed; pitRate: RateUsed }[] = []
  const missing: FieldError[] = []
  for (let k = 0; k < n; k++) {
    const dates = itemDatesOf(item, isIncomeType(dataType), k)
    const vatDate = vatDateOf(dates)
    const conv = convertItem(
      rates,
      c.code,
      c.amount,
      vatRateDay(dates, vatDate, isSelfAssessedKind(item.crossBorder)),
      pitDateOf(dates),
      null,
      {
        vatSource: vatExchangeRateOn(settings, vatDate),
      },
    )
    if (!conv.ok) {
      for (const m of conv.missing)
        if (missing.length < 3 && !missing.some((x) => x.message === missingRateMessage(m)))
          missing.push(field('currency', missingRateMessage(m), 'REQUIRED'))
      continue
    }
    const { vat, pit } = conv.value
    out.push({
      amount: formatMoney(vat.amount),
      pitAmount: formatMoney(pit.amount),
      vatRate: vat.rate,
      pitRate: pit.rate,
    })
  }
  if (missing.length > 0) return { ok: false, errors: missing }
  const first = out[0]!
  return {
    ok: true,
    value: {
      ...item,
      amount: first.amount,
      currency: {
        code: c.code,
        amount: c.amount,
        paidOn: null,
        vatRate: first.vatRate,
        pitRate: first.pitRate,
        pitAmount: first.pitAmount,
        paidRate: null,
        paidAmount: null,
        occurrences: out,
      },
    },
  }
}

/**
 * The payment day of a foreign-currency item follows its row's completion (a row marked paid on a day, or a matched
 * bank line): each `TransactionCompletedSet` of an item's row in `events` with a day sets the item's
 * `currency.paidOn` (an un-completion clears it), converted again so the exchange difference (uPIT art. 24c) counts
 * from that day. A missing rate of that day refuses the command like any other conversion.
 */
export const withCurrencyPayments = (
  state: BooksState,
  decided: LedgerEvent[] | DomainError,
): LedgerEvent[] | DomainError => {
  if (!Array.isArray(decided)) return decided
  let out: LedgerEvent[] | null = null
  for (const e of decided) {
    if (e.type !== 'TransactionCompletedSet') continue
    const p = parseTransactionId(e.data.id)
    if (p?.kind !== 'item') continue
    const r = state.records.get(p.itemId)
    const item = r?.data as Item | undefined
    if (!r || r.deleted || !item?.currency) continue
    const paidOn = e.data.completed ? (e.data.paidOn ?? item.currency.paidOn) : null
    if (paidOn === item.currency.paidOn) continue
    const c = withConversion(state, r.dataType as ItemDataType, { ...item, currency: { ...item.currency, paidOn } })
    if (!c.ok) return domainError('VALIDATION', c.errors[0]?.message, c.errors)
    out ??= [...decided]
    out.push({ type: 'ItemUpdated', data: { id: r.id, dataType: r.dataType, data: c.value } } as LedgerEvent)
  }
  return out ?? decided
}
