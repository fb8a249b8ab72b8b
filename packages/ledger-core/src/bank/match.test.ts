import { describe, expect, it } from 'vitest'
import { docTitle, namesDocument } from './match.ts'

/** Whether `title` names the document `number` (written as the books keep it: upper case, no whitespace). */
const names = (title: string, number: string) => namesDocument(docTitle(title), number.toUpperCase().replace(/\s/g, ''))

describe('a document number in a title', () => {
  it('is named only as a whole: not inside a longer number', () => {
    expect(names('Zapłata za fakturę 11/10/2026', '1/10/2026')).toBe(false)
    expect(names('Zapłata za fakturę 11/10/2026', '11/10/2026')).toBe(true)
    expect(names('Zapłata za fakturę 1/10/2026', '11/10/2026')).toBe(false)
    expect(names('FV/1/2026/K', 'FV/1/2026')).toBe(false)
    expect(names('FV/1/2026/K', 'FV/1/2026/K')).toBe(true)
    expect(names('FV/1/20261', 'FV/1/2026')).toBe(false)
    expect(names('AFV/1/2026', 'FV/1/2026')).toBe(false)
    expect(names('1-1/10/2026', '1/10/2026')).toBe(false)
    expect(names('FV/1/2026_2', 'FV/1/2026')).toBe(false)
    expect(names('x.1/10/2026', '1/10/2026')).toBe(false)
  })

  it('is named between spaces and punctuation, ignoring case and whitespace, wherever it occurs first as a whole', () => {
    expect(names('FV 1/10/2026, zapłata', '1/10/2026')).toBe(true)
    expect(names('Zapłata (1/10/2026)', '1/10/2026')).toBe(true)
    expect(names('fv/1/2026', 'FV/1/2026')).toBe(true)
    expect(names('Faktura FV/1/2026.', 'FV/1/2026')).toBe(true)
    expect(names('FV / 1/2026 i FV/1/2026/K', 'FV/1/2026')).toBe(true)
    expect(names('FS 123/2026', 'FS123/2026')).toBe(true)
    expect(names('11/10/2026 oraz 1/10/2026', '1/10/2026')).toBe(true)
    expect(names('nr:1/10/2026;', '1/10/2026')).toBe(true)
  })

  it('a split payment whose /INV/ runs into /TXT/ names it by the invoice read from it', () => {
    const title = '/VAT/3680,00/IDC/5260250274/INV/FS 123/2026/TXT/Laptopy Dell'
    expect(names(title, 'FS 123/2026')).toBe(false)
    expect(names(`${title} FS 123/2026`, 'FS 123/2026')).toBe(true)
  })
})
