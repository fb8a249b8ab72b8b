import { describe, expect, it } from 'vitest'
import { csvField, groupDigits, palette, renderCsv, renderTable } from '../src/format.ts'

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

it('groups digits of counts', () => {
  expect(groupDigits(1234567)).toBe('1,234,567')
  expect(groupDigits(999)).toBe('999')
})
