/**
 * A file that cannot be read is refused whole, with a `bank.…` code for the catalogs and where it failed: nothing
 * of it is returned.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { parseStatementFile, type StatementFileResult } from '../../src/index.ts'

const dir = fileURLToPath(new URL('../fixtures/bank/', import.meta.url))
/** A sample's text (decoded from the encoding its bank sends). */
const text = (name: string, encoding = 'windows-1250') => iconv.decode(readFileSync(`${dir}${name}`), encoding)
const utf8 = (s: string) => new TextEncoder().encode(s)
const errorOf = (r: StatementFileResult) => (r.ok ? null : r.error)

describe('refusals', () => {
  it('refuses a truncated MT940 file at its last field', () => {
    const full = text('pko.sta')
    const truncated = full.slice(0, full.indexOf(':62F:'))
    expect(errorOf(parseStatementFile(utf8(truncated)))).toEqual({
      code: 'bank.mt940.truncated',
      message: 'The file ends before the statement’s closing balance (:62F:)',
      where: 'line 12',
    })
  })

  it('refuses a statement without its opening balance', () => {
    // Its first line (now line 4) comes before any opening balance.
    const noOpening = text('pko.sta').replace(/:60F:[^\r\n]*\r\n/, '')
    expect(errorOf(parseStatementFile(utf8(noOpening)))).toMatchObject({
      code: 'bank.mt940.balance.missing',
      where: 'line 4',
    })
  })

  it('refuses a statement whose first of two statements has no closing balance', () => {
    const [first, second] = text('mbank.sta').split('\x03')
    const broken = first!.replace(/:62F:[^\r\n]*\r\n/, '') + second
    expect(errorOf(parseStatementFile(utf8(broken)))).toMatchObject({
      code: 'bank.mt940.balance.missing',
      where: 'line 2',
    })
  })

  it('refuses an unbalanced statement with the difference, at its closing balance', () => {
    const unbalanced = text('pko.sta').replace(':62F:C260331PLN16710,74', ':62F:C260331PLN16710,84')
    expect(errorOf(parseStatementFile(utf8(unbalanced)))).toEqual({
      code: 'bank.statement.unbalanced',
      message: 'Opening balance plus the lines is 16710.74, but the closing balance is 16710.84 (difference 0.10)',
      where: 'line 13',
      params: { expected: '16710.74', closing: '16710.84', difference: '0.10' },
    })
  })

  it('refuses a CSV whose running balance breaks', () => {
    const broken = text('mbank.csv').replace('-2 345,67;10 954,33;', '-2 345,67;10 954,30;')
    expect(errorOf(parseStatementFile(iconv.encode(broken, 'windows-1250')))).toMatchObject({
      code: 'bank.statement.unbalanced',
      where: 'line 21',
      params: { expected: '10954.33', stated: '10954.30' },
    })
  })

  it('refuses an account whose IBAN check digits are wrong', () => {
    const wrong = text('pko.sta').replace(':25:/PL84', ':25:/PL85')
    expect(errorOf(parseStatementFile(utf8(wrong)))).toMatchObject({ code: 'bank.iban.invalid', where: 'line 2' })
    const wrongCsv = text('millennium.csv', 'utf-8').replaceAll(
      '"91116022020000000123456789"',
      '"91116022020000000123456788"',
    )
    expect(errorOf(parseStatementFile(utf8(wrongCsv)))?.code).toBe('bank.iban.invalid')
  })

  it('refuses a file whose encoding cannot be told', () => {
    // 0x81 and 0x83 are no Polish letters in Windows-1250 (unassigned, ƒ), ISO-8859-2 (controls) or CP852 (ü, â).
    const bytes = new Uint8Array([
      ...utf8(':20:X\r\n:25:/PL84102010260000120203456789\r\n:86:'),
      0x81,
      0x83,
      0x0d,
      0x0a,
    ])
    expect(errorOf(parseStatementFile(bytes))).toMatchObject({ code: 'bank.encoding.unknown' })
  })

  it('refuses a file whose bytes read as Polish in two code pages with different texts', () => {
    // 0xA5 0x8F: "ĄŹ" in Windows-1250, "ąĆ" in CP852 (and "Ľ" and a control character in ISO-8859-2).
    const bytes = new Uint8Array([...utf8(':20:X\r\n:86:'), 0xa5, 0x8f, 0x0d, 0x0a])
    expect(errorOf(parseStatementFile(bytes))).toMatchObject({ code: 'bank.encoding.ambiguous' })
  })

  it('refuses a line whose :61: field is malformed', () => {
    const broken = text('pko.sta').replace(':61:2603050305D1230,00', ':61:2603050305X1230,00')
    expect(errorOf(parseStatementFile(utf8(broken)))).toMatchObject({
      code: 'bank.mt940.line.invalid',
      where: 'line 7',
    })
  })

  it('refuses an amount with three decimals and a date that does not exist', () => {
    const amount = text('pko.sta').replace('D12,50S912', 'D12,505S912')
    expect(errorOf(parseStatementFile(utf8(amount)))?.code).toBe('bank.mt940.line.invalid')
    const date = text('pko.sta').replace(':61:2603310331', ':61:2602300230')
    expect(errorOf(parseStatementFile(utf8(date)))).toMatchObject({ code: 'bank.date.invalid', where: 'line 11' })
  })

  it('refuses an empty file, a file of no known format, and a CSV of an unknown bank without a mapping', () => {
    expect(errorOf(parseStatementFile(new Uint8Array()))?.code).toBe('bank.file.empty')
    expect(errorOf(parseStatementFile(utf8('Hello, this is not a statement')))?.code).toBe('bank.format.unknown')
    expect(errorOf(parseStatementFile(utf8('<?xml version="1.0"?><Document/>')))?.code).toBe('bank.format.unknown')
    expect(errorOf(parseStatementFile(utf8('Datum;Betrag;Text\n2026-01-02;1,00;x\n')))?.code).toBe('bank.csv.unknown')
  })

  it('refuses a camt.053 file that is not well-formed XML', () => {
    const xml = readFileSync(`${dir}pko.camt053.02.xml`, 'utf8')
    const cut = xml.slice(0, Math.floor(xml.length / 2))
    const result = parseStatementFile(utf8(cut))
    expect(result.ok ? null : result.error).toMatchObject({ code: 'bank.camt.xml' })
  })

  it('refuses a PKO BP CSV (which does not name its account) until the account is given', () => {
    const bytes = new Uint8Array(readFileSync(`${dir}pko.csv`))
    expect(errorOf(parseStatementFile(bytes))?.code).toBe('bank.csv.account')
  })
})
