/**
 * KSeF FA(3) invoices into the books: every official sample (placeholders filled, once with the company as the
 * seller and once as the buyer) and built invoices for what the samples do not show — several rates, a correction,
 * another currency, an exemption — and the reasons a file is refused.
 */
import { describe, expect, it } from 'vitest'
import { fa3Document, ksefNumberDate, ksefNumberFromFileName, readFa3 } from '../src/fa3.ts'
import { prepareInvoices } from '../src/ksefImport.ts'
import { SCHEMAS } from '../src/schemas.ts'
import { buildInvoice, buildInvoice23, type Placeholders, sample, sampleFiles } from '../src/testing/invoices.ts'
import { validateMany } from '../src/validate.ts'
import { xmllint } from './support.ts'

const US = '5260250274'
const OTHER = '7740001454'
const KSEF = '7740001454-20260305-0100001AF629-4B'
/** The number KSeF gives an invoice the company issued (its own NIP first). */
const OUR_KSEF = '5260250274-20260305-0100001AF629-0B'

/** The samples with the company as the seller (`#nip#`) or the buyer (the pdf-generator sample names its own). */
const asSeller: Placeholders = {
  nip: US,
  subject2nip: OTHER,
  selfInvoicingNip: OTHER,
  invoiceNumber: '101',
  invoicingDate: '2026-03-10',
}
const asBuyer: Placeholders = {
  nip: OTHER,
  subject2nip: US,
  selfInvoicingNip: US,
  invoiceNumber: '102',
  invoicingDate: '2026-03-10',
}

const itemsOf = (r: Awaited<ReturnType<typeof prepareInvoices>>[number]) => {
  if (!r.ok) throw new Error(JSON.stringify(r.problems))
  return r.document.items.map((i) => i.data as Record<string, unknown>)
}

describe('the official sample invoices', () => {
  const files = sampleFiles()

  it('are all here and all valid against the official FA(3) schema (libxml2 in-process and Debian xmllint)', async () => {
    expect(files.length).toBe(4)
    const texts = files.map((f) => sample(f, asSeller))
    expect((await validateMany(texts, 'FA(3)')).map((v) => v.valid)).toEqual([true, true, true, true])
    const run = xmllint(SCHEMAS['FA(3)'].file, Object.fromEntries(files.map((f, i) => [f, texts[i]!])))
    expect(run.stderr.match(/ validates/g)?.length).toBe(4)
    expect(run.status).toBe(0)
  })

  it('import as incomes when the company is the seller (Podmiot1)', async () => {
    const names = files.filter((f) => f.startsWith('ksef-client-java'))
    const prepared = await prepareInvoices(
      names.map((f) => ({ fileName: f, content: sample(f, asSeller) })),
      [US],
    )
    // The self-invoicing template's buyer is filled with another company's NIP here: all three are sales.
    expect(prepared.map((p) => (p.ok ? p.kind : p.problems))).toEqual(['income', 'income', 'income'])
    const custom = itemsOf(prepared[0]!)
    expect(custom).toEqual([
      expect.objectContaining({
        amount: '52260.10',
        percent: '23',
        vatTreatment: 'rate',
        documentVat: null,
        invoiceDate: '2026-03-10',
        // No P_6: the lines' supply dates differ, the latest is recorded.
        supplyDate: '2026-01-15',
        // Due 15 March (TerminPlatnosci).
        date: '2026-03-15',
        documentNumber: 'FA/GRQMB-101/05/2025',
        counterparty: { name: 'Szkoła Testowa', taxId: OTHER, country: 'PL', address: 'ul. Polna 1, 00-001 Warszawa' },
        isCompany: true,
        ksefNumber: null,
      }),
    ])
    expect(prepared[0]!.ok && prepared[0]!.warnings.map((w) => w.code)).toEqual([
      'NO_KSEF_NUMBER',
      'SUPPLY_DATES_DIFFER',
    ])
    const v3 = itemsOf(prepared[1]!)
    expect(v3.map((i) => [i.amount, i.percent, i.supplyDate, i.date])).toEqual([
      ['10652.38', '23', '2025-07-11', '2025-07-17'],
    ])
  })

  it('import as expenses when the company is the buyer (Podmiot2), and the pdf-generator sample either way', async () => {
    const prepared = await prepareInvoices(
      files.map((f) => ({ fileName: f, content: sample(f, asBuyer) })),
      [US],
    )
    const byFile = Object.fromEntries(files.map((f, i) => [f, prepared[i]!]))
    expect(itemsOf(byFile['ksef-client-java-invoice-template-fa-3-with-custom-subject_2.xml']!)[0]).toMatchObject({
      amount: '52260.10',
      counterparty: { name: 'Elektrownia S.A.', taxId: OTHER },
    })
    expect(
      byFile['ksef-client-java-invoice_template_v3_self_invoicing.xml']!.ok &&
        byFile['ksef-client-java-invoice_template_v3_self_invoicing.xml']!.kind,
    ).toBe('expense')
    // The template without a buyer placeholder sells to 3861610227: not the company.
    expect(byFile['ksef-client-java-invoice-template_v3.xml']).toMatchObject({
      ok: false,
      problems: [{ code: 'NOT_OURS' }],
    })
    const pdf = 'ksef-pdf-generator-invoice.xml'
    const [asItsBuyer] = await prepareInvoices([{ fileName: pdf, content: sample(pdf, asBuyer) }], ['6808208874'])
    expect(asItsBuyer!.ok && asItsBuyer!.kind).toBe('expense')
    expect(itemsOf(asItsBuyer!).map((i) => [i.amount, i.percent, i.invoiceDate, i.date])).toEqual([
      ['27292.28', '23', '2025-10-31', '2025-10-31'],
    ])
    const [asItsSeller] = await prepareInvoices([{ fileName: pdf, content: sample(pdf, asBuyer) }], ['5265877635'])
    expect(asItsSeller!.ok && asItsSeller!.kind).toBe('income')
  })
})

describe('what an invoice becomes', () => {
  const base = {
    sellerNip: OTHER,
    buyerNip: US,
    number: 'FZ 12/03/2026',
    issueDate: '2026-03-05',
  }
  /** The same invoice as one the user issued (seller and buyer swapped). */
  const issuedBase = { ...base, sellerNip: US, buyerNip: OTHER }

  it('one item per rate, with the VAT each rate states, GTU codes and the exemption', async () => {
    const xml = buildInvoice({
      ...issuedBase,
      amounts: [
        ['P_13_1', '1000.03'],
        ['P_14_1', '230.00'],
        ['P_13_2', '500.00'],
        ['P_14_2', '40.00'],
        ['P_13_7', '100.00'],
      ],
      total: '1870.03',
      lines: [
        { description: 'Software', net: '1000.03', rate: '23', gtu: 'GTU_12' },
        { description: 'Books', net: '500.00', rate: '8' },
        { description: 'Training', net: '100.00', rate: 'zw' },
      ],
      exemptionBasis: 'art. 43 ust. 1 pkt 29 lit. c ustawy',
    })
    const [r] = await prepareInvoices([{ fileName: `${OUR_KSEF}.xml`, content: xml }], [US])
    const items = itemsOf(r!)
    expect(items.map((i) => [i.vatTreatment, i.percent, i.amount, i.documentVat, i.gtu])).toEqual([
      // 1000.03 × 23 % = 230.0069: the invoice's 230.00 is kept as the document's VAT.
      ['rate', '23', '1000.03', '230.00', ['GTU_12']],
      ['rate', '8', '500.00', null, []],
      ['zw', '0', '100.00', null, []],
    ])
    expect(items.map((i) => i.name)).toEqual([
      'FZ 12/03/2026 — Nabywca (23%)',
      'FZ 12/03/2026 — Nabywca (8%)',
      'FZ 12/03/2026 — Nabywca (zw)',
    ])
    // The KSeF number is read from the file name.
    expect(r!.ksefNumber).toBe(OUR_KSEF)
    expect(items[0]!.ksefNumber).toBe(OUR_KSEF)
  })

  it('the plainest built invoice: one line at 23 %, its VAT rounded half-up to the grosz', async () => {
    const xml = buildInvoice23({ ...base, net: '1000.03' })
    expect(xml).toContain('<P_13_1>1000.03</P_13_1><P_14_1>230.01</P_14_1><P_15>1230.04</P_15>')
    const [r] = await prepareInvoices([{ fileName: `${KSEF}.xml`, content: xml }], [US])
    expect(r!.ok).toBe(true)
    // 1000.03 × 23 % = 230.0069, the VAT the rate gives: nothing to keep apart as the document's own.
    expect(itemsOf(r!).map((i) => [i.percent, i.amount, i.documentVat])).toEqual([['23', '1000.03', null]])
  })

  it('a correction becomes correcting items: the differences, linked to the invoice it corrects', async () => {
    const kor = (correctionType: '1' | '2') =>
      buildInvoice23({
        ...base,
        number: 'KOR 1/2026',
        issueDate: '2026-04-07',
        correction: {
          type: correctionType,
          of: { number: 'FZ 12/03/2026', issueDate: '2026-03-05', ksefNumber: KSEF },
        },
        net: '-0.02',
        vat: '-0.01',
        description: 'Rabat',
      })
    const [buyerSide] = await prepareInvoices([{ fileName: 'kor.xml', content: kor('1') }], [US])
    expect(itemsOf(buyerSide!)).toEqual([
      expect.objectContaining({
        name: 'KOR KOR 1/2026 — Sprzedawca sp. z o.o.',
        amount: '-0.02',
        // −0.02 × 23 % rounds to 0.00; the correction states −0.01.
        documentVat: '-0.01',
        // A buyer counts a correction when it comes: its own date.
        invoiceDate: '2026-04-07',
        date: '2026-04-07',
        corrects: { documentNumber: 'FZ 12/03/2026', ksefNumber: KSEF, issueDate: '2026-03-05' },
      }),
    ])
    const sellerSide = (type: '1' | '2') =>
      fa3Document(
        readFa3(
          kor(type)
            .replace(`<NIP>${OTHER}</NIP>`, `<NIP>${US}</NIP>`)
            .replace(`<NIP>${US}</NIP><Nazwa>Nabywca`, `<NIP>${OTHER}</NIP><Nazwa>Nabywca`),
        ),
        {
          ourNips: [US],
          ksefNumber: null,
        },
      )
    // The seller's correction of type 1 takes effect in the period of the corrected invoice; type 2 in its own.
    const one = sellerSide('1')
    const two = sellerSide('2')
    expect(one.ok && one.kind).toBe('income')
    expect(one.ok && one.document.items[0]!.data).toMatchObject({ invoiceDate: '2026-03-05', date: '2026-04-07' })
    expect(two.ok && two.document.items[0]!.data).toMatchObject({ invoiceDate: '2026-04-07', date: '2026-04-07' })
  })

  it('another currency is converted at the invoice’s exchange rate; the VAT in złoty is the invoice’s', async () => {
    const xml = buildInvoice({
      ...base,
      currency: 'EUR',
      amounts: [
        ['P_13_1', '1000.00'],
        ['P_14_1', '230.00'],
        ['P_14_1W', '983.27'],
      ],
      total: '1230.00',
      lines: [{ description: 'Licence', net: '1000.00', rate: '23', exchangeRate: '4.275100' }],
    })
    const [r] = await prepareInvoices([{ fileName: 'eur.xml', content: xml }], [US])
    // 1000.00 × 4.2751 = 4275.10; 4275.10 × 23 % = 983.273 → 983.27 (the invoice's own figure). The item keeps the
    // currency and its amount: the books convert it at the NBP rates they hold.
    expect(itemsOf(r!).map((i) => [i.amount, i.documentVat, i.currency])).toEqual([
      ['4275.10', null, { code: 'EUR', amount: '1000.00', paidOn: null }],
    ])
    const noRate = xml.replace('<KursWaluty>4.275100</KursWaluty>', '')
    const [accepted] = await prepareInvoices([{ fileName: 'eur.xml', content: noRate }], [US])
    expect(accepted?.ok && (accepted.document.items[0]!.data as Record<string, unknown>)).toMatchObject({
      currency: { code: 'EUR', amount: '1000.00', paidOn: null },
    })
    expect(accepted?.ok && accepted.document.items[0]!.data).not.toHaveProperty('amount')
    const twoRates = buildInvoice({
      ...base,
      currency: 'EUR',
      amounts: [
        ['P_13_1', '200.00'],
        ['P_14_1', '46.00'],
      ],
      total: '246.00',
      lines: [
        { description: 'A', net: '100.00', rate: '23', exchangeRate: '4.275100' },
        { description: 'B', net: '100.00', rate: '23', exchangeRate: '4.300000' },
      ],
    })
    const [refused] = await prepareInvoices([{ fileName: 'eur2.xml', content: twoRates }], [US])
    expect(refused).toMatchObject({ ok: false, problems: [{ code: 'CURRENCY_RATE', params: { currency: 'EUR' } }] })
  })

  it('records an issued WDT, export and np II sale with its cross-border kind', async () => {
    const issued = buildInvoice({
      ...issuedBase,
      amounts: [
        ['P_13_6_2', '100.00'],
        ['P_13_6_3', '200.00'],
        ['P_13_9', '300.00'],
      ],
      total: '600.00',
      lines: [
        { description: 'Goods', net: '100.00', rate: '0 WDT' },
        { description: 'Export', net: '200.00', rate: '0 EX' },
        { description: 'Design', net: '300.00', rate: 'np II' },
      ],
    })
    const [r] = await prepareInvoices([{ fileName: 'issued.xml', content: issued }], [US])
    expect(itemsOf(r!).map((i) => [i.amount, i.vatTreatment, i.percent, i.crossBorder])).toEqual([
      ['100.00', 'rate', '0', 'wdt'],
      ['200.00', 'rate', '0', 'export'],
      ['300.00', 'np', '0', 'euServices'],
    ])
  })

  it('records an issued OSS sale (P_13_5) outside Polish VAT, marked WSTO_EE, and refuses one bought', async () => {
    // An e-book sold to a consumer in Germany under the EU OSS procedure: 100.00 net, German VAT 19 % (19.00) on the
    // invoice, which is no Polish tax: np in JPK_V7's K_11 with the WSTO_EE marker (docs/tax-rules.md §33).
    const oss = (seller: string, buyer: string) =>
      buildInvoice({
        ...base,
        sellerNip: seller,
        buyerNip: buyer,
        amounts: [
          ['P_13_5', '100.00'],
          ['P_14_5', '19.00'],
        ],
        total: '119.00',
        lines: [{ description: 'E-book', net: '100.00', rate: '', ossRate: '19' }],
      })
    const [sold, bought] = await prepareInvoices(
      [
        { fileName: 'oss.xml', content: oss(US, OTHER) },
        { fileName: 'oss-bought.xml', content: oss(OTHER, US) },
      ],
      [US],
    )
    expect(itemsOf(sold!).map((i) => [i.amount, i.vatTreatment, i.percent, i.procedures, i.documentVat])).toEqual([
      ['100.00', 'np', '0', ['WSTO_EE'], null],
    ])
    expect(bought).toMatchObject({
      ok: false,
      problems: [
        {
          code: 'UNSUPPORTED',
          message:
            'A sale under the OSS procedure (P_13_5) on a purchase invoice is not supported: enter the invoice by hand',
        },
      ],
    })
  })

  it('refuses what the VAT engine has no place for, saying what it is', async () => {
    const bought = buildInvoice({
      ...base,
      amounts: [['P_13_6_2', '100.00']],
      total: '100.00',
      lines: [{ description: 'Goods', net: '100.00', rate: '0 WDT' }],
    })
    const reverse = buildInvoice({
      ...issuedBase,
      amounts: [['P_13_10', '100.00']],
      total: '100.00',
      lines: [{ description: 'Steel', net: '100.00', rate: 'oo' }],
    })
    const [r, rc] = await prepareInvoices(
      [
        { fileName: 'wdt.xml', content: bought },
        { fileName: 'oo.xml', content: reverse },
      ],
      [US],
    )
    expect(r).toMatchObject({
      ok: false,
      problems: [
        {
          code: 'UNSUPPORTED',
          message:
            'An intra-community supply (P_13_6_2) on a purchase invoice is not supported: enter the invoice by hand',
        },
      ],
    })
    expect(rc).toMatchObject({
      ok: false,
      problems: [
        {
          code: 'UNSUPPORTED',
          message: 'Domestic reverse charge (P_13_10) is not supported: enter the invoice by hand',
        },
      ],
    })
  })

  it('refuses a file that is not FA(3), not UTF-8, not the company’s, or without the company’s NIP', async () => {
    const good = buildInvoice({
      ...base,
      amounts: [
        ['P_13_1', '100.00'],
        ['P_14_1', '23.00'],
      ],
      total: '123.00',
      lines: [{ description: 'x', net: '100.00', rate: '23' }],
    })
    const [notXml, badSchema, latin2, notOurs] = await prepareInvoices(
      [
        { fileName: 'a.xml', content: 'not xml at all' },
        { fileName: 'b.xml', content: good.replace('<P_15>', '<P_16>').replace('</P_15>', '</P_16>') },
        { fileName: 'c.xml', content: new Uint8Array([0x3c, 0x61, 0xb3, 0x3e]) },
        { fileName: 'd.xml', content: good },
      ],
      ['5265877635'],
    )
    expect(notXml).toMatchObject({ ok: false, problems: [{ code: 'SCHEMA' }] })
    expect(badSchema).toMatchObject({ ok: false, problems: [{ code: 'SCHEMA', params: { line: expect.any(String) } }] })
    expect(latin2).toMatchObject({ ok: false, problems: [{ code: 'NOT_UTF8' }] })
    expect(notOurs).toMatchObject({ ok: false, problems: [{ code: 'NOT_OURS', params: { seller: OTHER, buyer: US } }] })
    // A document type declaration is refused unread, file by file: an external entity (never fetched), a parameter
    // entity, an internal one (never expanded into the books); the good file of the same request is taken.
    const body = good.replace(/^<\?xml[^>]*>/, '')
    const declared = await prepareInvoices(
      [
        `<!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]>${body}`,
        `<!DOCTYPE a [<!ENTITY % p "x">]>${body}`,
        `<?xml version="1.0"?><!doctype Faktura [<!ENTITY n "FOO-1">]>${body}`,
        good,
      ].map((content, i) => ({ fileName: `${i}.xml`, content })),
      [US],
    )
    expect(declared.map((f) => (f.ok ? 'ok' : f.problems.map((p) => p.code).join()))).toEqual([
      'DOCTYPE',
      'DOCTYPE',
      'DOCTYPE',
      'ok',
    ])
    const [noNip] = await prepareInvoices([{ fileName: 'd.xml', content: good }], [''])
    expect(noNip).toMatchObject({ ok: false, problems: [{ code: 'NO_COMPANY_NIP' }] })
    const [badNumber] = await prepareInvoices([{ fileName: 'd.xml', content: good, ksefNumber: '123' }], [US])
    expect(badNumber).toMatchObject({ ok: false, problems: [{ code: 'KSEF_NUMBER' }] })
    // A KSeF number whose check digits (a CRC-8 of the rest) are wrong, given or in the file's name: not one KSeF
    // gave, so kept with a warning to compare it with KSeF; one outside the official pattern is refused.
    const wrong = `${OTHER}-20260305-0100001AF629-AF`
    const [given, named, offPattern] = await prepareInvoices(
      [
        { fileName: 'd.xml', content: good, ksefNumber: wrong },
        { fileName: `${wrong}.xml`, content: good },
        { fileName: `${OTHER}-20261345-0100001AF629-AF.xml`, content: good },
      ],
      [US],
    )
    for (const r of [given, named]) {
      expect(r).toMatchObject({ ok: true, ksefNumber: wrong })
      expect(r!.ok && r!.warnings.map((w) => [w.code, w.params?.value])).toContainEqual(['KSEF_NUMBER_CHECK', wrong])
    }
    expect(offPattern).toMatchObject({ ok: false, problems: [{ code: 'KSEF_NUMBER' }] })
  })

  it('a KSeF number received in a later month than the invoice’s date is noted', async () => {
    const xml = buildInvoice({
      ...base,
      issueDate: '2026-03-31',
      amounts: [
        ['P_13_1', '100.00'],
        ['P_14_1', '23.00'],
      ],
      total: '123.00',
      lines: [{ description: 'x', net: '100.00', rate: '23' }],
    })
    const number = '7740001454-20260401-0100001AF629-D8'
    const [r] = await prepareInvoices([{ fileName: 'x.xml', content: xml, ksefNumber: number.toLowerCase() }], [US])
    expect(r!.ok && r!.warnings).toEqual([
      expect.objectContaining({ code: 'RECEIVED_LATER', params: { date: '2026-04-01' } }),
    ])
    expect(itemsOf(r!)[0]).toMatchObject({ invoiceDate: '2026-03-31', ksefNumber: number })
  })
})

describe('KSeF numbers', () => {
  it('are read from a file name as KSeF names downloaded invoices, and dated by their day part', () => {
    expect(ksefNumberFromFileName('/tmp/5265877635-20250626-010080DD2B5E-26.xml')).toBe(
      '5265877635-20250626-010080DD2B5E-26',
    )
    expect(ksefNumberFromFileName('FA_5265877635-20250626-010080dd2b5e-26 (1).xml')).toBe(
      '5265877635-20250626-010080DD2B5E-26',
    )
    expect(ksefNumberFromFileName('faktura-12.xml')).toBeNull()
    // A number of the right shape but wrong check digits is read as it is, for the import to refuse it.
    expect(ksefNumberFromFileName('5260250274-20261105-0100A0B0C0D0-7F.xml')).toBe(
      '5260250274-20261105-0100A0B0C0D0-7F',
    )
    expect(ksefNumberDate('5265877635-20250626-010080DD2B5E-26')).toBe('2025-06-26')
  })
})
