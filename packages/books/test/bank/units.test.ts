/**
 * The pieces of statement reading: account numbers, split payment titles, the `:86:` layouts, encodings,
 * reconciliation and continuity, and a user's CSV mapping.
 */
import iconv from 'iconv-lite'
import { csvMapping } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import type { BankStatement, CsvMapping } from '../../src/index.ts'
import { isValidIban, normaliseIban, polishIbanOf } from '../../src/index.ts'
import { continuity, decodeStatement, parseSplitPayment, parseStatementFile, reconcile } from '../../src/index.ts'
import { details } from '../../src/imports/bank/mt940.ts'

describe('account numbers', () => {
  it('checks IBANs by mod-97 and gives a Polish NRB its PL', () => {
    expect(isValidIban('PL61 1090 1014 0000 0712 1981 2874')).toBe(true)
    expect(isValidIban('61109010140000071219812874')).toBe(true)
    expect(isValidIban('PL61109010140000071219812875')).toBe(false)
    expect(isValidIban('PL6110901014000007121981287')).toBe(false) // one digit short
    expect(isValidIban('DE89370400440532013000')).toBe(true)
    expect(isValidIban('GB82WEST12345698765432')).toBe(true)
    expect(isValidIban('GB82WEST12345698765433')).toBe(false)
    expect(normaliseIban('/61 1090 1014 0000 0712 1981 2874')).toBe('PL61109010140000071219812874')
    expect(normaliseIban('pl61-1090-1014-0000-0712-1981-2874')).toBe('PL61109010140000071219812874')
  })

  it('builds the IBAN of a Polish account from its sort code and number (MT940 sub-fields 30 and 31)', () => {
    expect(polishIbanOf('10901014', '0000071219812874')).toBe('PL61109010140000071219812874')
    expect(polishIbanOf('1090101', '0000071219812874')).toBeNull()
  })
})

describe('split payment titles', () => {
  it('reads the VAT amount, the NIP and an invoice number holding slashes', () => {
    expect(parseSplitPayment('/VAT/123,45/IDC/1234567890/INV/FV 1/2026/TXT/za usługi')).toEqual({
      vat: '123.45',
      nip: '1234567890',
      invoice: 'FV 1/2026',
    })
    expect(parseSplitPayment('/VAT/1 000.5/IDC/123-456-78-90/INV/A/7')).toEqual({
      vat: '1000.50',
      nip: '1234567890',
      invoice: 'A/7',
    })
    expect(parseSplitPayment('Przelew /VAT/10/IDC/5213003700')).toEqual({ vat: '10.00', nip: '5213003700' })
  })

  it('is no split payment without a readable VAT amount', () => {
    expect(parseSplitPayment('FV 1/2026')).toBeUndefined()
    expect(parseSplitPayment('/VAT/dużo/IDC/1234567890')).toBeUndefined()
    expect(parseSplitPayment('/VAT/1,234/IDC/1234567890')).toBeUndefined()
  })
})

describe('the :86: field', () => {
  it('reads BNP Paribas’ ^ sub-fields (BiznesPl@net description)', () => {
    expect(
      details('225^00PRZELEW^101024755^20Faktura 15/2026^27Hurtownia Pod Lipą^38PL50105014451000009012345678'),
    ).toEqual({
      code: '225',
      description: 'PRZELEW',
      title: 'Faktura 15/2026',
      name: 'Hurtownia Pod Lipą',
      account: 'PL50105014451000009012345678',
    })
  })

  it('reads sub-fields without a transaction code, continued over lines, with the account in 29', () => {
    expect(details('<00PRZELEW<20Zapłata za fakturę nr FV/1\n<2102/2026<29 50105014451000009012345678<32ACME')).toEqual(
      {
        description: 'PRZELEW',
        title: 'Zapłata za fakturę nr FV/1 02/2026',
        name: 'ACME',
        account: 'PL50105014451000009012345678',
      },
    )
  })

  it('reads free text, finding an account in it', () => {
    expect(details('PRZELEW OD JAN NOWAK\nPL50105014451000009012345678 ZA FV 1')).toEqual({
      title: 'PRZELEW OD JAN NOWAK PL50105014451000009012345678 ZA FV 1',
      account: 'PL50105014451000009012345678',
    })
    expect(details('OPŁATA ZA KARTĘ')).toEqual({ title: 'OPŁATA ZA KARTĘ' })
  })

  it('takes the description when a line has no title', () => {
    expect(details('020~00OPŁATA ZA PRZELEW').title).toBe('OPŁATA ZA PRZELEW')
  })
})

describe('encodings', () => {
  const word = 'Zażółć gęślą jaźń ZAŻÓŁĆ GĘŚLĄ JAŹŃ'
  it.each(['windows-1250', 'iso-8859-2', 'cp852'] as const)('tells %s by its Polish letters', (encoding) => {
    expect(decodeStatement(iconv.encode(word, encoding))).toEqual({ text: word, encoding })
  })

  it('tells UTF-8 with and without a byte order mark, and plain ASCII', () => {
    expect(decodeStatement(new TextEncoder().encode(word))).toEqual({ text: word, encoding: 'utf-8' })
    expect(decodeStatement(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(word)]))).toEqual({
      text: word,
      encoding: 'utf-8',
    })
    expect(decodeStatement(new TextEncoder().encode('FV 1/2026'))).toEqual({ text: 'FV 1/2026', encoding: 'utf-8' })
  })

  it('tells UTF-8 with other alphabets, and Windows-1250 that is valid UTF-8 only by chance', () => {
    const ukrainian = 'Przelew od Олена Коваленко, zapłata'
    expect(decodeStatement(new TextEncoder().encode(ukrainian))).toEqual({ text: ukrainian, encoding: 'utf-8' })
    // D3 B3 is UTF-8 "ӳ", but Windows-1250 "Ół".
    expect(decodeStatement(iconv.encode('Óła', 'windows-1250'))).toEqual({ text: 'Óła', encoding: 'windows-1250' })
  })

  it('names the first code page when two give the same text (only letters they share)', () => {
    expect(decodeStatement(iconv.encode('żółw', 'windows-1250'))).toEqual({ text: 'żółw', encoding: 'windows-1250' })
  })
})

const statement = (over: Partial<BankStatement>): BankStatement => ({
  format: 'mt940',
  variant: 'pko',
  account: 'PL84102010260000120203456789',
  currency: 'PLN',
  openingDate: '2026-03-01',
  closingDate: '2026-03-31',
  openingBalance: '100.00',
  closingBalance: '90.01',
  lines: [
    { bookingDate: '2026-03-02', valueDate: '2026-03-02', amount: '-10.00', currency: 'PLN', title: 'a' },
    { bookingDate: '2026-03-03', valueDate: '2026-03-03', amount: '0.01', currency: 'PLN', title: 'b' },
  ],
  ...over,
})

describe('reconciliation', () => {
  it('adds up exactly, or says the difference', () => {
    expect(reconcile(statement({}))).toEqual({ ok: true })
    expect(reconcile(statement({ closingBalance: '90.00' }))).toEqual({
      ok: false,
      expected: '90.01',
      closing: '90.00',
      difference: '-0.01',
    })
    expect(reconcile(statement({ openingBalance: undefined, closingBalance: undefined }))).toEqual({ ok: true })
  })

  it('checks that a statement starts where the previous one closed', () => {
    const previous = statement({})
    const next = statement({ openingDate: '2026-04-01', closingDate: '2026-04-30', openingBalance: '90.01' })
    expect(continuity(previous, next)).toEqual({ ok: true })
    expect(continuity(previous, { ...next, openingBalance: '80.01' })).toEqual({
      ok: false,
      reason: 'gap',
      previousClosing: '90.01',
      nextOpening: '80.01',
      difference: '-10.00',
    })
    expect(continuity(previous, { ...next, account: 'PL61109010140000071219812874' })).toMatchObject({
      reason: 'account',
    })
    expect(continuity(next, previous)).toMatchObject({ reason: 'order' })
  })
})

describe('a CSV export with the user’s mapping', () => {
  const mapping: CsvMapping = csvMapping()
  const file = [
    'Historia rachunku firmowego',
    'Data;Opis;Kontrahent;Wypłaty;Wpłaty;Saldo',
    '02.01.2026;"Faktura ""FV 1/2026""; zapłata";Klient;;"1 234,56";"2 234,56"',
    '03.01.2026;Czynsz;Wynajmujący;"1 000,00";;"1 234,56"',
    '',
  ].join('\n')

  it('reads quoted fields, debit and credit columns and thousands spaces', () => {
    const result = parseStatementFile(new TextEncoder().encode(file), { csvMapping: mapping })
    expect(result).toEqual({
      ok: true,
      encoding: 'utf-8',
      statements: [
        {
          format: 'csv',
          variant: 'generic',
          account: 'PL61109010140000071219812874',
          currency: 'PLN',
          openingDate: '2026-01-02',
          closingDate: '2026-01-03',
          openingBalance: '1000.00',
          closingBalance: '1234.56',
          lines: [
            {
              bookingDate: '2026-01-02',
              valueDate: '2026-01-02',
              amount: '1234.56',
              currency: 'PLN',
              counterpartyName: 'Klient',
              title: 'Faktura "FV 1/2026"; zapłata',
            },
            {
              bookingDate: '2026-01-03',
              valueDate: '2026-01-03',
              amount: '-1000.00',
              currency: 'PLN',
              counterpartyName: 'Wynajmujący',
              title: 'Czynsz',
            },
          ],
        },
      ],
    })
  })

  it('refuses a quoted field that is never closed, at the row where it opens', () => {
    const broken = `${file}04.01.2026;"Opłata;Bank;5,00;;1229,56\n`
    const result = parseStatementFile(new TextEncoder().encode(broken), { csvMapping: mapping })
    expect(result.ok ? null : result.error).toMatchObject({ code: 'bank.csv.quote', where: 'line 5' })
  })

  it('refuses a row with a date in another format, at its line', () => {
    const broken = file.replace('03.01.2026', '2026-01-03')
    const result = parseStatementFile(new TextEncoder().encode(broken), { csvMapping: mapping })
    expect(result.ok ? null : result.error).toMatchObject({ code: 'bank.date.invalid', where: 'line 4' })
  })
})

describe('MT940 forms', () => {
  it('reads LF line ends, the first field on the envelope’s line, :28:, and :25: as sort code/account', () => {
    const file = [
      '{1:F01BPKOPLPWAXXX0000000000}{2:I940BPKOPLPWXXXXN}{4::20:REF1',
      ':25:10901014/0000071219812874',
      ':28:7',
      ':60F:C261230PLN0,',
      ':61:2612311231C100,N051NONREF',
      ':86:WPŁATA WŁASNA',
      ':61:2612310102D0,5N912NONREF//B1',
      ':86:020~00OPŁATA',
      ':62F:C270102PLN99,50',
      '-}',
      '',
    ].join('\n')
    const result = parseStatementFile(new TextEncoder().encode(file))
    expect(result).toEqual({
      ok: true,
      encoding: 'utf-8',
      statements: [
        {
          format: 'mt940',
          variant: 'santander',
          account: 'PL61109010140000071219812874',
          currency: 'PLN',
          statementId: '7',
          openingDate: '2026-12-30',
          closingDate: '2027-01-02',
          openingBalance: '0.00',
          closingBalance: '99.50',
          lines: [
            {
              bookingDate: '2026-12-31',
              valueDate: '2026-12-31',
              amount: '100.00',
              currency: 'PLN',
              title: 'WPŁATA WŁASNA',
              transactionCode: 'N051',
            },
            {
              // Valued on 31 December, booked on 2 January of the next year.
              bookingDate: '2027-01-02',
              valueDate: '2026-12-31',
              amount: '-0.50',
              currency: 'PLN',
              bankReference: 'B1',
              title: 'OPŁATA',
              transactionCode: '020',
            },
          ],
        },
      ],
    })
  })
})

describe('CSV order', () => {
  it('puts a one-day export listed newest first in booking order, told by the running balance', () => {
    const file = [
      '#Data operacji;#Data księgowania;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Numer konta;#Kwota;#Saldo po operacji;',
      '2026-03-20;2026-03-20;PRZELEW;"drugi";"B";\'\';-10,00;90,00;',
      '2026-03-20;2026-03-20;PRZELEW;"pierwszy";"A";\'\';-100,00;100,00;',
      '',
    ].join('\r\n')
    const result = parseStatementFile(new TextEncoder().encode(file), { account: 'PL61109010140000071219812874' })
    if (!result.ok) throw new Error(result.error.message)
    const [s] = result.statements
    expect(s!.lines.map((l) => l.title)).toEqual(['pierwszy', 'drugi'])
    expect([s!.openingBalance, s!.closingBalance]).toEqual(['200.00', '90.00'])
  })
})

describe('MT940 non-SWIFT fields', () => {
  it('keeps Millennium’s :NS: fields out of the line they follow', () => {
    const file = [
      ':20:1720446',
      ':25:/PL91116022020000000123456789',
      ':28C:00022/001',
      ':NS:22Firma Usługowa',
      ':60F:C260430PLN10,00',
      ':61:2605040504D1,00N562NONREF',
      ':86:562<00PRZELEW<20Opłata',
      ':NS:23dodatkowa informacja banku',
      ':62F:C260504PLN9,00',
    ].join('\r\n')
    const result = parseStatementFile(new TextEncoder().encode(file))
    expect(result.ok ? result.statements[0]!.lines[0]!.title : result.error).toBe('Opłata')
  })
})
