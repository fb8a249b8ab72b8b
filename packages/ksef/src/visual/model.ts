/**
 * What an invoice's visualisation shows, in Polish or English, built from the FA(3) file alone (`readFa3View`): the
 * HTML preview (`html.ts`) and the PDF (`pdf.ts`) draw this one model, so they say the same. The verification code
 * KOD I (`kody-qr.md`) is computed from the very bytes of the file; it is shown only for the file that was (or will be)
 * sent to KSeF, with the KSeF number under it once known and OFFLINE before. KOD II (offline invoices, signed with a
 * KSeF certificate) is shown when its link is given.
 */
import { formatAmount, formatInstant, formatNumber, type Lang } from '@finance/ledger-core/format'
import { type Fa3View, readFa3View } from '@finance/tax-files'
import type { KsefEnvironment } from '../port.ts'
import { invoiceFileHash, KOD2_LABEL, kod1Label, kod1Url, type QrMatrix, qrMatrix } from '../qr.ts'

export interface VisualOptions {
  readonly lang?: Lang
  /** The invoice's KSeF number, once assigned. */
  readonly ksefNumber?: string | null
  /**
   * The environment of KOD I, for a file that is the one sent (or to be sent) to KSeF; `null` leaves the code out (a
   * preview of a file that is not the one KSeF holds: its hash would verify nothing).
   */
  readonly environment?: KsefEnvironment | null
  /** KOD II's link (an offline invoice signed with the issuer's KSeF certificate). */
  readonly kod2Url?: string | null
  /** A line under the title, e.g. the deadline of an offline invoice. */
  readonly notice?: string | null
}

export interface VisualCode {
  readonly url: string
  /** Under the code: the KSeF number, OFFLINE, or CERTYFIKAT. */
  readonly label: string
  /** What the code is for, in the document's language. */
  readonly caption: string
  readonly matrix: QrMatrix
}

export interface VisualTable {
  readonly headers: readonly string[]
  /** `r` for figures. */
  readonly align: readonly ('l' | 'r')[]
  /** Relative widths of the columns. */
  readonly widths: readonly number[]
  readonly rows: readonly (readonly string[])[]
}

export interface InvoiceVisual {
  readonly lang: Lang
  readonly title: string
  readonly number: string
  readonly notice: string | null
  /** Dates, place, currency, KSeF number. */
  readonly facts: readonly (readonly [string, string])[]
  readonly parties: readonly { readonly title: string; readonly lines: readonly string[] }[]
  readonly lines: VisualTable
  readonly totals: VisualTable
  readonly due: readonly [string, string]
  readonly sections: readonly { readonly title: string; readonly lines: readonly string[] }[]
  readonly codes: readonly VisualCode[]
  readonly generated: string
}

type Text = Readonly<Record<Lang, string>>
const t = (pl: string, en: string): Text => ({ pl, en })

const L = {
  seller: t('Sprzedawca', 'Seller'),
  buyer: t('Nabywca', 'Buyer'),
  number: t('Numer', 'Number'),
  issueDate: t('Data wystawienia', 'Date of issue'),
  place: t('Miejsce wystawienia', 'Place of issue'),
  supplyDate: t('Data dostawy lub wykonania usługi', 'Date of supply'),
  period: t('Okres', 'Period'),
  currency: t('Waluta', 'Currency'),
  ksefNumber: t('Numer KSeF', 'KSeF number'),
  nip: t('NIP', 'NIP (tax id)'),
  vatId: t('Identyfikator podatkowy', 'Tax id'),
  email: t('E-mail', 'E-mail'),
  phone: t('Telefon', 'Phone'),
  customerNumber: t('Numer klienta', 'Customer number'),
  no: t('Lp.', 'No.'),
  name: t('Nazwa towaru lub usługi', 'Goods or services'),
  quantity: t('Ilość', 'Quantity'),
  unit: t('J.m.', 'Unit'),
  unitNet: t('Cena jedn. netto', 'Unit price (net)'),
  unitGross: t('Cena jedn. brutto', 'Unit price (gross)'),
  discount: t('Rabat', 'Discount'),
  net: t('Wartość netto', 'Net value'),
  gross: t('Wartość brutto', 'Gross value'),
  rate: t('Stawka', 'Rate'),
  vat: t('Kwota VAT', 'VAT'),
  ratesTitle: t('Podsumowanie według stawek', 'Totals by rate'),
  vatPln: t('VAT w PLN', 'VAT in PLN'),
  due: t('Do zapłaty', 'Amount due'),
  payment: t('Płatność', 'Payment'),
  paymentForm: t('Forma płatności', 'Method'),
  paid: t('Zapłacono', 'Paid'),
  term: t('Termin płatności', 'Due date'),
  account: t('Rachunek bankowy', 'Bank account'),
  annotations: t('Adnotacje', 'Annotations'),
  correction: t('Korekta', 'Correction'),
  corrected: t('Faktura korygowana', 'Corrected invoice'),
  reason: t('Przyczyna korekty', 'Reason'),
  additional: t('Dodatkowe informacje', 'Additional information'),
  footer: t('Stopka', 'Footer'),
  kod1: t('Zweryfikuj fakturę w KSeF', 'Verify the invoice in KSeF'),
  kod2: t('Zweryfikuj wystawcę (certyfikat KSeF)', 'Verify the issuer (KSeF certificate)'),
  generated: t(
    'Wizualizacja faktury ustrukturyzowanej FA(3). Plik utworzony',
    'A visualisation of the structured invoice FA(3). File created',
  ),
  by: t('przez', 'by'),
} as const

const KINDS: Record<Fa3View['invoice']['kind'], Text> = {
  VAT: t('Faktura VAT', 'VAT invoice'),
  KOR: t('Faktura korygująca', 'Corrective invoice'),
  ZAL: t('Faktura zaliczkowa', 'Advance invoice'),
  ROZ: t('Faktura rozliczeniowa', 'Settlement invoice'),
  UPR: t('Faktura uproszczona', 'Simplified invoice'),
  KOR_ZAL: t('Faktura korygująca fakturę zaliczkową', 'Corrective advance invoice'),
  KOR_ROZ: t('Faktura korygująca fakturę rozliczeniową', 'Corrective settlement invoice'),
}

/** TFormaPlatnosci of the schema. */
const PAYMENT_FORMS: Record<string, Text> = {
  '1': t('gotówka', 'cash'),
  '2': t('karta', 'card'),
  '3': t('bon', 'voucher'),
  '4': t('czek', 'cheque'),
  '5': t('kredyt', 'credit'),
  '6': t('przelew', 'bank transfer'),
  '7': t('płatność mobilna', 'mobile payment'),
}

/** The sum fields P_13_x by what they hold (the schema's documentation of each); a percent as Intl's Polish writes it. */
const RATE_LABELS: Record<string, Text> = {
  P_13_1: t('23%', '23%'),
  P_13_2: t('8%', '8%'),
  P_13_3: t('5%', '5%'),
  P_13_4: t('ryczałt dla taksówek', 'taxi flat rate'),
  P_13_5: t('procedura OSS', 'OSS procedure'),
  P_13_6_1: t('0% (w kraju)', '0% (domestic)'),
  P_13_6_2: t('0% (WDT)', '0% (intra-EU supply)'),
  P_13_6_3: t('0% (eksport)', '0% (export)'),
  P_13_7: t('zw (zwolnione)', 'zw (exempt)'),
  P_13_8: t('np (poza terytorium kraju)', 'np (outside Poland)'),
  P_13_9: t('np (art. 100 ust. 1 pkt 4)', 'np (art. 100(1)(4))'),
  P_13_10: t('odwrotne obciążenie', 'reverse charge'),
  P_13_11: t('marża', 'margin scheme'),
}

/** A line's P_12 as people read it: `23%`, no space, as Intl's Polish and the Ministry's visualisation write it. */
const rateText = (rate: string | null): string => (rate === null ? '' : /^\d+$/.test(rate) ? `${rate}%` : rate)

/** Grosze as a decimal string (`12345` → `123.45`); no float on the way. */
const decimal = (g: bigint): string => {
  const sign = g < 0n ? '-' : ''
  const a = g < 0n ? -g : g
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`
}

const amountText = (lang: Lang, value: string | null) => (value === null ? '' : formatAmount(lang, value))
/** Unit prices carry up to eight decimals (TKwotowy2): at least two are shown, the file's own beyond. */
const priceText = (lang: Lang, value: string | null) => {
  if (value === null) return ''
  const decimals = Math.max(2, (value.split('.')[1] ?? '').length)
  return formatNumber(lang, value, decimals)
}

const partyLines = (lang: Lang, p: Fa3View['seller']): string[] =>
  [
    p.name,
    ...p.addressLines,
    p.country && p.country !== 'PL' ? p.country : null,
    p.nip ? `${L.nip[lang]}: ${p.nip}` : p.otherId ? `${L.vatId[lang]}: ${p.otherId}` : null,
    p.email ? `${L.email[lang]}: ${p.email}` : null,
    p.phone ? `${L.phone[lang]}: ${p.phone}` : null,
    p.customerNumber ? `${L.customerNumber[lang]}: ${p.customerNumber}` : null,
  ].filter((s): s is string => s !== null && s !== '')

/** The visualisation of an FA(3) file. */
export const invoiceVisual = (xml: string, options: VisualOptions = {}): InvoiceVisual => {
  const lang = options.lang ?? 'pl'
  const v = readFa3View(xml)
  const inv = v.invoice
  const ksefNumber = options.ksefNumber ?? null
  const cur = inv.currency

  const facts: [string, string][] = [[L.issueDate[lang], inv.issueDate]]
  if (v.place) facts.push([L.place[lang], v.place])
  if (v.period) facts.push([L.period[lang], `${v.period.from} – ${v.period.to}`])
  else if (inv.supplyDate && inv.supplyDate !== inv.issueDate) facts.push([L.supplyDate[lang], inv.supplyDate])
  if (cur !== 'PLN') facts.push([L.currency[lang], cur])
  if (ksefNumber) facts.push([L.ksefNumber[lang], ksefNumber])

  const byGross = v.lines.some((l) => l.unitGross !== null || l.gross !== null) && !v.lines.some((l) => l.net)
  const hasDiscount = v.lines.some((l) => l.discount !== null)
  const lines: VisualTable = {
    headers: [
      L.no[lang],
      L.name[lang],
      L.quantity[lang],
      L.unit[lang],
      byGross ? L.unitGross[lang] : L.unitNet[lang],
      ...(hasDiscount ? [L.discount[lang]] : []),
      `${byGross ? L.gross[lang] : L.net[lang]} (${cur})`,
      L.rate[lang],
    ],
    align: ['r', 'l', 'r', 'l', 'r', ...(hasDiscount ? (['r'] as const) : []), 'r', 'r'],
    widths: [4, 38, 8, 6, 13, ...(hasDiscount ? [9] : []), 14, 8],
    rows: v.lines.map((l) => [
      l.number,
      [l.description, l.pkwiu ? `PKWiU ${l.pkwiu}` : null, l.gtu, l.supplyDate].filter((s) => s).join(' · '),
      l.quantity === null ? '' : formatNumber(lang, l.quantity),
      l.unit ?? '',
      priceText(lang, byGross ? l.unitGross : l.unitNet),
      ...(hasDiscount ? [priceText(lang, l.discount)] : []),
      amountText(lang, byGross ? l.gross : l.net),
      rateText(l.rate),
    ]),
  }

  const withPln = inv.rates.some((r) => r.vatPln !== null)
  const totals: VisualTable = {
    headers: [L.rate[lang], `${L.net[lang]} (${cur})`, `${L.vat[lang]} (${cur})`, ...(withPln ? [L.vatPln[lang]] : [])],
    align: ['l', 'r', 'r', ...(withPln ? (['r'] as const) : [])],
    widths: [40, 20, 20, ...(withPln ? [20] : [])],
    rows: inv.rates.map((r) => {
      const label = RATE_LABELS[r.field]?.[lang] ?? r.field
      const shown = r.field === 'P_13_1' && inv.lines.some((l) => l.rate === '22') ? '22%' : label
      return [
        shown,
        formatAmount(lang, decimal(r.net)),
        r.vat === null ? '' : formatAmount(lang, decimal(r.vat)),
        ...(withPln ? [r.vatPln === null ? '' : formatAmount(lang, decimal(r.vatPln))] : []),
      ]
    }),
  }

  const sections: { title: string; lines: string[] }[] = []
  const pay: string[] = []
  const form = v.payment.form ? (PAYMENT_FORMS[v.payment.form]?.[lang] ?? v.payment.form) : v.payment.otherForm
  if (form) pay.push(`${L.paymentForm[lang]}: ${form}`)
  if (inv.paidOn) pay.push(`${L.paid[lang]}: ${inv.paidOn}`)
  for (const term of v.payment.terms) pay.push(`${L.term[lang]}: ${term}`)
  for (const a of v.payment.accounts)
    pay.push(`${L.account[lang]}: ${[a.number, a.swift, a.bank].filter((s) => s).join(', ')}`)
  if (pay.length > 0) sections.push({ title: L.payment[lang], lines: pay })

  const notes: string[] = []
  if (inv.cashMethod) notes.push(lang === 'pl' ? 'metoda kasowa' : 'cash accounting (metoda kasowa)')
  if (v.annotations.selfBilling) notes.push(lang === 'pl' ? 'samofakturowanie' : 'self-billing (samofakturowanie)')
  if (inv.reverseCharge) notes.push(lang === 'pl' ? 'odwrotne obciążenie' : 'reverse charge (odwrotne obciążenie)')
  if (v.annotations.splitPayment)
    notes.push(lang === 'pl' ? 'mechanizm podzielonej płatności' : 'split payment (mechanizm podzielonej płatności)')
  if (v.annotations.exemptionBasis)
    notes.push(
      `${lang === 'pl' ? 'podstawa zwolnienia z VAT' : 'legal basis of the VAT exemption'}: ${v.annotations.exemptionBasis}`,
    )
  if (v.annotations.triangular)
    notes.push(lang === 'pl' ? 'procedura uproszczona (transakcja trójstronna)' : 'simplified triangular procedure')
  if (inv.margin) notes.push(lang === 'pl' ? 'procedura marży' : 'margin scheme (procedura marży)')
  if (notes.length > 0) sections.push({ title: L.annotations[lang], lines: notes })

  if (inv.corrected.length > 0 || v.correctionReason) {
    const c: string[] = inv.corrected.map(
      (k) =>
        `${L.corrected[lang]}: ${k.number}, ${k.issueDate}${k.ksefNumber ? `, ${L.ksefNumber[lang]} ${k.ksefNumber}` : ''}`,
    )
    if (v.correctionReason) c.push(`${L.reason[lang]}: ${v.correctionReason}`)
    sections.push({ title: L.correction[lang], lines: c })
  }
  if (v.additional.length > 0)
    sections.push({ title: L.additional[lang], lines: v.additional.map((a) => `${a.key}: ${a.value}`) })
  const regs = [
    v.registers.krs ? `KRS ${v.registers.krs}` : null,
    v.registers.regon ? `REGON ${v.registers.regon}` : null,
    v.registers.bdo ? `BDO ${v.registers.bdo}` : null,
  ].filter((s): s is string => s !== null)
  if (v.footer.length > 0 || regs.length > 0)
    sections.push({ title: L.footer[lang], lines: [...v.footer, ...(regs.length > 0 ? [regs.join(', ')] : [])] })

  const codes: VisualCode[] = []
  if (options.environment) {
    const url = kod1Url({
      environment: options.environment,
      sellerNip: v.seller.nip ?? '',
      issueDate: inv.issueDate,
      hash: invoiceFileHash(xml),
    })
    codes.push({ url, label: kod1Label(ksefNumber), caption: L.kod1[lang], matrix: qrMatrix(url) })
  }
  if (options.kod2Url)
    codes.push({ url: options.kod2Url, label: KOD2_LABEL, caption: L.kod2[lang], matrix: qrMatrix(options.kod2Url) })

  return {
    lang,
    title: KINDS[inv.kind][lang],
    number: inv.number,
    notice: options.notice ?? null,
    facts,
    parties: [
      { title: L.seller[lang], lines: partyLines(lang, v.seller) },
      { title: L.buyer[lang], lines: partyLines(lang, v.buyer) },
    ],
    lines,
    totals,
    due: [L.due[lang], `${formatAmount(lang, decimal(inv.total))} ${cur}`],
    sections,
    codes,
    generated: [
      v.createdAt ? `${L.generated[lang]} ${formatInstant(lang, v.createdAt)}` : null,
      v.systemInfo ? `${L.by[lang]} ${v.systemInfo}` : null,
    ]
      .filter((s) => s)
      .join(' '),
  }
}
