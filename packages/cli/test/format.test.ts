import * as core from '@finance/ledger-core/format'
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
  it("are the core's own formatters (their cases: ledger-core format.test.ts)", () => {
    expect(formatAmount).toBe(core.formatAmount)
    expect(formatCount).toBe(core.formatCount)
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
