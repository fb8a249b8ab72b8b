import { describe, expect, it } from 'vitest'
import { csvField, EXCEL_PL, neutralise, renderCsv } from '../src/format.ts'
import { formatAmount, formatCount, palette, renderTable } from '../src/format.ts'

describe('renderCsv', () => {
  it('quotes fields with commas, quotes and line breaks per RFC 4180 and ends lines with CRLF', () => {
    expect(
      renderCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 'plain'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",plain\r\n')
  })
  it('leaves plain fields alone', () => {
    expect(csvField('1234.50')).toBe('1234.50')
    expect(csvField('')).toBe('')
  })
})

describe('renderTable', () => {
  it('aligns columns, right-aligning money', () => {
    const out = renderTable(
      [{ header: 'Name' }, { header: 'Amount', align: 'right' }],
      [
        ['Rent', '1200.00'],
        ['Internet', '80.50'],
      ],
    )
    expect(out).toBe('Name       Amount\n--------  -------\nRent      1200.00\nInternet    80.50\n')
  })
})

describe('palette', () => {
  it('colours only when enabled', () => {
    expect(palette(false).red('x')).toBe('x')
    expect(palette(true).red('x')).toBe('\u001b[31mx\u001b[39m')
  })
})

describe("figures in the reader's language", () => {
  it('writes money with Polish grouping and a decimal comma, or English grouping, exactly', () => {
    const nbsp = '\u00a0'
    expect(formatAmount('pl', '15000.00')).toBe(`15${nbsp}000,00`)
    expect(formatAmount('pl', '-1234567.89')).toBe(`-1${nbsp}234${nbsp}567,89`)
    // Polish leaves four-digit numbers ungrouped.
    expect(formatAmount('pl', '1200.50')).toBe('1200,50')
    expect(formatAmount('en', '15000.00')).toBe('15,000.00')
    // Beyond a double's 15–17 digits: the decimal string is formatted exactly, never through a float.
    expect(formatAmount('en', '12345678901234567.89')).toBe('12,345,678,901,234,567.89')
    expect(formatAmount('pl', 'n/a')).toBe('n/a')
  })
  it('groups counts by language', () => {
    expect(formatCount('en', 1234567)).toBe('1,234,567')
    expect(formatCount('pl', 1234567)).toBe('1\u00a0234\u00a0567')
    expect(formatCount('en', 999.6)).toBe('1,000')
  })
})

describe('spreadsheet safety and the Polish Excel dialect', () => {
  it('neutralises cells a spreadsheet would run as formulas, but keeps negative figures numbers', () => {
    for (const cell of ['=HYPERLINK("x")', '+1+1', '-cmd', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralise(cell)).toBe(`'${cell}`)
    expect(neutralise('-1200.00')).toBe('-1200.00')
    expect(neutralise('Rent')).toBe('Rent')
    expect(csvField('=1+1')).toBe("'=1+1")
  })
  it('writes semicolons, decimal commas, a byte order mark and CRLF', () => {
    expect(
      renderCsv(
        ['name', 'amount'],
        [
          ['Rent; office', '-1200.50'],
          ['=2+3', '7'],
        ],
        EXCEL_PL,
      ),
    ).toBe('\uFEFFname;amount\r\n"Rent; office";-1200,50\r\n\'=2+3;7\r\n')
  })
})
