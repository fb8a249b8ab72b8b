/**
 * Issuing an FA(3) invoice for an income: the XML sent to KSeF (by the user, or by Finance's KSeF client: see
 * docs/ksef.md), written from the company's invoice data and one income item. One line, the item's VAT rate;
 * the seller is the Invoice data (or Primary data with the permanent address when there is no Invoice data), the
 * buyer the item's counterparty. What the schema requires and the data may lack is reported as field problems
 * before anything is written. Every document written here is checked against the official schema in the tests and
 * before it is handed out (API, CLI).
 */
import type { Address, Contact, Invoice, Item, Primary } from '@finance/ledger-core'
import { formatMoney, isCountryCode, parseMoney, splitPaymentDuty, vatOfItem } from '@finance/ledger-core/light'
import { SCHEMAS } from './schemas.ts'
import { dateTime, XmlWriter } from './xml.ts'

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
const bucketOf = (item: Item, percent: string, euBuyer: boolean) => {
  // Sales across borders (tax/crossBorder.ts): WDT and export at 0 % with their own fields, EU services np II.
  if (item.crossBorder === 'wdt') return { net: 'P_13_6_2', vat: null, p12: '0 WDT' } as const
  if (item.crossBorder === 'export') return { net: 'P_13_6_3', vat: null, p12: '0 EX' } as const
  if (item.crossBorder === 'euServices') return { net: 'P_13_9', vat: null, p12: 'np II' } as const
  if (item.vatTreatment === 'zw') return { net: 'P_13_7', vat: null, p12: 'zw' } as const
  if (item.vatTreatment === 'np')
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
const sellerOf = (req: Fa3IssueRequest) => {
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

/** Problems that keep the invoice from being written. */
export const fa3IssueProblems = (req: Fa3IssueRequest): readonly Fa3Problem[] => {
  const p: Fa3Problem[] = []
  const item = req.item
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
  if (!item.isCompany) p.push({ field: 'isCompany', code: 'INVALID', message: 'Only a company income is invoiced' })
  if (item.corrects !== null)
    p.push({ field: 'corrects', code: 'UNSUPPORTED', message: 'Correcting invoices are not issued by Finance' })
  if (item.documentNumber.trim() === '')
    p.push({ field: 'documentNumber', code: 'REQUIRED', message: 'Document number is required for an invoice' })
  if (item.counterparty === null || item.counterparty.name.trim() === '')
    p.push({ field: 'counterparty.name', code: 'REQUIRED', message: 'Counterparty name is required for an invoice' })
  if (parseMoney(item.amount) <= 0n)
    p.push({ field: 'amount', code: 'INVALID', message: 'An invoice needs an amount above zero' })
  const eu = euBuyerOf(item)
  if (bucketOf(item, req.percent, eu) === null)
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

/** The item's foreign currency with the rate its VAT base was converted at, or `null` (a złoty item). */
const foreignCurrencyOf = (item: Item) => {
  const c = item.currency
  if (!c?.vatRate) return null
  // The rate without trailing zeros (the NBP's 0.010950 is 0.01095).
  const rate = c.vatRate.rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')
  return { code: c.code, amount: c.amount, vatRate: { ...c.vatRate, rate } }
}

/** A buyer identified by an EU VAT number of another member state (np: services taxed where the buyer is). */
const euBuyerOf = (item: Item) => {
  const c = item.counterparty
  if (!c) return false
  const country = c.country === 'GR' ? 'EL' : c.country
  return country !== '' && country !== 'PL' && EU.has(country) && c.taxId !== ''
}

/** The buyer's identification (TPodmiot2): a NIP, an EU VAT number, another tax id, or none. */
const buyerIds = (w: XmlWriter, item: Item) => {
  const c = item.counterparty!
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
  const seller = sellerOf(req)
  const eu = euBuyerOf(item)
  const bucket = bucketOf(item, req.percent, eu)!
  const pln = parseMoney(item.amount)
  const vatPln =
    bucket.vat === null ? 0n : item.documentVat !== null ? parseMoney(item.documentVat) : vatOfItem(pln, req.percent)
  // An invoice in a foreign currency states its amounts in that currency, the VAT also in złoty (P_14_xW, uVAT art.
  // 106e ust. 11) and the rate it was converted at (KursWaluty: the NBP rate the books used for the VAT base).
  const c = foreignCurrencyOf(item)
  const net = c ? parseMoney(c.amount) : pln
  const vat = c ? (bucket.vat === null ? 0n : vatOfItem(net, req.percent)) : vatPln
  const issueDate = item.invoiceDate ?? item.date
  const w = new XmlWriter()
  w.open('Faktura', undefined, { '': SCHEMAS['FA(3)'].namespace, etd: ETD })
  w.open('Naglowek')
    .leaf('KodFormularza', 'FA', { kodSystemowy: SCHEMAS['FA(3)'].systemCode, wersjaSchemy: '1-0E' })
    .leaf('WariantFormularza', 3)
    .leaf('DataWytworzeniaFa', dateTime(req.createdAt))
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
  const email = req.contact?.email.trim() ?? ''
  if (/^.+@.+$/.test(email) && email.length <= 255) w.open('DaneKontaktowe').leaf('Email', email).close()
  w.close()
  w.open('Podmiot2').open('DaneIdentyfikacyjne')
  buyerIds(w, item)
  w.close()
  const address = item.counterparty!.address.trim()
  if (address !== '')
    w.open('Adres')
      .leaf('KodKraju', item.counterparty!.country || 'PL')
      .leaf('AdresL1', address.slice(0, 512))
      .close()
  w.leaf('JST', 2).leaf('GV', 2).close()
  w.open('Fa')
    .leaf('KodWaluty', c?.code ?? 'PLN')
    .leaf('P_1', issueDate)
    .leaf('P_2', item.documentNumber.trim().slice(0, 256))
  const supply = item.supplyDate
  if (supply !== null && supply !== issueDate) w.leaf('P_6', supply)
  w.leaf(bucket.net, formatMoney(net))
  if (bucket.vat !== null) w.leaf(bucket.vat, formatMoney(vat))
  if (bucket.vat !== null && c) w.leaf(`${bucket.vat}W`, formatMoney(vatPln))
  w.leaf('P_15', formatMoney(net + vat))
  w.open('Adnotacje')
    .leaf('P_16', 2)
    .leaf('P_17', 2)
    .leaf('P_18', bucket.p12 === 'np II' ? 1 : 2)
    // The split-payment mark: an Annex 15 item on an invoice over 15 000 zł gross (uVAT art. 106e ust. 1 pkt 18a).
    .leaf('P_18A', splitPaymentDuty(item.annex15, net + vat) ? 1 : 2)
    .open('Zwolnienie')
  if (item.vatTreatment === 'zw') w.leaf('P_19', 1).leaf('P_19A', req.exemptionBasis!.trim().slice(0, 256))
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
  w.leaf('RodzajFaktury', 'VAT')
  if (item.procedures.includes('TP')) w.leaf('TP', 1)
  const description = (item.description.trim() || item.name.trim()).slice(0, 512)
  w.open('FaWiersz')
    .leaf('NrWierszaFa', 1)
    .leaf('P_7', description)
    .leaf('P_8A', item.crossBorder === 'wdt' || item.crossBorder === 'export' ? 'szt.' : 'usł.')
    .leaf('P_8B', 1)
    .leaf('P_9A', formatMoney(net))
    .leaf('P_11', formatMoney(net))
    .leaf('P_12', bucket.p12)
  const gtu = item.gtu[0]
  if (gtu !== undefined) w.leaf('GTU', gtu)
  const procedure = item.procedures.find((x) => x !== 'TP' && FA_PROCEDURES.has(x))
  if (procedure !== undefined) w.leaf('Procedura', procedure)
  if (c) w.leaf('KursWaluty', c.vatRate.rate)
  w.close()
  // The item's date is its payment date (the dashboard's cash date): a later one is the payment term.
  if (item.date > issueDate) w.open('Platnosc').open('TerminPlatnosci').leaf('Termin', item.date).close().close()
  w.close().close()
  const safe = item.documentNumber.trim().replace(/[^\w.-]+/g, '_')
  return { ok: true, xml: w.toString(), fileName: `FA3_${safe}.xml` }
}

/** The procedure markers an FA(3) line carries (TOznaczenieProcedury). */
const FA_PROCEDURES = new Set(['WSTO_EE', 'IED', 'TT_D', 'I_42', 'I_63', 'B_SPV', 'B_SPV_DOSTAWA', 'B_MPV_PROWIZJA'])
