/**
 * Reading KSeF FA(3) invoices (schema `schemat_FA(3)_v1-0E.xsd`, vendored) into the items of the books.
 *
 * `readFa3(xml)` reads a document that already passed the official schema (`validateMany`) into the parts Finance
 * uses; `fa3Document(invoice, context)` decides what it becomes: an expense when the company is the buyer (Podmiot2's
 * NIP is the company's), an income when it is the seller (Podmiot1), one item per VAT rate of the invoice (the
 * invoice states net and VAT per rate: P_13_x / P_14_x), with the document number, dates, counterparty, KSeF number
 * and the company flag. A correction (KOR, KOR_ZAL, KOR_ROZ) becomes correcting items: the differences it states,
 * linked to the invoice it corrects, in the period its type of correction says. What each field is taken from and
 * why: docs/tax-rules.md §10.
 */
import type { Counterparty, ImportedDocument, ImportMessage, ItemDataType, MoneyString } from '@finance/ledger-core'
import {
  divRoundHalfUp,
  formatMoney,
  isValidKsefNumber,
  KSEF_NUMBER,
  ksefNumberDate,
  vatOfItem,
} from '@finance/ledger-core/light'
import { XMLParser } from 'fast-xml-parser'

/** A problem that keeps an invoice out of the books, or a warning about one that was imported (its shape: the core's
 * `ImportMessage`, which the web app reads). */
export type Fa3Message = ImportMessage

const msg = (code: string, message: string, params?: Record<string, string>): Fa3Message =>
  params ? { code, message, params } : { code, message }

/** One VAT bucket of the invoice: the sums of P_13_x (net) and P_14_x / P_14_xW (VAT). */
export interface Fa3Rate {
  /** The FA(3) field of the net sum (`P_13_1` … `P_13_11`). */
  readonly field: string
  /** Net in the invoice currency. */
  readonly net: bigint
  /** VAT in the invoice currency (`null` where the field has none). */
  readonly vat: bigint | null
  /** VAT in złoty of an invoice in another currency (P_14_xW), when given. */
  readonly vatPln: bigint | null
}

export interface Fa3Party {
  readonly nip: string | null
  /** For a buyer without a Polish NIP: the EU VAT number (with its country code) or another id. */
  readonly otherId: string | null
  readonly name: string
  readonly country: string | null
  readonly address: string
}

export interface Fa3Line {
  readonly rate: string | null
  readonly description: string
  readonly supplyDate: string | null
  readonly gtu: string | null
  readonly procedure: string | null
  readonly exchangeRate: string | null
  /** P_12_XII: the other member state's VAT rate of a line sold under the OSS procedure (uVAT art. 130a–130d). */
  readonly ossRate: string | null
}

export interface Fa3Invoice {
  readonly seller: Fa3Party
  readonly buyer: Fa3Party
  readonly currency: string
  /** P_1: issue date. */
  readonly issueDate: string
  /** P_2: the invoice number. */
  readonly number: string
  /** P_6, or the end of OkresFa (P_6_Do). */
  readonly supplyDate: string | null
  readonly rates: readonly Fa3Rate[]
  /** P_15: the total due. */
  readonly total: bigint
  readonly kind: 'VAT' | 'KOR' | 'ZAL' | 'ROZ' | 'UPR' | 'KOR_ZAL' | 'KOR_ROZ'
  /** Adnotacje P_16: cash accounting (metoda kasowa). */
  readonly cashMethod: boolean
  /** Adnotacje P_18: "odwrotne obciążenie" (domestic reverse charge shows as P_13_10, refused; abroad, np II). */
  readonly reverseCharge: boolean
  /** Adnotacje PMarzy: a margin scheme applies. */
  readonly margin: boolean
  readonly correctionType: '1' | '2' | '3' | null
  readonly corrected: readonly {
    readonly issueDate: string
    readonly number: string
    readonly ksefNumber: string | null
  }[]
  /** Fa/TP: related parties. */
  readonly relatedParties: boolean
  /** Fa/KursWalutyZ (an advance invoice's rate). */
  readonly advanceExchangeRate: string | null
  readonly lines: readonly Fa3Line[]
  /** Paid (Zaplacono with DataZaplaty), or the earliest payment term. */
  readonly paidOn: string | null
  readonly dueOn: string | null
}

const ARRAYS = new Set(['FaWiersz', 'DaneFaKorygowanej', 'TerminPlatnosci', 'ZaplataCzesciowa', 'Podmiot3'])

const fa3Parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
})

type Node = Record<string, unknown>
const node = (x: unknown): Node => (typeof x === 'object' && x !== null ? (x as Node) : {})
const text = (x: unknown): string | null => {
  if (typeof x === 'string') return x.replace(/\s+/g, ' ').trim()
  if (typeof x === 'number') return String(x)
  return null
}

/** A parsed FA(3) document's parts every reading starts from: the root (Faktura), its Fa and Fa's Adnotacje. */
export const fa3Parts = (xml: string): { readonly root: Node; readonly fa: Node; readonly adnotacje: Node } => {
  const root = node(node(fa3Parser.parse(xml)).Faktura)
  const fa = node(root.Fa)
  return { root, fa, adnotacje: node(fa.Adnotacje) }
}

/** An amount of TKwotowy (`-?\d+(\.\d{1,2})?`) in hundredths. */
const amount = (x: unknown): bigint | null => {
  const s = text(x)
  if (s === null || !/^-?\d+(\.\d{1,2})?$/.test(s)) return null
  const [int, frac = ''] = s.replace('-', '').split('.')
  const v = BigInt(int!) * 100n + BigInt((frac + '00').slice(0, 2))
  return s.startsWith('-') ? -v : v
}

const party = (p: Node, ids: Node): Fa3Party => {
  const address = node(p.Adres)
  const kodUE = text(ids.KodUE)
  const vatUE = text(ids.NrVatUE)
  const nrId = text(ids.NrID)
  return {
    nip: text(ids.NIP),
    otherId: kodUE && vatUE ? `${kodUE}${vatUE}` : nrId,
    name: text(ids.Nazwa) ?? '',
    country: text(address.KodKraju) ?? (kodUE === 'EL' ? 'GR' : kodUE) ?? text(ids.KodKraju),
    address: [text(address.AdresL1), text(address.AdresL2)].filter((s) => s).join(', '),
  }
}

const RATE_FIELDS = [
  ['P_13_1', 'P_14_1', 'P_14_1W'],
  ['P_13_2', 'P_14_2', 'P_14_2W'],
  ['P_13_3', 'P_14_3', 'P_14_3W'],
  ['P_13_4', 'P_14_4', 'P_14_4W'],
  ['P_13_5', 'P_14_5', null],
  ['P_13_6_1', null, null],
  ['P_13_6_2', null, null],
  ['P_13_6_3', null, null],
  ['P_13_7', null, null],
  ['P_13_8', null, null],
  ['P_13_9', null, null],
  ['P_13_10', null, null],
  ['P_13_11', null, null],
] as const

/** Reads an FA(3) document (already valid against the official schema) into the parts Finance uses. */
export const readFa3 = (xml: string): Fa3Invoice => {
  const { root, fa, adnotacje } = fa3Parts(xml)
  const p1 = node(root.Podmiot1)
  const p2 = node(root.Podmiot2)
  const rates: Fa3Rate[] = []
  for (const [net, vat, vatW] of RATE_FIELDS) {
    const n = amount(fa[net])
    if (n === null) continue
    rates.push({
      field: net,
      net: n,
      vat: vat === null ? null : (amount(fa[vat]) ?? 0n),
      vatPln: vatW === null ? null : amount(fa[vatW]),
    })
  }
  const okres = node(fa.OkresFa)
  const platnosc = node(fa.Platnosc)
  const terms = ((platnosc.TerminPlatnosci as unknown[]) ?? [])
    .map((t) => text(node(t).Termin))
    .filter((t): t is string => t !== null)
    .sort()
  const lines = ((fa.FaWiersz as unknown[]) ?? []).map((l) => {
    const w = node(l)
    return {
      rate: text(w.P_12),
      description: text(w.P_7) ?? '',
      supplyDate: text(w.P_6A),
      gtu: text(w.GTU),
      procedure: text(w.Procedura),
      exchangeRate: text(w.KursWaluty),
      ossRate: text(w.P_12_XII),
    }
  })
  const pmarzy = node(adnotacje.PMarzy)
  return {
    seller: party(p1, node(p1.DaneIdentyfikacyjne)),
    buyer: party(p2, node(p2.DaneIdentyfikacyjne)),
    currency: text(fa.KodWaluty) ?? 'PLN',
    issueDate: text(fa.P_1) ?? '',
    number: text(fa.P_2) ?? '',
    supplyDate: text(fa.P_6) ?? text(okres.P_6_Do),
    rates,
    total: amount(fa.P_15) ?? 0n,
    kind: (text(fa.RodzajFaktury) ?? 'VAT') as Fa3Invoice['kind'],
    cashMethod: text(adnotacje.P_16) === '1',
    reverseCharge: text(adnotacje.P_18) === '1',
    margin: text(pmarzy.P_PMarzy) === '1',
    correctionType: (text(fa.TypKorekty) as Fa3Invoice['correctionType']) ?? null,
    corrected: ((fa.DaneFaKorygowanej as unknown[]) ?? []).map((d) => {
      const k = node(d)
      return {
        issueDate: text(k.DataWystFaKorygowanej) ?? '',
        number: text(k.NrFaKorygowanej) ?? '',
        ksefNumber: text(k.NrKSeFFaKorygowanej),
      }
    }),
    relatedParties: text(fa.TP) === '1',
    advanceExchangeRate: text(fa.KursWalutyZ),
    lines,
    paidOn: text(platnosc.Zaplacono) === '1' ? text(platnosc.DataZaplaty) : null,
    dueOn: terms[0] ?? null,
  }
}

/** The reading helpers, for the fuller reading of `fa3View.ts`. */
export { amount as fa3Amount, node as fa3Node, text as fa3Text }

/**
 * A KSeF number inside a file name (as KSeF names downloaded invoices), upper case, or `null`. A text of the number's
 * shape is returned even when it is not a valid number: the import refuses one outside the official pattern
 * (`KSEF_NUMBER`) rather than taking the file as one without a number, and warns of one whose check digits are wrong.
 */
export const ksefNumberFromFileName = (fileName: string): string | null => {
  const base = fileName.replace(/^.*[\\/]/, '').toUpperCase()
  const m = /(\d{10}|M\d{9}|[A-Z]{3}\d{7})-(\d{8})-([0-9A-F]{6}-?[0-9A-F]{6})-([0-9A-F]{2})/.exec(base)
  return m ? m[0] : null
}

/** The day a KSeF number was assigned (its `YYYYMMDD` part): the day a buyer receives the invoice (the core's). */
export { ksefNumberDate }

const digits = (s: string | null | undefined) => (s ?? '').replace(/[\s-]/g, '')

/** A line of a bucket by its P_12 (the rate codes the bucket stands for). */
const withRate =
  (...codes: readonly string[]) =>
  (l: Fa3Line) =>
    l.rate !== null && codes.includes(l.rate)

/**
 * The VAT treatment and percent of each rate field, and which lines belong to it; the rest is not supported (with
 * why). `sale`: the cross-border kind of the field on an invoice the company issued (tax/crossBorder.ts): WDT
 * (P_13_6_2), export (P_13_6_3) and the services of art. 100 ust. 1 pkt 4 (np II, P_13_9, reported in VAT-UE).
 */
const BUCKETS: Record<
  string,
  {
    treatment: 'rate' | 'zw' | 'np'
    percents?: readonly string[]
    label: string
    sale?: 'wdt' | 'export' | 'euServices'
    /** A JPK_V7 procedure marker every item of the bucket carries. */
    procedure?: 'WSTO_EE'
    /** Whether a line of the invoice is one of the bucket's. */
    line: (l: Fa3Line) => boolean
  }
> = {
  P_13_1: { treatment: 'rate', percents: ['23', '22'], label: '23%', line: withRate('23', '22') },
  P_13_2: { treatment: 'rate', percents: ['8', '7'], label: '8%', line: withRate('8', '7') },
  P_13_3: { treatment: 'rate', percents: ['5'], label: '5%', line: withRate('5') },
  P_13_6_1: { treatment: 'rate', percents: ['0'], label: '0%', line: withRate('0 KR') },
  P_13_6_2: { treatment: 'rate', percents: ['0'], label: '0% WDT', sale: 'wdt', line: withRate('0 WDT') },
  P_13_6_3: { treatment: 'rate', percents: ['0'], label: '0% EX', sale: 'export', line: withRate('0 EX') },
  P_13_7: { treatment: 'zw', label: 'zw', line: withRate('zw') },
  P_13_8: { treatment: 'np', label: 'np', line: withRate('np I') },
  P_13_9: { treatment: 'np', label: 'np II', sale: 'euServices', line: withRate('np II') },
  // The EU OSS procedure (uVAT dział XII rozdział 6a, art. 130a–130d): distance sales of goods and services to
  // consumers in another member state, taxed there (art. 22 ust. 1 pkt 1a, art. 28k) and declared in VIU-DO. For
  // Polish VAT they are supplies outside the country (np, JPK_V7 K_11) marked WSTO_EE; the other state's VAT on the
  // invoice (P_14_5) is no Polish tax. Its lines are those with the other state's rate (P_12_XII). docs/tax-rules.md
  // §33.
  P_13_5: { treatment: 'np', label: 'OSS', procedure: 'WSTO_EE', line: (l) => l.ossRate !== null },
}

const UNSUPPORTED: Record<string, string> = {
  P_13_4: 'Sales under the flat rate for taxis (P_13_4)',
  // The domestic reverse charge of uVAT art. 17 ust. 1 pkt 7–8 was repealed from 1 November 2019; what the field
  // still carries is a case the books do not model.
  P_13_10: 'Domestic reverse charge (P_13_10)',
  P_13_11: 'The margin scheme (P_13_11)',
}

/** Fields only a seller's own invoice can carry: a Polish company buys no WDT or export from a Polish seller. */
const SALES_ONLY: Record<string, string> = {
  P_13_6_2: 'An intra-community supply (P_13_6_2) on a purchase invoice',
  P_13_6_3: 'An export (P_13_6_3) on a purchase invoice',
  P_13_5: 'A sale under the OSS procedure (P_13_5) on a purchase invoice',
}

/** `[23, 22]` → the one of them the invoice's lines use (the first by default). */
const percentOf = (inv: Fa3Invoice, percents: readonly string[]) =>
  percents.find((p) => inv.lines.some((l) => l.rate === p)) ?? percents[0]!

/** Multiplies hundredths by an exchange rate of up to six decimals, rounded half up to the grosz. */
const convert = (value: bigint, rate: string): bigint => {
  const [int, frac = ''] = rate.split('.')
  const scaled = BigInt(int!) * 1_000_000n + BigInt((frac + '000000').slice(0, 6))
  return divRoundHalfUp(value * scaled, 1_000_000n)
}

export interface Fa3Context {
  /** The company's NIP (Primary data; the Invoice data's when they differ). */
  readonly ourNips: readonly string[]
  /** The invoice's KSeF number: given by the user, or read from the file name. */
  readonly ksefNumber: string | null
}

export type Fa3Result =
  | {
      readonly ok: true
      readonly document: ImportedDocument
      readonly kind: 'income' | 'expense'
      readonly warnings: readonly Fa3Message[]
    }
  | { readonly ok: false; readonly problems: readonly Fa3Message[] }

const truncate = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`)

/** What an invoice becomes in the books of the company with `ourNips`, or why it cannot be imported. */
export const fa3Document = (inv: Fa3Invoice, ctx: Fa3Context): Fa3Result => {
  const ours = new Set(ctx.ourNips.map(digits).filter((n) => n !== ''))
  if (ours.size === 0)
    return {
      ok: false,
      problems: [msg('NO_COMPANY_NIP', "Enter your company's NIP in Primary data before importing invoices")],
    }
  const sellerIsUs = ours.has(digits(inv.seller.nip))
  const buyerIsUs = inv.buyer.nip !== null && ours.has(digits(inv.buyer.nip))
  if (sellerIsUs && buyerIsUs)
    return { ok: false, problems: [msg('BOTH_OURS', 'The seller and the buyer are both your company')] }
  if (!sellerIsUs && !buyerIsUs)
    return {
      ok: false,
      problems: [
        msg(
          'NOT_OURS',
          `Neither the seller (NIP ${inv.seller.nip ?? '-'}) nor the buyer (NIP ${inv.buyer.nip ?? inv.buyer.otherId ?? '-'}) is your company (NIP ${[...ours].join(', ')})`,
          {
            seller: inv.seller.nip ?? '-',
            buyer: inv.buyer.nip ?? inv.buyer.otherId ?? '-',
            nip: [...ours].join(', '),
          },
        ),
      ],
    }
  const isIncome = sellerIsUs
  const problems: Fa3Message[] = []
  const warnings: Fa3Message[] = []
  const ksefNumber = ctx.ksefNumber === null ? null : ctx.ksefNumber.trim().toUpperCase()
  // Not of the official pattern: no KSeF number at all, refused. Of the pattern but with check digits that do not hold:
  // not a number KSeF gave (a typo, or one made up), kept with a warning so the user checks it before filing JPK_V7.
  if (ksefNumber !== null && !KSEF_NUMBER.test(ksefNumber))
    problems.push(msg('KSEF_NUMBER', `The KSeF number ${ksefNumber} is not valid`, { value: ksefNumber }))
  else if (ksefNumber !== null && !isValidKsefNumber(ksefNumber))
    warnings.push(
      msg(
        'KSEF_NUMBER_CHECK',
        `The check digits of the KSeF number ${ksefNumber} do not hold: compare it with KSeF before filing JPK_V7`,
        { value: ksefNumber },
      ),
    )
  if (inv.margin)
    problems.push(
      msg('UNSUPPORTED', 'The margin scheme (PMarzy) is not supported: enter the invoice by hand', { what: 'PMarzy' }),
    )
  for (const r of inv.rates)
    if (SALES_ONLY[r.field] !== undefined && r.net !== 0n && !sellerIsUs)
      problems.push(
        msg('UNSUPPORTED', `${SALES_ONLY[r.field]} is not supported: enter the invoice by hand`, { what: r.field }),
      )
  for (const r of inv.rates)
    if (UNSUPPORTED[r.field] !== undefined && r.net !== 0n)
      problems.push(
        msg('UNSUPPORTED', `${UNSUPPORTED[r.field]} is not supported: enter the invoice by hand`, { what: r.field }),
      )
  // Another currency: the items keep the currency and the net amount in it; the books convert them at the NBP
  // rates they hold (tax/currency.ts). The invoice's one exchange rate (KursWaluty of its lines, or KursWalutyZ of an
  // advance invoice), when it states one, gives the amount shown until then; VAT in złoty is the invoice's own
  // (P_14_xW) when given. Lines at different rates cannot be one item: refused.
  let exchangeRate: string | null = null
  const foreign = inv.currency !== 'PLN'
  if (foreign) {
    const lineRates = new Set(inv.lines.map((l) => l.exchangeRate).filter((r): r is string => r !== null))
    if (inv.advanceExchangeRate !== null) lineRates.add(inv.advanceExchangeRate)
    if (lineRates.size > 1)
      problems.push(
        msg(
          'CURRENCY_RATE',
          `The invoice is in ${inv.currency} at different exchange rates on its lines: enter it by hand`,
          { currency: inv.currency },
        ),
      )
    else exchangeRate = [...lineRates][0] ?? null
  }
  if (problems.length > 0) return { ok: false, problems }

  const isCorrection = inv.kind === 'KOR' || inv.kind === 'KOR_ZAL' || inv.kind === 'KOR_ROZ'
  const corrected = isCorrection ? (inv.corrected[0] ?? null) : null
  if (isCorrection && inv.corrected.length > 1)
    warnings.push(
      msg('SEVERAL_CORRECTED', `The correction concerns ${inv.corrected.length} invoices; it is linked to the first`, {
        count: String(inv.corrected.length),
      }),
    )

  // The day the items count for taxes (invoiceDate): the issue date, except where the law says otherwise.
  let taxDate = inv.issueDate
  if (isIncome && isCorrection && inv.correctionType === '1' && corrected?.issueDate) taxDate = corrected.issueDate
  if (isIncome && isCorrection && inv.correctionType === '3')
    warnings.push(
      msg('CORRECTION_TYPE_OTHER', 'The correction takes effect on other dates; it is recorded on its issue date'),
    )
  if (!isIncome && ksefNumber !== null) {
    // A buyer receives a KSeF invoice on the day its number is assigned (uVAT art. 106na ust. 3) and may deduct its
    // VAT from the period of receipt at the earliest (art. 86 ust. 10b pkt 1). The items keep the invoice's date (the
    // book's date of the cost, DataZakupu); the books deduct the VAT from the month of the KSeF number's date (the
    // register's DataWplywu) by themselves, and the user is told.
    const received = ksefNumberDate(ksefNumber)
    if (received.slice(0, 7) > taxDate.slice(0, 7))
      warnings.push(
        msg(
          'RECEIVED_LATER',
          `Received in KSeF on ${received}, in a later month than its date: its VAT is deducted no earlier than in that month; the cost keeps the invoice's date`,
          { date: received },
        ),
      )
  }
  if (ksefNumber === null)
    warnings.push(msg('NO_KSEF_NUMBER', 'No KSeF number: enter it (or a marker) before filing JPK_V7'))
  else if (!ours.has(ksefNumber.split('-')[0]!) && digits(inv.seller.nip) !== ksefNumber.split('-')[0])
    warnings.push(
      msg('KSEF_NIP', `The KSeF number ${ksefNumber} was not issued under the seller's NIP ${inv.seller.nip ?? '-'}`, {
        value: ksefNumber,
        nip: inv.seller.nip ?? '-',
      }),
    )

  // The supply date: P_6 (or the end of OkresFa); else the lines' P_6A (the latest when they differ).
  const lineDates = [...new Set(inv.lines.map((l) => l.supplyDate).filter((d): d is string => d !== null))].sort()
  const supply = inv.supplyDate ?? lineDates.at(-1) ?? null
  if (inv.supplyDate === null && lineDates.length > 1)
    warnings.push(
      msg('SUPPLY_DATES_DIFFER', `The lines have different supply dates; the latest (${supply}) is recorded`, {
        date: supply!,
      }),
    )

  // Cash date: paid on, or the earliest payment term, or the issue date.
  const cashDate = isCorrection ? inv.issueDate : (inv.paidOn ?? inv.dueOn ?? inv.issueDate)
  const other = isIncome ? inv.buyer : inv.seller
  const counterparty: Counterparty = {
    name: truncate(other.name, 256),
    taxId: digits(other.nip ?? other.otherId ?? '')
      .toUpperCase()
      .slice(0, 32),
    country: (other.country ?? '').toUpperCase(),
    address: truncate(other.address, 256),
  }
  const description = truncate(
    [...new Set(inv.lines.map((l) => l.description).filter((d) => d !== ''))].join('; '),
    256,
  )
  const dataType: ItemDataType = isIncome ? 'Income' : 'Expense'
  const buckets = inv.rates.filter((r) => BUCKETS[r.field] !== undefined && (r.net !== 0n || (r.vat ?? 0n) !== 0n))
  if (buckets.length === 0)
    return { ok: false, problems: [msg('NO_AMOUNTS', 'The invoice states no amounts to record (P_13_x)')] }
  const items = buckets.map((b) => {
    const bucket = BUCKETS[b.field]!
    const percent = bucket.treatment === 'rate' ? percentOf(inv, bucket.percents!) : '0'
    const net = exchangeRate === null ? b.net : convert(b.net, exchangeRate)
    const statedVat =
      bucket.treatment !== 'rate'
        ? null
        : !foreign
          ? (b.vat ?? 0n)
          : (b.vatPln ?? (exchangeRate === null ? null : convert(b.vat ?? 0n, exchangeRate)))
    const computed = bucket.treatment === 'rate' ? vatOfItem(net, percent) : 0n
    const lines = inv.lines.filter(bucket.line)
    const label = bucket.treatment === 'rate' ? `${percent}%` : bucket.label
    const name = truncate(
      `${isCorrection ? 'KOR ' : ''}${inv.number} — ${other.name || counterparty.taxId}${buckets.length > 1 ? ` (${label})` : ''}`,
      500,
    )
    const data: Record<string, unknown> = {
      date: cashDate,
      name,
      ...(foreign && exchangeRate === null ? {} : { amount: formatMoney(net) as MoneyString }),
      ...(foreign ? { currency: { code: inv.currency, amount: formatMoney(b.net), paidOn: null } } : {}),
      isCompany: true,
      percent,
      invoiceDate: taxDate,
      vatTreatment: bucket.treatment,
      ...(isIncome && bucket.sale ? { crossBorder: bucket.sale } : {}),
      supplyDate: supply !== null && supply !== taxDate ? supply : null,
      documentNumber: truncate(inv.number, 256),
      description,
      counterparty,
      ksefNumber,
      documentType: !isIncome && inv.cashMethod ? 'MK' : null,
      gtu: isIncome ? [...new Set(lines.map((l) => l.gtu).filter((g) => g !== null))] : [],
      procedures: isIncome
        ? [
            ...new Set([
              ...lines.map((l) => l.procedure).filter((p) => p !== null),
              ...(bucket.procedure ? [bucket.procedure] : []),
              ...(inv.relatedParties ? ['TP'] : []),
            ]),
          ]
        : [],
      documentVat:
        statedVat !== null && statedVat !== computed && !(foreign && exchangeRate === null)
          ? formatMoney(statedVat)
          : null,
      corrects: corrected
        ? { documentNumber: corrected.number, ksefNumber: corrected.ksefNumber, issueDate: corrected.issueDate || null }
        : null,
    }
    return { dataType, data }
  })
  return {
    ok: true,
    kind: isIncome ? 'income' : 'expense',
    warnings,
    document: {
      key: {
        ksefNumber,
        documentNumber: inv.number,
        sellerTaxId: digits(inv.seller.nip),
        isIncome,
      },
      items,
    },
  }
}
