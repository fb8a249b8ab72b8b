/**
 * FA(3) invoices for tests, stories and benchmarks: the official samples with their placeholders filled, and an
 * invoice builder for the cases the samples do not show (several rates, a correction, another currency, an
 * exemption). Everything built here is valid against the official FA(3) schema (the tests check it).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { formatMoney, parseMoney, percentOf } from '@finance/ledger-core/light'
import { escapeXml } from '../xml.ts'

/** The official sample invoices (vendored beside the tests with their licences). */
export const SAMPLES_DIR = fileURLToPath(new URL('../../test/samples/ksef/', import.meta.url))

export const sampleFiles = (): readonly string[] =>
  readdirSync(SAMPLES_DIR)
    .filter((f) => f.endsWith('.xml'))
    .sort()

export interface Placeholders {
  /** `#nip#`: the seller of the ksef-client-java templates. */
  readonly nip: string
  /** `#subject2nip#`: the buyer of the custom-subject template. */
  readonly subject2nip: string
  /** `#selfInvocingNip#`: the buyer of the self-invoicing template. */
  readonly selfInvoicingNip: string
  readonly invoiceNumber: string
  readonly invoicingDate: string
}

/** A sample's text with its placeholders filled. */
export const sample = (file: string, p: Placeholders): string =>
  readFileSync(SAMPLES_DIR + file, 'utf8')
    .replaceAll('#nip#', p.nip)
    .replaceAll('#subject2nip#', p.subject2nip)
    .replaceAll('#selfInvocingNip#', p.selfInvoicingNip)
    .replaceAll('#invoice_number#', p.invoiceNumber)
    .replaceAll('#invoicing_date#', p.invoicingDate)

export interface BuiltLine {
  readonly description: string
  readonly net: string
  /** P_12: `23`, `8`, `5`, `0 KR`, `zw`, `np I`, `np II` … */
  readonly rate: string
  /** P_12_XII instead of P_12: the other member state's rate of a line sold under the OSS procedure. */
  readonly ossRate?: string
  readonly gtu?: string
  readonly exchangeRate?: string
  readonly supplyDate?: string
}

export interface BuiltInvoice {
  readonly sellerNip: string
  readonly sellerName?: string
  readonly buyerNip: string
  readonly buyerName?: string
  readonly number: string
  readonly issueDate: string
  readonly supplyDate?: string
  readonly currency?: string
  /** The rate fields in schema order: `[['P_13_1', '100.00'], ['P_14_1', '23.00'], …]`. */
  readonly amounts: readonly (readonly [string, string])[]
  readonly total: string
  readonly kind?: 'VAT' | 'KOR' | 'ZAL' | 'ROZ' | 'UPR' | 'KOR_ZAL' | 'KOR_ROZ'
  readonly correctionType?: '1' | '2' | '3'
  readonly corrected?: { readonly number: string; readonly issueDate: string; readonly ksefNumber?: string }
  readonly lines: readonly BuiltLine[]
  readonly exemptionBasis?: string
  readonly cashMethod?: boolean
  readonly paidOn?: string
  readonly dueOn?: string
}

const leaf = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`

/** An FA(3) invoice with the given parties, amounts and lines. */
export const buildInvoice = (b: BuiltInvoice): string => {
  const lines = b.lines
    .map(
      (l, i) =>
        `<FaWiersz>${leaf('NrWierszaFa', String(i + 1))}${l.supplyDate ? leaf('P_6A', l.supplyDate) : ''}${leaf('P_7', l.description)}${leaf('P_8A', 'szt.')}${leaf('P_8B', '1')}${leaf('P_9A', l.net)}${leaf('P_11', l.net)}${l.ossRate ? leaf('P_12_XII', l.ossRate) : leaf('P_12', l.rate)}${l.gtu ? leaf('GTU', l.gtu) : ''}${l.exchangeRate ? leaf('KursWaluty', l.exchangeRate) : ''}</FaWiersz>`,
    )
    .join('\n    ')
  const corrected = b.corrected
    ? `${b.correctionType ? leaf('TypKorekty', b.correctionType) : ''}<DaneFaKorygowanej>${leaf('DataWystFaKorygowanej', b.corrected.issueDate)}${leaf('NrFaKorygowanej', b.corrected.number)}${b.corrected.ksefNumber ? `<NrKSeF>1</NrKSeF>${leaf('NrKSeFFaKorygowanej', b.corrected.ksefNumber)}` : '<NrKSeFN>1</NrKSeFN>'}</DaneFaKorygowanej>`
    : ''
  const zwolnienie = b.exemptionBasis ? `<P_19>1</P_19>${leaf('P_19A', b.exemptionBasis)}` : '<P_19N>1</P_19N>'
  const platnosc = b.paidOn
    ? `<Platnosc><Zaplacono>1</Zaplacono>${leaf('DataZaplaty', b.paidOn)}</Platnosc>`
    : b.dueOn
      ? `<Platnosc><TerminPlatnosci>${leaf('Termin', b.dueOn)}</TerminPlatnosci></Platnosc>`
      : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/" xmlns:etd="http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/">
  <Naglowek>
    <KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>
    <WariantFormularza>3</WariantFormularza>
    <DataWytworzeniaFa>2026-03-01T10:00:00Z</DataWytworzeniaFa>
  </Naglowek>
  <Podmiot1>
    <DaneIdentyfikacyjne>${leaf('NIP', b.sellerNip)}${leaf('Nazwa', b.sellerName ?? 'Sprzedawca sp. z o.o.')}</DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Długa 5</AdresL1><AdresL2>09-400 Płock</AdresL2></Adres>
  </Podmiot1>
  <Podmiot2>
    <DaneIdentyfikacyjne>${leaf('NIP', b.buyerNip)}${leaf('Nazwa', b.buyerName ?? 'Nabywca')}</DaneIdentyfikacyjne>
    <Adres><KodKraju>PL</KodKraju><AdresL1>ul. Prosta 1</AdresL1><AdresL2>00-001 Warszawa</AdresL2></Adres>
    <JST>2</JST>
    <GV>2</GV>
  </Podmiot2>
  <Fa>
    ${leaf('KodWaluty', b.currency ?? 'PLN')}${leaf('P_1', b.issueDate)}${leaf('P_2', b.number)}${b.supplyDate ? leaf('P_6', b.supplyDate) : ''}
    ${b.amounts.map(([k, v]) => leaf(k, v)).join('')}${leaf('P_15', b.total)}
    <Adnotacje><P_16>${b.cashMethod ? 1 : 2}</P_16><P_17>2</P_17><P_18>2</P_18><P_18A>2</P_18A><Zwolnienie>${zwolnienie}</Zwolnienie><NoweSrodkiTransportu><P_22N>1</P_22N></NoweSrodkiTransportu><P_23>2</P_23><PMarzy><P_PMarzyN>1</P_PMarzyN></PMarzy></Adnotacje>
    ${leaf('RodzajFaktury', b.kind ?? 'VAT')}${corrected}
    ${lines}
    ${platnosc}
  </Fa>
</Faktura>
`
}

/**
 * The plainest invoice: one service line at 23 % (VAT 23 % of `net`, half-up to the grosz), issued on 5 March 2026
 * unless told otherwise; or the plainest correction of one.
 */
export const buildInvoice23 = (b: {
  readonly sellerNip: string
  readonly sellerName?: string
  readonly buyerNip: string
  readonly number: string
  readonly net?: string
  readonly vat?: string
  readonly description?: string
  readonly issueDate?: string
  /** A correction (KOR) of the invoice `of`, of the kind `type` (TypKorekty); `net` and `vat` are then the differences. */
  readonly correction?: { readonly type: '1' | '2' | '3'; readonly of: NonNullable<BuiltInvoice['corrected']> }
}): string => {
  const net = b.net ?? '100.00'
  const vat = b.vat ?? formatMoney(percentOf(parseMoney(net), '23'))
  return buildInvoice({
    sellerNip: b.sellerNip,
    ...(b.sellerName === undefined ? {} : { sellerName: b.sellerName }),
    buyerNip: b.buyerNip,
    number: b.number,
    issueDate: b.issueDate ?? '2026-03-05',
    amounts: [
      ['P_13_1', net],
      ['P_14_1', vat],
    ],
    total: formatMoney(parseMoney(net) + parseMoney(vat)),
    lines: [{ description: b.description ?? 'Usługa', net, rate: '23' }],
    ...(b.correction ? { kind: 'KOR', correctionType: b.correction.type, corrected: b.correction.of } : {}),
  })
}
