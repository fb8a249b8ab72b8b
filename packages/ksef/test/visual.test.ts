/**
 * The invoice visualisation: KOD I against `kody-qr.md`, the PDF's text read back with pdf.js (Mozilla's reader,
 * not ours), the HTML preview against its golden file (`UPDATE_GOLDEN=1` rewrites it after a deliberate change).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { validateXml } from '@finance/tax-files'
import { SAMPLES_DIR } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { invoiceFileHash, invoiceHtml, invoicePdf, kod1Label, kod1Url, qrMatrix } from '../src/visual/index.ts'
import { pdfText } from './pdfText.ts'

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)), 'utf8')
const XML = fixture('fa3-visual.xml')
const KSEF_NUMBER = '5260250274-20260201-0100A0B1C2D3-8C'

describe('KOD I (kody-qr.md)', () => {
  it("builds the document's own example link", () => {
    expect(
      kod1Url({
        environment: 'TEST',
        sellerNip: '1111111111',
        issueDate: '2026-02-01',
        hash: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
      }),
    ).toBe('https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE')
  })

  it('uses the address of each environment', () => {
    const at = (environment: 'TEST' | 'DEMO' | 'PROD') =>
      kod1Url({ environment, sellerNip: '1111111111', issueDate: '2026-02-01', hash: 'x' })
    expect(at('DEMO')).toBe('https://qr-demo.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/x')
    expect(at('PROD')).toBe('https://qr.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/x')
  })

  it('hashes the file with SHA-256 in Base64URL without padding', () => {
    // FIPS 180-2's vector for "abc": ba7816bf…f20015ad, here in Base64URL.
    expect(invoiceFileHash('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0')
    const h = invoiceFileHash(XML)
    expect(h).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(h, 'base64url')).toEqual(createHash('sha256').update(Buffer.from(XML, 'utf8')).digest())
  })

  it('labels the code with the KSeF number, or OFFLINE before one is assigned', () => {
    expect(kod1Label(KSEF_NUMBER)).toBe(KSEF_NUMBER)
    expect(kod1Label(null)).toBe('OFFLINE')
  })

  it('makes a QR symbol of the link (version by length, finder patterns in three corners)', () => {
    const m = qrMatrix(
      'https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
    )
    expect((m.size - 17) % 4).toBe(0)
    for (const [r, c] of [
      [0, 0],
      [0, m.size - 7],
      [m.size - 7, 0],
    ] as const) {
      // A finder pattern: a dark 7×7 ring around a light ring around a dark 3×3 core.
      expect(m.dark(r, c) && m.dark(r + 6, c + 6) && !m.dark(r + 1, c + 1) && m.dark(r + 3, c + 3)).toBe(true)
    }
  })
})

describe('the PDF', () => {
  it('is valid FA(3) input: the fixture passes the official schema', async () => {
    expect((await validateXml(XML, 'FA(3)')).errors).toEqual([])
  })

  it('carries every field a person needs, in Polish', async () => {
    const pdf = await invoicePdf(XML, { environment: 'TEST', ksefNumber: KSEF_NUMBER })
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = await pdfText(pdf)
    for (const s of [
      'Faktura VAT',
      'FV 12/02/2026',
      'Data wystawienia',
      '2026-02-01',
      'Miejsce wystawienia',
      'Kraków',
      'Data dostawy lub wykonania usługi',
      '2026-01-31',
      'Sprzedawca',
      'Zażółć Gęślą Jaźń Usługi Informatyczne',
      'ul. Źródlana 12/3',
      'NIP: 5260250274',
      'Nabywca',
      'Łódzkie Młyny Śląskie sp. z o.o.',
      '90-001 Łódź',
      'NIP: 5260001246',
      'Numer klienta: K-17',
      'Wdrożenie systemu — etap I (żółta ścieżka)',
      '80,5',
      'godz.',
      '150,00',
      '12 075,00',
      '270,60',
      '23 %',
      'zw',
      '12 345,60',
      '2839,49',
      'Do zapłaty: 15 685,09 PLN',
      'Forma płatności: przelew',
      'Termin płatności: 2026-02-15',
      'Rachunek bankowy: 61109010140000071219812874, Santander Bank Polska',
      'podstawa zwolnienia z VAT: art. 43 ust. 1 pkt 29 lit. a ustawy o VAT',
      'Zamówienie: ZAM/2026/0042',
      'Dziękujemy za współpracę.',
      'REGON 123456785',
      // On one line beside its label, and under the code.
      `Numer KSeF: ${KSEF_NUMBER}`,
      `${KSEF_NUMBER} Zweryfikuj fakturę w KSeF`,
      'Zweryfikuj fakturę w KSeF',
      `https://qr-test.ksef.mf.gov.pl/invoice/5260250274/01-02-2026/${invoiceFileHash(XML)}`,
    ])
      expect(text).toContain(s)
  })

  it('speaks English on request, and labels the code OFFLINE before the KSeF number', async () => {
    const text = await pdfText(await invoicePdf(XML, { environment: 'PROD', lang: 'en' }))
    for (const s of ['VAT invoice', 'Seller', 'Buyer', 'Amount due: 15,685.09 PLN', 'bank transfer', 'OFFLINE'])
      expect(text).toContain(s)
    expect(text).toContain('https://qr.ksef.mf.gov.pl/invoice/5260250274/01-02-2026/')
    expect(text).not.toContain('Sprzedawca')
  })

  it('leaves KOD I out of a preview whose file is not the one in KSeF', async () => {
    const text = await pdfText(await invoicePdf(XML, { environment: null }))
    expect(text).toContain('Faktura VAT')
    expect(text).not.toContain('qr-test.ksef.mf.gov.pl')
    expect(text).not.toContain('OFFLINE')
  })

  it("draws any FA(3): the Ministry's sample of thirteen lines over pages", async () => {
    const sample = readFileSync(`${SAMPLES_DIR}ksef-pdf-generator-invoice.xml`, 'utf8')
    const text = await pdfText(await invoicePdf(sample, { environment: 'TEST' }))
    for (const s of ['FA/YUCFO-4342344706/03/2026', 'Bartkowiak, Dróżdż and Górecki', 'Strzelczyk LLC', '7019,44'])
      expect(text).toContain(s)
    expect(text).toContain('Do zapłaty: 33 569,50 PLN')
    expect(text).toContain('Zapłacono: 2025-10-31')
    expect(text).toContain('płatność mobilna')
  })
})

describe('the HTML preview', () => {
  it('matches its golden file', () => {
    const html = invoiceHtml(XML, { environment: 'TEST', ksefNumber: KSEF_NUMBER })
    const file = fileURLToPath(new URL('golden/fa3-visual.html', import.meta.url))
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, html)
    expect(html).toBe(readFileSync(file, 'utf8'))
  })

  it('escapes what the file says', () => {
    const xml = XML.replace('Licencja roczna', 'Licencja &lt;script&gt;alert(1)&lt;/script&gt;')
    const html = invoiceHtml(xml, {})
    expect(html).toContain('Licencja &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
  })
})
