/**
 * Issuing an FA(3) invoice for an income: the XML sent to KSeF (by the user, or by Finance's KSeF client: see
 * docs/ksef.md), written from the company's invoice data and one income item. One line, the item's VAT rate;
 * the seller is the Invoice data (or Primary data with the permanent address when there is no Invoice data), the
 * buyer the item's counterparty. What the schema requires and the data may lack is reported as field problems
 * before anything is written. Every document written here is checked against the official schema in the tests and
 * before it is handed out (API, CLI).
 */
import type {
  Address,
  Contact,
  Counterparty,
  DocumentPln,
  Invoice,
  InvoiceDocumentData,
  InvoiceLine,
  Item,
  PaymentMethod,
  Primary,
} from '@finance/ledger-core'
import {
  correctionDate,
  documentSplitPayment,
  formatMoney,
  invoiceTotals,
  isCountryCode,
  lineNet,
  parseMoney,
  isTaxpayerBuyer,
  splitPaymentDuty,
  vatOfItem,
} from '@finance/ledger-core/light'
import { SCHEMAS } from './schemas.ts'
import { dateTime, token, XmlWriter } from './xml.ts'

export interface Fa3IssueRequest {
  readonly item: Item
  /** The VAT percent of the item (resolved for an item at the rate in force on its day of supply). */
  readonly percent: string
  readonly invoice: Invoice | null
  readonly primary: Primary | null
  readonly permanentAddress: Address | null
  readonly contact: Contact | null
  /** The legal basis of an exemption (P_19A), required for an exempt (`zw`) item. */
  readonly exemptionBasis?: string | undefined
  /** DataWytworzeniaFa. */
  readonly createdAt: Date | string
}

export interface Fa3Problem {
  readonly field: string
  readonly code: 'REQUIRED' | 'INVALID' | 'UNSUPPORTED'
  readonly message: string
}

export type Fa3IssueResult =
  | { readonly ok: true; readonly xml: string; readonly fileName: string }
  | { readonly ok: false; readonly problems: readonly Fa3Problem[] }

const ETD = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/'
const NIP = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/
/** EU member states as FA(3)'s TKodyKrajowUE lists them (Greece is EL). */
const EU = new Set('AT BE BG CY CZ DK EE FI FR DE EL HR HU IE IT LV LT LU MT NL PT RO SK SI ES SE XI'.split(' '))

/** P_13_x / P_14_x and P_12 of an item's treatment and percent. */
const bucketOf = (
  treatment: Item['vatTreatment'],
  percent: string,
  euBuyer: boolean,
  crossBorder: Item['crossBorder'] = undefined,
) => {
  // Sales across borders (tax/crossBorder.ts): WDT and export at 0 % with their own fields, EU services np II.
  if (crossBorder === 'wdt') return { net: 'P_13_6_2', vat: null, p12: '0 WDT' } as const
  if (crossBorder === 'export') return { net: 'P_13_6_3', vat: null, p12: '0 EX' } as const
  if (crossBorder === 'euServices') return { net: 'P_13_9', vat: null, p12: 'np II' } as const
  if (treatment === 'zw') return { net: 'P_13_7', vat: null, p12: 'zw' } as const
  if (treatment === 'np')
    return euBuyer
      ? ({ net: 'P_13_9', vat: null, p12: 'np II' } as const)
      : ({ net: 'P_13_8', vat: null, p12: 'np I' } as const)
  switch (percent) {
    case '23':
    case '22':
      return { net: 'P_13_1', vat: 'P_14_1', p12: percent } as const
    case '8':
    case '7':
      return { net: 'P_13_2', vat: 'P_14_2', p12: percent } as const
    case '5':
      return { net: 'P_13_3', vat: 'P_14_3', p12: '5' } as const
    case '0':
      return { net: 'P_13_6_1', vat: null, p12: '0 KR' } as const
    default:
      return null
  }
}

const line = (...parts: readonly string[]) =>
  parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' ')

/** A country code of the official list from an address's free-text country (`''`, Polska, Poland → PL). */
const countryOf = (s: string): string | null => {
  const t = s.trim().toUpperCase()
  if (t === '' || t === 'POLSKA' || t === 'POLAND' || t === 'PL') return 'PL'
  return isCountryCode(t) ? t : null
}

/** The seller (Podmiot1) from Invoice data, or Primary data with the permanent address. */
const sellerOf = (req: Pick<Fa3IssueRequest, 'invoice' | 'primary' | 'permanentAddress'>) => {
  const name = (req.invoice?.companyName ?? req.primary?.companyName ?? '').trim()
  const nip = (req.invoice?.nip ?? req.primary?.nip ?? '').replace(/[\s-]/g, '')
  const a = req.invoice?.invoiceAddress ?? req.permanentAddress
  return {
    name,
    nip,
    country: a ? countryOf(a.country) : null,
    line1: a ? line(a.street, a.building) : '',
    line2: a ? line(a.postCode, a.city) : '',
  }
}

/** What the company data lacks for an invoice (the seller, Podmiot1). */
const sellerProblems = (req: Pick<Fa3IssueRequest, 'invoice' | 'primary' | 'permanentAddress'>): Fa3Problem[] => {
  const p: Fa3Problem[] = []
  const seller = sellerOf(req)
  if (seller.name === '')
    p.push({ field: 'companyName', code: 'REQUIRED', message: 'Company name is required for an invoice' })
  if (!NIP.test(seller.nip)) p.push({ field: 'nip', code: 'INVALID', message: 'NIP must be ten digits for an invoice' })
  if (seller.line1 === '' || seller.country === null)
    p.push({
      field: 'invoiceAddress',
      code: 'REQUIRED',
      message: 'The invoice address (street or building, and a country code) is required for an invoice',
    })
  return p
}

/** Problems that keep the invoice from being written. */
export const fa3IssueProblems = (req: Fa3IssueRequest): readonly Fa3Problem[] => {
  const p = sellerProblems(req)
  const item = req.item
  if (!item.isCompany) p.push({ field: 'isCompany', code: 'INVALID', message: 'Only a company income is invoiced' })
  if (item.corrects !== null)
    p.push({ field: 'corrects', code: 'UNSUPPORTED', message: 'Correcting invoices are not issued by Finance' })
  if (item.documentNumber.trim() === '')
    p.push({ field: 'documentNumber', code: 'REQUIRED', message: 'Document number is required for an invoice' })
  if (item.counterparty === null || item.counterparty.name.trim() === '')
    p.push({ field: 'counterparty.name', code: 'REQUIRED', message: 'Counterparty name is required for an invoice' })
  if (parseMoney(item.amount) <= 0n)
    p.push({ field: 'amount', code: 'INVALID', message: 'An invoice needs an amount above zero' })
  const eu = euBuyerOf(item.counterparty)
  if (bucketOf(item.vatTreatment, req.percent, eu, item.crossBorder) === null)
    p.push({
      field: 'percent',
      code: 'UNSUPPORTED',
      message: `A VAT rate of ${req.percent} % has no field on an FA(3) invoice (23, 22, 8, 7, 5 or 0)`,
    })
  const c = item.currency
  if (c && !c.vatRate)
    p.push({
      field: 'currency',
      code: 'REQUIRED',
      message: 'The NBP rate of the VAT base is not recorded for this item',
    })
  if (c?.vatRate && !FA_RATE.test(foreignCurrencyOf(item)!.vatRate.rate))
    p.push({
      field: 'currency',
      code: 'UNSUPPORTED',
      message: `The rate ${c.vatRate.rate} has more than the 6 decimals an FA(3) invoice can state`,
    })
  // WDT at 0 % needs the buyer's VAT number of another member state (uVAT art. 42 ust. 1 pkt 1).
  if (item.crossBorder === 'wdt' && !eu)
    p.push({
      field: 'counterparty.taxId',
      code: 'REQUIRED',
      message: 'An intra-community supply needs the buyer’s VAT number of another EU country',
    })
  if (item.vatTreatment === 'zw' && (req.exemptionBasis ?? '').trim() === '')
    p.push({
      field: 'exemptionBasis',
      code: 'REQUIRED',
      message: 'The legal basis of the exemption is required for an exempt sale (e.g. art. 113 ust. 1 ustawy o VAT)',
    })
  return p
}

/** KursWaluty (TIlosci): at most 6 decimals. */
const FA_RATE = /^([1-9]\d{0,15}|0)(\.\d{1,6})?$/

/** A rate without trailing zeros (the NBP's 0.010950 is 0.01095). */
const trimRate = (rate: string) => rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')

/** The item's foreign currency with the rate its VAT base was converted at, or `null` (a złoty item). */
const foreignCurrencyOf = (item: Item) => {
  const c = item.currency
  if (!c?.vatRate) return null
  const rate = trimRate(c.vatRate.rate)
  return { code: c.code, amount: c.amount, vatRate: { ...c.vatRate, rate } }
}

/** A buyer identified by an EU VAT number of another member state (np: services taxed where the buyer is). */
const euBuyerOf = (c: Counterparty | null) => {
  if (!c) return false
  const country = c.country === 'GR' ? 'EL' : c.country
  return country !== '' && country !== 'PL' && EU.has(country) && c.taxId !== ''
}

/** The buyer's identification (TPodmiot2): a NIP, an EU VAT number, another tax id, or none. */
const buyerIds = (w: XmlWriter, c: Counterparty) => {
  const taxId = c.taxId.replace(/[\s-]/g, '').toUpperCase()
  const country = c.country === 'GR' ? 'EL' : c.country
  if ((country === '' || country === 'PL') && NIP.test(taxId.replace(/^PL/, '')))
    w.leaf('NIP', taxId.replace(/^PL/, ''))
  else if (EU.has(country) && taxId !== '') {
    const number = taxId.startsWith(country) ? taxId.slice(country.length) : taxId
    if (/^(\d|[A-Z]|\+|\*){1,12}$/.test(number)) w.leaf('KodUE', country).leaf('NrVatUE', number)
    else w.leaf('KodKraju', c.country).leaf('NrID', taxId.slice(0, 50))
  } else if (taxId !== '') {
    if (c.country !== '') w.leaf('KodKraju', c.country)
    w.leaf('NrID', taxId.slice(0, 50))
  } else w.leaf('BrakID', 1)
  w.leaf('Nazwa', c.name.trim().slice(0, 512))
}

/** Writes the FA(3) invoice of one income, or says what must be fixed first. */
export const fa3Issue = (req: Fa3IssueRequest): Fa3IssueResult => {
  const problems = fa3IssueProblems(req)
  if (problems.length > 0) return { ok: false, problems }
  const item = req.item
  const eu = euBuyerOf(item.counterparty)
  const bucket = bucketOf(item.vatTreatment, req.percent, eu, item.crossBorder)!
  const pln = parseMoney(item.amount)
  const vatPln =
    bucket.vat === null ? 0n : item.documentVat !== null ? parseMoney(item.documentVat) : vatOfItem(pln, req.percent)
  // An invoice in a foreign currency states its amounts in that currency, the VAT also in złoty (P_14_xW, uVAT art.
  // 106e ust. 11) and the rate it was converted at (KursWaluty: the NBP rate the books used for the VAT base).
  const c = foreignCurrencyOf(item)
  const net = c ? parseMoney(c.amount) : pln
  const vat = c ? (bucket.vat === null ? 0n : vatOfItem(net, req.percent)) : vatPln
  const issueDate = item.invoiceDate ?? item.date
  const description = (item.description.trim() || item.name.trim()).slice(0, 512)
  const procedure = item.procedures.find((x) => x !== 'TP' && FA_PROCEDURES.has(x))
  return writeFa3(
    {
      number: item.documentNumber,
      issueDate,
      supplyDate: item.supplyDate,
      buyer: item.counterparty!,
      sums: [{ bucket, net, vat, vatPln }],
      lines: [
        {
          name: description,
          unit: item.crossBorder === 'wdt' || item.crossBorder === 'export' ? 'szt.' : 'usł.',
          quantity: '1',
          unitNet: formatMoney(net),
          discount: 0n,
          net,
          p12: bucket.p12,
          gtu: item.gtu[0] ?? null,
          procedure: procedure ?? null,
          before: false,
        },
      ],
      exemptionBasis: item.vatTreatment === 'zw' ? req.exemptionBasis!.trim() : null,
      tp: item.procedures.includes('TP'),
      // The item's date is its payment date (the dashboard's cash date): a later one is the payment term.
      payment: { dueDate: item.date > issueDate ? item.date : null, method: null, bankAccount: null },
      notes: '',
      correction: null,
      currency: c ? { code: c.code, rate: c.vatRate.rate } : null,
      // The split-payment mark: an Annex 15 item on an invoice to a taxpayer over 15 000 zł gross, the gross in złoty
      // (uVAT art. 106e ust. 1 pkt 18a, art. 108a ust. 1a).
      splitPayment: splitPaymentDuty(item.annex15, pln + vatPln, isTaxpayerBuyer(item.counterparty)),
    },
    req,
  )
}

/** One FaWiersz row. */
interface Fa3Line {
  readonly name: string
  readonly unit: string
  readonly quantity: string
  readonly unitNet: string
  readonly discount: bigint
  readonly net: bigint
  readonly p12: string
  readonly gtu: string | null
  readonly procedure: string | null
  /** A row of the state before a correction (StanPrzed). */
  readonly before: boolean
}

type Bucket = NonNullable<ReturnType<typeof bucketOf>>

/** What the FA(3) body holds, from an income or an invoice document. */
interface Fa3Body {
  readonly number: string
  readonly issueDate: string
  readonly supplyDate: string | null
  readonly buyer: Counterparty
  /** Per P_13_x field: the net and the VAT (a correction's differences). */
  readonly sums: readonly {
    readonly bucket: Bucket
    readonly net: bigint
    readonly vat: bigint
    /** In a foreign currency: the VAT in złoty (P_14_xW). */
    readonly vatPln?: bigint
  }[]
  readonly lines: readonly Fa3Line[]
  readonly exemptionBasis: string | null
  readonly tp: boolean
  readonly payment: {
    readonly dueDate: string | null
    readonly method: string | null
    readonly bankAccount: string | null
  }
  readonly notes: string
  readonly correction: {
    readonly reason: string
    /** TypKorekty: 1 on the original's date, 2 on the correction's, 3 on another. */
    readonly type: 1 | 2 | 3
    readonly issueDate: string
    readonly number: string
    readonly ksefNumber: string | null
  } | null
  /** A foreign currency (KodWaluty) and the rate of the VAT base (KursWaluty); `null`: złoty. */
  readonly currency: { readonly code: string; readonly rate: string } | null
  /** P_18A: the split payment is due. */
  readonly splitPayment: boolean
}

type SellerSource = Pick<Fa3IssueRequest, 'invoice' | 'primary' | 'permanentAddress' | 'contact' | 'createdAt'>

/** The FA(3) XML of `body` sold by the company of `from`. */
const writeFa3 = (body: Fa3Body, from: SellerSource): Fa3IssueResult => {
  const seller = sellerOf(from)
  const issueDate = body.issueDate
  const w = new XmlWriter()
  w.open('Faktura', undefined, { '': SCHEMAS['FA(3)'].namespace, etd: ETD })
  w.open('Naglowek')
    .leaf('KodFormularza', 'FA', { kodSystemowy: SCHEMAS['FA(3)'].systemCode, wersjaSchemy: '1-0E' })
    .leaf('WariantFormularza', 3)
    .leaf('DataWytworzeniaFa', dateTime(from.createdAt))
    .leaf('SystemInfo', 'Finance')
    .close()
  w.open('Podmiot1')
    .open('DaneIdentyfikacyjne')
    .leaf('NIP', seller.nip)
    .leaf('Nazwa', seller.name.slice(0, 512))
    .close()
  w.open('Adres').leaf('KodKraju', seller.country!).leaf('AdresL1', seller.line1.slice(0, 512))
  if (seller.line2 !== '') w.leaf('AdresL2', seller.line2.slice(0, 512))
  w.close()
  const email = from.contact?.email.trim() ?? ''
  if (/^.+@.+$/.test(email) && email.length <= 255) w.open('DaneKontaktowe').leaf('Email', email).close()
  w.close()
  w.open('Podmiot2').open('DaneIdentyfikacyjne')
  buyerIds(w, body.buyer)
  w.close()
  const address = body.buyer.address.trim()
  if (address !== '')
    w.open('Adres')
      .leaf('KodKraju', body.buyer.country || 'PL')
      .leaf('AdresL1', address.slice(0, 512))
      .close()
  w.leaf('JST', 2).leaf('GV', 2).close()
  w.open('Fa')
    .leaf('KodWaluty', body.currency?.code ?? 'PLN')
    .leaf('P_1', issueDate)
    .leaf('P_2', body.number.trim().slice(0, 256))
  const supply = body.supplyDate
  if (supply !== null && supply !== issueDate) w.leaf('P_6', supply)
  let gross = 0n
  for (const s of body.sums) {
    w.leaf(s.bucket.net, formatMoney(s.net))
    if (s.bucket.vat !== null) w.leaf(s.bucket.vat, formatMoney(s.vat))
    if (s.bucket.vat !== null && body.currency !== null && s.vatPln !== undefined)
      w.leaf(`${s.bucket.vat}W`, formatMoney(s.vatPln))
    gross += s.net + s.vat
  }
  w.leaf('P_15', formatMoney(gross))
  const npII = body.lines.some((l) => l.p12 === 'np II')
  w.open('Adnotacje')
    .leaf('P_16', 2)
    .leaf('P_17', 2)
    .leaf('P_18', npII ? 1 : 2)
    .leaf('P_18A', body.splitPayment ? 1 : 2)
    .open('Zwolnienie')
  if (body.exemptionBasis !== null) w.leaf('P_19', 1).leaf('P_19A', body.exemptionBasis.slice(0, 256))
  else w.leaf('P_19N', 1)
  w.close()
    .open('NoweSrodkiTransportu')
    .leaf('P_22N', 1)
    .close()
    .leaf('P_23', 2)
    .open('PMarzy')
    .leaf('P_PMarzyN', 1)
    .close()
    .close()
  const k = body.correction
  w.leaf('RodzajFaktury', k === null ? 'VAT' : 'KOR')
  if (k !== null) {
    w.leaf('PrzyczynaKorekty', token(k.reason, 256)).leaf('TypKorekty', k.type)
    w.open('DaneFaKorygowanej').leaf('DataWystFaKorygowanej', k.issueDate).leaf('NrFaKorygowanej', token(k.number, 256))
    if (k.ksefNumber !== null) w.leaf('NrKSeF', 1).leaf('NrKSeFFaKorygowanej', k.ksefNumber)
    else w.leaf('NrKSeFN', 1)
    w.close()
  }
  if (body.tp) w.leaf('TP', 1)
  body.lines.forEach((l, i) => {
    w.open('FaWiersz')
      .leaf('NrWierszaFa', i + 1)
      .leaf('P_7', l.name)
      .leaf('P_8A', l.unit)
      .leaf('P_8B', l.quantity)
      .leaf('P_9A', l.unitNet)
    if (l.discount !== 0n) w.leaf('P_10', formatMoney(l.discount))
    w.leaf('P_11', formatMoney(l.net)).leaf('P_12', l.p12)
    if (l.gtu !== null) w.leaf('GTU', l.gtu)
    if (l.procedure !== null) w.leaf('Procedura', l.procedure)
    if (body.currency !== null) w.leaf('KursWaluty', body.currency.rate)
    if (l.before) w.leaf('StanPrzed', 1)
    w.close()
  })
  const p = body.payment
  if (p.dueDate !== null || p.method !== null || p.bankAccount !== null) {
    w.open('Platnosc')
    if (p.dueDate !== null) w.open('TerminPlatnosci').leaf('Termin', p.dueDate).close()
    if (p.method !== null) w.leaf('FormaPlatnosci', p.method)
    if (p.bankAccount !== null) w.open('RachunekBankowy').leaf('NrRB', p.bankAccount).close()
    w.close()
  }
  w.close()
  if (body.notes.trim() !== '')
    w.open('Stopka').open('Informacje').leaf('StopkaFaktury', body.notes.trim().slice(0, 3500)).close().close()
  w.close()
  const safe = body.number.trim().replace(/[^\w.-]+/g, '_')
  return { ok: true, xml: w.toString(), fileName: `FA3_${safe}.xml` }
}

/** The procedure markers an FA(3) line carries (TOznaczenieProcedury). */
const FA_PROCEDURES = new Set(['WSTO_EE', 'IED', 'TT_D', 'I_42', 'I_63', 'B_SPV', 'B_SPV_DOSTAWA', 'B_MPV_PROWIZJA'])

/** FormaPlatnosci of a payment method. */
const METHOD_CODES: Readonly<Record<PaymentMethod, string>> = { cash: '1', card: '2', transfer: '6' }

/** An invoice document to write: the document, its number, and for a correction the invoice it corrects. */
export interface Fa3DocumentRequest extends SellerSource {
  readonly document: InvoiceDocumentData
  readonly number: string
  /** A correction's corrected invoice: its number, issue date, KSeF number and lines before the correction. */
  readonly corrected: {
    readonly number: string
    readonly issueDate: string
    readonly ksefNumber: string | null
    readonly lines: readonly InvoiceLine[]
  } | null
  /** An invoice in a foreign currency: its złoty figures and NBP rate as the books hold them (`documentInPln`). */
  readonly pln?: DocumentPln | null
}

/** Problems that keep an invoice document from being written. */
export const fa3DocumentProblems = (req: Fa3DocumentRequest): readonly Fa3Problem[] => {
  const p = sellerProblems(req)
  const doc = req.document
  if (req.number.trim() === '')
    p.push({ field: 'number', code: 'REQUIRED', message: 'Document number is required for an invoice' })
  if (doc.buyer.name.trim() === '')
    p.push({ field: 'buyer.name', code: 'REQUIRED', message: 'Counterparty name is required for an invoice' })
  if (doc.lines.length === 0)
    p.push({ field: 'lines', code: 'REQUIRED', message: 'An invoice needs between 1 and 1000 lines' })
  if (doc.lines.some((l) => l.vat === 'zw') && doc.exemptionBasis.trim() === '')
    p.push({
      field: 'exemptionBasis',
      code: 'REQUIRED',
      message: 'The legal basis of the exemption is required for an exempt sale (e.g. art. 113 ust. 1 ustawy o VAT)',
    })
  const account = doc.payment.bankAccount
  if (account !== null && (account.length < 10 || account.length > 34))
    p.push({ field: 'payment.bankAccount', code: 'INVALID', message: 'Choose one of the company’s bank accounts' })
  if (doc.currency && !req.pln?.ok)
    p.push({
      field: 'currency',
      code: 'REQUIRED',
      message:
        req.pln?.ok === false ? req.pln.message : 'The NBP rate of the VAT base is not recorded for this invoice',
    })
  if (req.pln?.ok && !FA_RATE.test(trimRate(req.pln.rate.rate)))
    p.push({
      field: 'currency',
      code: 'UNSUPPORTED',
      message: `The rate ${req.pln.rate.rate} has more than the 6 decimals an FA(3) invoice can state`,
    })
  if (doc.kind === 'KOR' && req.corrected === null)
    p.push({
      field: 'correction.invoiceId',
      code: 'REQUIRED',
      message: 'A correction corrects an issued sales invoice',
    })
  return p
}

const BUCKET_ORDER = ['P_13_1', 'P_13_2', 'P_13_3', 'P_13_6_1', 'P_13_7', 'P_13_8', 'P_13_9']

/**
 * Writes the FA(3) invoice of an invoice document: a FaWiersz row per line (for a correction the rows before it,
 * marked StanPrzed, then the rows after), P_13_x / P_14_x per rate as `invoiceTotals` computes them (a correction's:
 * the differences), or says what must be fixed first.
 */
export const fa3IssueDocument = (req: Fa3DocumentRequest): Fa3IssueResult => {
  const problems = fa3DocumentProblems(req)
  if (problems.length > 0) return { ok: false, problems }
  const doc = req.document
  const eu = euBuyerOf(doc.buyer)
  const bucketOfLine = (l: InvoiceLine) =>
    bucketOf(
      l.vat === 'zw' ? 'zw' : l.vat === 'np' ? 'np' : 'rate',
      l.vat === 'zw' || l.vat === 'np' ? '0' : l.vat,
      eu,
    )!
  const rowOf = (l: InvoiceLine, before: boolean): Fa3Line => ({
    name: token(l.name, 512),
    unit: token(l.unit, 256),
    quantity: l.quantity,
    unitNet: l.unitNet,
    discount: parseMoney(l.discount),
    net: lineNet(l),
    p12: bucketOfLine(l).p12,
    gtu: l.gtu,
    // FA(3) has one Procedura per line: the document's first marker that FA(3) knows (TP is the invoice's own element).
    procedure: doc.procedures?.find((x) => FA_PROCEDURES.has(x)) ?? null,
    before,
  })
  const before = req.corrected?.lines ?? []
  const sums = new Map<string, { bucket: Bucket; net: bigint; vat: bigint; vatPln?: bigint }>()
  const add = (lines: readonly InvoiceLine[], sign: bigint) => {
    for (const r of invoiceTotals(lines).rates) {
      const line = lines.find((l) => l.vat === r.vat)!
      const bucket = bucketOfLine(line)
      const s = sums.get(bucket.net) ?? { bucket, net: 0n, vat: 0n }
      sums.set(bucket.net, { ...s, bucket, net: s.net + sign * r.net, vat: s.vat + sign * r.tax })
    }
  }
  add(doc.lines, 1n)
  add(before, -1n)
  // In a foreign currency: each rate's VAT also in złoty (P_14_xW), as the books hold it.
  const pln = req.pln?.ok ? req.pln : null
  if (pln !== null)
    for (const r of pln.rates) {
      const bucket = bucketOfLine(doc.lines.find((l) => l.vat === r.vat)!)
      const s = sums.get(bucket.net)
      if (s) sums.set(bucket.net, { ...s, vatPln: (s.vatPln ?? 0n) + parseMoney(r.tax) })
    }
  const ordered = [...sums.values()]
    .filter((x) => req.corrected === null || x.net !== 0n || x.vat !== 0n)
    .sort((a, b) => BUCKET_ORDER.indexOf(a.bucket.net) - BUCKET_ORDER.indexOf(b.bucket.net))
  let correction: Fa3Body['correction'] = null
  if (req.corrected !== null && doc.correction !== null) {
    const diff = invoiceTotals(doc.lines).gross - invoiceTotals(before).gross
    const effective = correctionDate(doc, diff)
    correction = {
      reason: doc.correction.reason,
      type: effective === doc.issueDate ? 2 : effective === req.corrected.issueDate ? 1 : 3,
      issueDate: req.corrected.issueDate,
      number: req.corrected.number,
      ksefNumber: req.corrected.ksefNumber,
    }
  }
  return writeFa3(
    {
      number: req.number,
      issueDate: doc.issueDate,
      supplyDate: doc.supplyDate,
      buyer: doc.buyer,
      sums: ordered,
      lines: [...before.map((l) => rowOf(l, true)), ...doc.lines.map((l) => rowOf(l, false))],
      exemptionBasis: doc.lines.some((l) => l.vat === 'zw') ? doc.exemptionBasis.trim() : null,
      tp: doc.procedures?.includes('TP') === true,
      payment: {
        dueDate: doc.payment.dueDate,
        method: doc.payment.method === null ? null : METHOD_CODES[doc.payment.method],
        bankAccount: doc.payment.bankAccount,
      },
      notes: doc.notes,
      correction,
      currency: pln !== null ? { code: pln.code, rate: trimRate(pln.rate.rate) } : null,
      // P_18A: required by art. 108a ust. 1a (an Annex 15 line, over 15 000 zł gross) or put by the seller.
      splitPayment: documentSplitPayment(doc, pln !== null ? parseMoney(pln.gross) : undefined).marked,
    },
    req,
  )
}
