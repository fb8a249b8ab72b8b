/**
 * The core's validation messages (English, SPEC §5) as the CLI prints them: Polish by default with no English left,
 * the core's own text in English. One case per family of the core's texts, and `finance setup` refused on bad input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SchemaFailure } from '@finance/books'
import { createMemoryStore } from '@finance/event-store'
import { BoundMessages, Messages, VatSettingMessages } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { schemaFailureError } from '../src/commands/books.ts'
import { coreMessage } from '../src/coreMessages.ts'
import { run } from './helpers.ts'

/** Words that only an English sentence of the core would hold. */
const ENGLISH = /\b(must|is|are|be|the|with|at most|format|number|required|between|negative|characters|or|of|from)\b/

const families: [string, string, string][] = [
  ['invalidDate', Messages.invalidDate('Business start date'), 'Podaj datę w formacie RRRR-MM-DD'],
  ['invalidMoney', Messages.invalidMoney('Amount'), 'Podaj liczbę z najwyżej dwoma miejscami po przecinku'],
  ['negativeMoney', Messages.negativeMoney('Deductions'), 'Podaj wartość nie mniejszą niż zero'],
  ['percent', Messages.invalidPercent('Percent'), 'Podaj liczbę od 0 do 100 z najwyżej dwoma miejscami po przecinku'],
  ['dateOutside', BoundMessages.dateOutside('Date'), 'Podaj datę od 2000-01-01 do 2099-12-31'],
  ['dateNotReal', BoundMessages.dateNotReal('Acquisition date'), 'To nie jest istniejąca data'],
  ['moneyTooLarge', BoundMessages.moneyTooLarge('Amount'), 'Podaj kwotę nie większą niż 999 999 999 999,99 zł'],
  ['textTooLong', BoundMessages.textTooLong('Name', 120), 'Tekst jest za długi (najwyżej 120 znaków)'],
  ['textControl', BoundMessages.textControl('Name'), 'Tekst nie może zawierać znaków sterujących'],
  ['repetitions', BoundMessages.repetitions('Repetitions'), 'Podaj liczbę całkowitą od 1 do 1200'],
  ['invalidBoolean', Messages.invalidBoolean('Company'), 'Podaj true albo false'],
  ['required', 'Owner name is required', 'Uzupełnij to pole'],
  ['interval', Messages.invalidInterval, 'Okres rozliczenia musi wynosić 1 albo 3 miesiące'],
  ['email', Messages.email, 'Podaj poprawny adres e-mail'],
  ['taxOffice', Messages.taxOffice, 'Tego kodu nie ma w urzędowym wykazie urzędów skarbowych'],
  ['country', Messages.country, 'Podaj dwuliterowy kod kraju kontrahenta z urzędowego wykazu'],
  ['notAnObject', Messages.notAnObject, 'Uzupełnij dane'],
  [
    'noVatDeductionOnIncome',
    Messages.noVatDeductionOnIncome,
    'VAT naliczony niepodlegający odliczeniu może mieć tylko wydatek, nie przychód',
  ],
]

describe('a core validation message in the CLI', () => {
  it.each(families)('%s: Polish without English, the core’s text in English', (_, english, polish) => {
    // Amounts are grouped as Intl's Polish groups them (a no-break space).
    expect(coreMessage('pl', { message: english }).replace(/\u00a0/g, ' ')).toBe(polish)
    expect(coreMessage('pl', { message: english })).not.toMatch(ENGLISH)
    expect(coreMessage('en', { message: english })).toBe(english)
  })

  it('names the tax forms and the exemption bases by their values, the rest in Polish', () => {
    for (const english of [Messages.invalidTaxType, VatSettingMessages.exemptionBasis]) {
      const polish = coreMessage('pl', { message: english })
      expect(polish).not.toBe(english)
      expect(polish.replace(/\([^)]*\)/g, '')).not.toMatch(ENGLISH)
    }
  })

  it('falls back on the meaning of its code for a text the CLI does not know', () => {
    expect(coreMessage('pl', { code: 'INVALID_CHOICE', message: 'Colour must be red or blue' })).toBe(
      'Wybierz jedną z dozwolonych wartości',
    )
    expect(coreMessage('en', { code: 'INVALID_CHOICE', message: 'Colour must be red or blue' })).toBe(
      'Colour must be red or blue',
    )
    expect(coreMessage('pl', { message: 'Something else entirely' })).toBe('Something else entirely')
  })
})

describe('finance setup refused in Polish', () => {
  it('prints every field’s problem in Polish, with no English sentence of the core', async () => {
    const store = createMemoryStore()
    const added = await run(['users', 'add', 'anna@example.com', '--role', 'USER', '--password', 'Str0ng!pass'], {
      store,
    })
    expect(added.code).toBe(0)
    const file = join(mkdtempSync(join(tmpdir(), 'finance-core-messages-')), 'bad.json')
    writeFileSync(
      file,
      JSON.stringify({
        company: { companyName: 'Kowalski IT', nip: '5260250274', ownerName: 'Jan', ownerLastName: 'Kowalski' },
        vat: { date: '2026-02-30', percent: '23', paymentInterval: 2 },
        pit: [{ date: '2026-03-10', taxType: 'Lump', firstPercent: '101', paymentInterval: 1, deductions: '-1' }],
        socialSecurity: { date: '2026-03-10', amount: '1.234', percent: '4.9' },
      }),
    )
    const r = await run(['setup', file, '--user', 'anna@example.com'], { store })
    expect(r.code).toBe(1)
    const problems = r.stderr.split('\n').filter((line) => line.startsWith('  '))
    expect(problems.map((line) => line.trim().split(':')[0])).toEqual(
      expect.arrayContaining(['vat.date', 'vat.paymentInterval', 'pit.0.taxType', 'pit.0.firstPercent']),
    )
    for (const line of problems)
      expect(line.slice(line.indexOf(':') + 1).replace(/\([^)]*\)/g, '')).not.toMatch(ENGLISH)
    // 30 February is written right but is no day: the CLI says so, not that the format is wrong.
    expect(problems.find((line) => line.trim().startsWith('vat.date'))?.trim()).toBe(
      'vat.date: To nie jest istniejąca data',
    )
  })
})

describe('a written file that fails its official schema', () => {
  it('is told in Polish with its first errors by line, in English on request', () => {
    const e = schemaFailureError(
      new SchemaFailure('JPK_PKPIR(3)', [{ line: 12, message: "Element 'P_1': not valid" }], 'JPK_PKPIR_2026.xml'),
    )
    expect(e.text('pl')).toBe(
      "utworzony plik JPK_PKPIR_2026.xml nie przeszedł kontroli z oficjalnym schematem JPK_PKPIR(3):\n  wiersz 12: Element 'P_1': not valid",
    )
    expect(e.text('en')).toBe(
      "JPK_PKPIR_2026.xml failed the official schema JPK_PKPIR(3):\n  line 12: Element 'P_1': not valid",
    )
  })
})
