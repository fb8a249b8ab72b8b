/**
 * The fuller reading of an FA(3) invoice that a person reads: what `readFa3` takes for the books plus the fields of
 * the visualisation (addresses and contacts, lines with quantity, unit and prices, payment form and bank accounts,
 * the annotations, additional descriptions, the footer and registers). Amounts stay as the decimal strings of the
 * file: a visualisation shows them, it never computes with them. Names follow the schema
 * `schemat_FA(3)_v1-0E.xsd`; any valid FA(3) reads, whoever issued it.
 */
import { fa3Node as node, fa3Parts, fa3Text as text, type Fa3Invoice, readFa3 } from './fa3.ts'

export interface Fa3ViewParty {
  readonly nip: string | null
  /** An EU VAT number (with its country code) or another id, for a party without a Polish NIP. */
  readonly otherId: string | null
  readonly name: string
  /** AdresL1, AdresL2 (the address as the file writes it). */
  readonly addressLines: readonly string[]
  readonly country: string | null
  readonly email: string | null
  readonly phone: string | null
  /** Podmiot2/NrKlienta. */
  readonly customerNumber: string | null
}

export interface Fa3ViewLine {
  readonly number: string
  readonly description: string
  readonly unit: string | null
  readonly quantity: string | null
  /** P_9A: the net unit price; P_9B: the gross one (invoices by gross value). */
  readonly unitNet: string | null
  readonly unitGross: string | null
  /** P_10: the discount. */
  readonly discount: string | null
  /** P_11: the net value; P_11A: the gross value. */
  readonly net: string | null
  readonly gross: string | null
  /** P_12 as written: `23`, `8`, `zw`, `np I`, `0 KR` … */
  readonly rate: string | null
  readonly gtu: string | null
  readonly supplyDate: string | null
  readonly pkwiu: string | null
}

export interface Fa3ViewAccount {
  readonly number: string
  readonly swift: string | null
  readonly bank: string | null
}

export interface Fa3View {
  /** The reading of the books (rates, totals, kind, dates, corrections). */
  readonly invoice: Fa3Invoice
  readonly seller: Fa3ViewParty
  readonly buyer: Fa3ViewParty
  /** P_1M: the place of issue. */
  readonly place: string | null
  /** OkresFa: P_6_Od … P_6_Do, when the invoice covers a period. */
  readonly period: { readonly from: string; readonly to: string } | null
  readonly lines: readonly Fa3ViewLine[]
  /** Payment: the form (TFormaPlatnosci 1–7, or the other form's description), terms, accounts. */
  readonly payment: {
    readonly form: string | null
    readonly otherForm: string | null
    readonly terms: readonly string[]
    readonly accounts: readonly Fa3ViewAccount[]
  }
  readonly annotations: {
    /** P_17: self-billing. */
    readonly selfBilling: boolean
    /** P_18A: the split-payment mechanism. */
    readonly splitPayment: boolean
    /** Zwolnienie P_19A / P_19B / P_19C: the legal basis of an exemption. */
    readonly exemptionBasis: string | null
    /** P_23: a simplified triangular procedure. */
    readonly triangular: boolean
  }
  readonly correctionReason: string | null
  readonly additional: readonly { readonly key: string; readonly value: string }[]
  readonly footer: readonly string[]
  readonly registers: { readonly krs: string | null; readonly regon: string | null; readonly bdo: string | null }
  /** Naglowek: when and by what the file was made. */
  readonly createdAt: string | null
  readonly systemInfo: string | null
}

const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x])

const viewParty = (p: Record<string, unknown>): Fa3ViewParty => {
  const ids = node(p.DaneIdentyfikacyjne)
  const address = node(p.Adres)
  const contact = node(list(p.DaneKontaktowe)[0])
  const kodUE = text(ids.KodUE)
  const vatUE = text(ids.NrVatUE)
  return {
    nip: text(ids.NIP),
    otherId: kodUE && vatUE ? `${kodUE}${vatUE}` : text(ids.NrID),
    name: text(ids.Nazwa) ?? '',
    addressLines: [text(address.AdresL1), text(address.AdresL2)].filter((s): s is string => !!s),
    country: text(address.KodKraju) ?? text(ids.KodKraju),
    email: text(contact.Email),
    phone: text(contact.Telefon),
    customerNumber: text(p.NrKlienta),
  }
}

/** Reads an FA(3) document (already valid against the official schema) into what its visualisation shows. */
export const readFa3View = (xml: string): Fa3View => {
  const { root, fa, adnotacje } = fa3Parts(xml)
  const zwolnienie = node(adnotacje.Zwolnienie)
  const platnosc = node(fa.Platnosc)
  const okres = node(fa.OkresFa)
  const stopka = node(root.Stopka)
  const rejestry = node(list(stopka.Rejestry)[0])
  const naglowek = node(root.Naglowek)
  const from = text(okres.P_6_Od)
  const to = text(okres.P_6_Do)
  return {
    invoice: readFa3(xml),
    seller: viewParty(node(root.Podmiot1)),
    buyer: viewParty(node(root.Podmiot2)),
    place: text(fa.P_1M),
    period: from && to ? { from, to } : null,
    lines: list(fa.FaWiersz).map((l, i) => {
      const w = node(l)
      return {
        number: text(w.NrWierszaFa) ?? String(i + 1),
        description: text(w.P_7) ?? '',
        unit: text(w.P_8A),
        quantity: text(w.P_8B),
        unitNet: text(w.P_9A),
        unitGross: text(w.P_9B),
        discount: text(w.P_10),
        net: text(w.P_11),
        gross: text(w.P_11A),
        rate: text(w.P_12),
        gtu: text(w.GTU),
        supplyDate: text(w.P_6A),
        pkwiu: text(w.PKWiU),
      }
    }),
    payment: {
      form: text(platnosc.FormaPlatnosci),
      otherForm: text(platnosc.PlatnoscInna) === '1' ? text(platnosc.OpisPlatnosci) : null,
      terms: list(platnosc.TerminPlatnosci)
        .map((t) => text(node(t).Termin))
        .filter((t): t is string => t !== null),
      accounts: list(platnosc.RachunekBankowy).map((a) => {
        const r = node(a)
        return { number: text(r.NrRB) ?? '', swift: text(r.SWIFT), bank: text(r.NazwaBanku) }
      }),
    },
    annotations: {
      selfBilling: text(adnotacje.P_17) === '1',
      splitPayment: text(adnotacje.P_18A) === '1',
      exemptionBasis:
        text(zwolnienie.P_19) === '1'
          ? (text(zwolnienie.P_19A) ?? text(zwolnienie.P_19B) ?? text(zwolnienie.P_19C))
          : null,
      triangular: text(adnotacje.P_23) === '1',
    },
    correctionReason: text(fa.PrzyczynaKorekty),
    additional: list(fa.DodatkowyOpis).map((d) => ({
      key: text(node(d).Klucz) ?? '',
      value: text(node(d).Wartosc) ?? '',
    })),
    footer: list(stopka.Informacje)
      .map((i) => text(node(i).StopkaFaktury))
      .filter((t): t is string => t !== null),
    registers: { krs: text(rejestry.KRS), regon: text(rejestry.REGON), bdo: text(rejestry.BDO) },
    createdAt: text(naglowek.DataWytworzeniaFa),
    systemInfo: text(naglowek.SystemInfo),
  }
}
