/**
 * The invoice visualisation: KOD I against `kody-qr.md`, the PDF's text read back with pdf.js (Mozilla's reader,
 * not ours), the HTML preview against its golden file (`UPDATE_GOLDEN=1` rewrites it after a deliberate change).
 */
import { constants, createHash, generateKeyPairSync, verify } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { validateXml } from '@finance/tax-files'
import { SAMPLES_DIR } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { invoiceFileHash, invoiceHtml, invoicePdf, kod1Label, kod1Url, kod2Url, qrMatrix } from '../src/visual/index.ts'
import { pdfText } from './pdfText.ts'

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`fixtures/${name}`, import.meta.url)), 'utf8')
const XML = fixture('fa3-visual.xml')
const KSEF_NUMBER = '5260250274-20260201-0100A0B1C2D3-3B'

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

describe('KOD II (kody-qr.md)', () => {
  const example = {
    environment: 'TEST' as const,
    contextType: 'Nip' as const,
    contextValue: '1111111111',
    sellerNip: '1111111111',
    certificateSerial: '01F20A5D352AE590',
    hash: 'UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE',
  }
  // The document's own example, before its signature.
  const prefix =
    'https://qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/'
  const signedPart = Buffer.from(prefix.slice('https://'.length, -1), 'utf8')

  it('signs the link without https:// with RSASSA-PSS (SHA-256, MGF1 SHA-256, 32-byte salt)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const url = kod2Url({ ...example, privateKey })
    expect(url.startsWith(prefix)).toBe(true)
    const signature = Buffer.from(url.slice(prefix.length), 'base64url')
    expect(url.slice(prefix.length)).toMatch(/^[A-Za-z0-9_-]+$/)
    const ok = verify(
      'sha256',
      signedPart,
      { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
      signature,
    )
    expect(ok).toBe(true)
  })

  it('signs with ECDSA P-256 in IEEE P1363 form (r‖s, 64 bytes)', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const url = kod2Url({ ...example, privateKey })
    const signature = Buffer.from(url.slice(prefix.length), 'base64url')
    expect(signature.byteLength).toBe(64)
    expect(verify('sha256', signedPart, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(true)
  })

  it('refuses a key the document does not allow', () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey
    expect(() => kod2Url({ ...example, privateKey: small })).toThrow(/2048/)
    const other = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey
    expect(() => kod2Url({ ...example, privateKey: other })).toThrow(/P-256/)
  })

  it('is drawn under the label CERTYFIKAT beside KOD I', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const link = kod2Url({ ...example, sellerNip: '5260250274', hash: invoiceFileHash(XML), privateKey })
    const text = await pdfText(await invoicePdf(XML, { environment: 'TEST', kod2Url: link }))
    expect(text).toContain('OFFLINE')
    expect(text).toContain('CERTYFIKAT')
    // The link is longer than a line: it wraps, so it is looked for without the breaks.
    expect(text.replaceAll(' ', '')).toContain(link)
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
      '23%',
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

  it("writes a rate's percent as Intl's Polish and the Ministry's visualisation do: 23%, no space before %", () => {
    const xml = XML.replace('<P_12>zw</P_12>', '<P_12>8</P_12>')
    for (const lang of ['pl', 'en'] as const) {
      const html = invoiceHtml(xml, { lang })
      expect(html).toContain('<td>23%</td>')
      expect(html).toContain('>8%<')
      expect(html).not.toMatch(/\d[\s\u00a0\u202f]%/)
    }
  })

  it("dates the file's creation as a person reads it, in Polish time, not as the XML writes it", () => {
    const xml = XML.replace(
      /<DataWytworzeniaFa>[^<]*<\/DataWytworzeniaFa>/,
      '<DataWytworzeniaFa>2026-02-01T09:30:00Z</DataWytworzeniaFa>',
    )
    const html = invoiceHtml(xml, {})
    expect(html).toContain('Plik utworzony 01.02.2026, 10:30:00 CET')
    expect(html).not.toContain('2026-02-01T09:30:00Z')
  })

  it('escapes what the file says', () => {
    const xml = XML.replace('Licencja roczna', 'Licencja &lt;script&gt;alert(1)&lt;/script&gt;')
    const html = invoiceHtml(xml, {})
    expect(html).toContain('Licencja &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
  })
})
