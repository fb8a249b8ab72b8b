import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { bookHistory } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { codesModule, countriesFromSchema, taxOfficesFromSchema } from '../src/codes.ts'
import { correctionRemark, defaultForm, jpkFile, NO_DOCUMENT_NUMBER } from '../src/jpk.ts'
import { validateXml } from '../src/validate.ts'
import { escapeXml, token, XmlWriter } from '../src/xml.ts'
import { contact, createdAt, flat2026, linear2026, primary, scale2025 } from '../src/testing/scenarios.ts'

const bookOf = (s: typeof scale2025) => bookHistory(s.events).book(s.year)
const request = (s: typeof scale2025, over: Record<string, unknown> = {}) => ({
  form: s.form,
  book: bookOf(s),
  primary,
  contact,
  purpose: 1 as const,
  createdAt,
  ...over,
})

describe('jpkFile', () => {
  it('writes one month of the year with that month’s rows and period', async () => {
    const r = jpkFile(request(linear2026, { month: 2 }))
    if (!r.ok) throw new Error('expected a file')
    expect(r.fileName).toBe('JPK_PKPIR_2026-02.xml')
    // February's rows: fuel, January's Fundusz Pracy paid on 20 February, the chair's reversal, the maintenance.
    expect(r.rows).toBe(4)
    expect(r.xml).toContain('<DataOd>2026-02-01</DataOd>')
    expect(r.xml).toContain('<DataDo>2026-02-28</DataDo>')
    expect(r.xml.match(/<K_1>(\d+)<\/K_1>/g)).toEqual(['<K_1>4</K_1>', '<K_1>5</K_1>', '<K_1>6</K_1>', '<K_1>7</K_1>'])
    expect(r.xml).toContain('<K_6>Składka na Fundusz Pracy za 01/2026</K_6>')
    expect(await validateXml(r.xml, r.schema)).toEqual({ valid: true, errors: [] })
  })

  it('says what the company data lacks instead of writing a file the schema refuses', () => {
    const r = jpkFile(
      request(scale2025, {
        primary: { ...primary, nip: '123', ownerName: ' ', ownerLastName: '', birthDate: null, taxOfficeCode: '' },
      }),
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problems.map((p) => [p.field, p.message])).toEqual([
      ['nip', 'NIP must be ten digits for a JPK file'],
      ['ownerName', 'Owner name is required for a JPK file'],
      ['ownerLastName', 'Owner last name is required for a JPK file'],
      ['birthDate', 'Birth date is required for a JPK file'],
      ['taxOfficeCode', 'Tax office is required for a JPK file'],
    ])
    const none = jpkFile(request(scale2025, { primary: null }))
    expect(!none.ok && none.problems.map((p) => p.field)).toEqual(['companyName'])
  })

  it('refuses a period without entries and a ryczałt rate the form does not list', () => {
    const empty = jpkFile(request(scale2025, { month: 12 }))
    expect(!empty.ok && empty.problems).toEqual([
      {
        field: 'rows',
        code: 'EMPTY',
        message: 'The KPiR has no entries in this period; a JPK file needs at least one',
      },
    ])
    const book = bookOf(flat2026)
    const twoPercent = {
      ...book,
      ewp: {
        ...book.ewp,
        rows: book.ewp.rows.map((r, i) => (i === 1 ? { ...r, rate: '2' } : i === 2 ? { ...r, rate: null } : r)),
      },
    }
    const r = jpkFile(request(flat2026, { book: twoPercent }))
    expect(!r.ok && r.problems.map((p) => p.message)).toEqual([
      'Entry 2 has a ryczałt rate of 2 %, which JPK_EWP(4) does not list',
      'Entry 3 has no ryczałt rate; give the income its rate',
    ])
  })

  it('fills what the schema requires when the item leaves it blank, and leaves out contact data that does not fit', async () => {
    const r = jpkFile(
      request(scale2025, { contact: { ...contact, email: 'none', phoneNumber: '+48 600 100 200 300 400' } }),
    )
    if (!r.ok) throw new Error('expected a file')
    expect(r.xml).not.toContain('<Email>')
    expect(r.xml).not.toContain('<Telefon>')
    expect(r.xml).toContain('<K_5A>-</K_5A>')
    const book = bookOf(scale2025)
    const noNumber = {
      ...book,
      kpir: {
        ...book.kpir,
        rows: book.kpir.rows.map((x) => ({
          ...x,
          documentNumber: '',
          corrects: x.corrects && { ...x.corrects, documentNumber: '' },
        })),
      },
    }
    const n = jpkFile(request(scale2025, { book: noNumber }))
    if (!n.ok) throw new Error('expected a file')
    expect(n.xml).toContain(`<K_3A>${NO_DOCUMENT_NUMBER}</K_3A>`)
    expect(n.xml).toContain('<K_17>Korekta zapisu nr 1/2025 z dnia 2025-01-15 (okres 2025-01)</K_17>')
    expect((await validateXml(n.xml, n.schema)).valid).toBe(true)
  })

  it('picks the book that has rows when no form is asked for', () => {
    expect(defaultForm(bookOf(scale2025))).toBe('JPK_PKPIR')
    expect(defaultForm(bookOf(flat2026))).toBe('JPK_EWP')
    const empty = bookHistory([]).book(2026)
    expect(defaultForm(empty)).toBe('JPK_PKPIR')
  })

  it('writes the remark of a correction and of a late entry in Polish', () => {
    const [late] = bookOf(flat2026).ewp.rows.filter((r) => r.kind === 'correction')
    expect(correctionRemark(late!)).toBe('Zapis po zamknięciu okresu 2026-01: zdarzenie niezaksięgowane w terminie')
    expect(correctionRemark(bookOf(flat2026).ewp.rows[0]!)).toBeNull()
  })
})

describe('validateXml', () => {
  it('reports what breaks the schema with the line of the document', async () => {
    const r = jpkFile(request(flat2026))
    if (!r.ok) throw new Error('expected a file')
    const broken = r.xml.replace('<K_9>12</K_9>', '<K_9>2</K_9>').replace('<K_4>FV 2/2026</K_4>', '<K_4></K_4>')
    const result = await validateXml(broken, 'JPK_EWP(4)')
    expect(result.valid).toBe(false)
    const lines = broken.split('\n')
    const lineOf = (s: string) => lines.findIndex((l) => l.includes(s)) + 1
    expect(result.errors.map((e) => e.line)).toEqual([lineOf('<K_9>2</K_9>'), lineOf('<K_4></K_4>')])
    expect(result.errors[0]!.message).toContain("Element 'K_9': [facet 'enumeration'] The value '2' is not an element")
    expect(result.errors[1]!.message).toContain("Element 'K_4'")
  })

  it('refuses a document of another form', async () => {
    const r = jpkFile(request(scale2025))
    if (!r.ok) throw new Error('expected a file')
    const result = await validateXml(r.xml, 'JPK_EWP(4)')
    expect(result.valid).toBe(false)
    expect(result.errors[0]!.message).toContain('No matching global declaration')
  })
})

describe('XML writing', () => {
  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`a<b & "c" 'd'>\u0001`)).toBe('a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;')
  })

  it('collapses whitespace like xsd:token and cuts at a length, never inside a character', () => {
    expect(token('  Jan \n  Kowalski ', 30)).toBe('Jan Kowalski')
    expect(token('', 10)).toBe('-')
    expect(token('😀😀😀', 2)).toBe('😀😀')
  })

  it('refuses to finish a document with an open element', () => {
    expect(() => new XmlWriter().open('JPK').toString()).toThrow('Unclosed elements: JPK')
    expect(() => new XmlWriter().close()).toThrow()
  })
})

describe('official code lists', () => {
  it('ledger-core carries exactly the lists of the vendored schemas', () => {
    const generated = fileURLToPath(new URL('../../ledger-core/src/schemas/officialCodes.ts', import.meta.url))
    expect(readFileSync(generated, 'utf8')).toBe(codesModule(taxOfficesFromSchema(), countriesFromSchema()))
    expect(taxOfficesFromSchema()).toHaveLength(400)
  })
})
