import {
  BoundMessages,
  Bounds,
  FACT_DATES,
  dateWindowOf,
  SetUpMessages,
  VatSettingMessages,
} from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { i18nFor } from '../test/render.tsx'
import { translateMessage, translateUnderLabel } from './serverMessages.ts'

/**
 * The API answers in English (one language for logs, clients and the shared schemas); the UI shows each answer in
 * the user's language. These are the answers a user can meet on a screen: the shared schemas' bound messages for
 * every field label the forms use, and the fixed answers of the routes.
 */
const labels = ['Amount', 'Date', 'Percent', 'Repetitions', 'Name', 'Invoice date', 'Birth date', 'Description']
const serverAnswers = [
  'Repetitions must be a whole number from 1 to 1200',
  'The link is invalid or has expired.',
  'Forbidden',
  'Unauthorized',
  'Invalid key',
  'Nip checksum is not valid',
  'Regon checksum is not valid',
  'Post code should be in format NN-NNN',
  'Date must be a date in format yyyy-mm-dd',
  'Amount must not be negative',
  'Company must be true or false',
  'Payment interval must be 1 or 3',
  'Tax type must be Flat, Linear or Scale',
  'Year must be a year from 2000 to 2099',
  'Transaction marked as completed.',
  'Transaction was already completed.',
  // A JPK download's answer for what the company data still lacks (the VAT card's JPK_V7 button among them).
  'Contact e-mail is required for a JPK_V7 file',
  'Tax office is required for a JPK file',
  'Paid on cannot be later than today',
  BoundMessages.repetitionsEnd,
  VatSettingMessages.exemptionBasis,
  ...Object.values(SetUpMessages).filter((m) => m !== 'Data is required' && m !== 'Too many entries'),
  ...labels.flatMap((l) => [
    BoundMessages.dateOutside(l),
    BoundMessages.moneyTooLarge(l),
    BoundMessages.percent(l),
    BoundMessages.textTooLong(l),
    BoundMessages.textControl(l),
    BoundMessages.repetitions(l),
    BoundMessages.dateNotReal(l),
    `${l} is required`,
  ]),
  BoundMessages.dateNotReal('Acquisition date'),
  BoundMessages.dateNotReal('Entry date'),
  BoundMessages.dateNotReal('Paid on'),
  ...[...FACT_DATES].map(() => BoundMessages.dateOutside('Birth date', dateWindowOf('birthDate'))),
]

describe('server answers shown in the UI', () => {
  it('reads every answer a screen can show in Polish, not in English', async () => {
    const pl = await i18nFor('pl')
    const english = serverAnswers.filter((text) => translateMessage(pl, text) === text)
    expect(english).toEqual([])
  })

  it('keeps the numbers of an answer and translates its field name', async () => {
    const pl = await i18nFor('pl')
    expect(translateMessage(pl, 'Repetitions must be a whole number from 1 to 1200')).toBe(
      `Powtórzenia: podaj liczbę całkowitą od 1 do ${Bounds.repetitionsMax}`,
    )
    expect(translateMessage(pl, 'Invoice date must be between 2000-01-01 and 2099-12-31')).toBe(
      'Data faktury: dozwolone od 2000-01-01 do 2099-12-31',
    )
    expect(translateMessage(pl, 'The link is invalid or has expired.')).toBe('Link jest nieprawidłowy lub wygasł.')
    expect(translateMessage(pl, 'Forbidden')).toBe('Brak uprawnień')
  })

  it('says that a date does not exist, naming the field', async () => {
    const pl = await i18nFor('pl')
    expect(translateMessage(pl, 'Acquisition date is not a real date')).toBe('Data nabycia nie jest istniejącą datą')
    expect(translateMessage(pl, 'Invoice date is not a real date')).toBe('Data faktury nie jest istniejącą datą')
    expect(translateMessage(await i18nFor('en'), 'Date is not a real date')).toBe('Date is not a real date')
  })

  it('names the field by the label the form shows beside the message, when the label differs', async () => {
    const pl = await i18nFor('pl')
    // A linear PIT's `firstPercent` is its "Stawka podatku", an improvement's `date` its "Data ulepszenia".
    expect(translateMessage(pl, '(First percent) is required', 'Stawka podatku')).toBe('Stawka podatku jest wymagana')
    expect(translateMessage(pl, 'Date must be a date in format yyyy-mm-dd', 'Data ulepszenia')).toBe(
      'Data ulepszenia: podaj datę w formacie rrrr-mm-dd',
    )
    expect(translateMessage(pl, 'Date is not a real date', 'Data ulepszenia')).toBe(
      'Data ulepszenia nie jest istniejącą datą',
    )
    // The same name as the label: the message's own translation stands.
    expect(translateUnderLabel(pl, '(First percent) is required', 'Pierwsza stawka')).toBeNull()
    expect(translateMessage(pl, '(First percent) is required', 'Pierwsza stawka')).toBe(
      translateMessage(pl, '(First percent) is required'),
    )
    // A message that names no field is left to the catalogue.
    expect(translateUnderLabel(pl, 'Forbidden', 'Data')).toBeNull()
    expect(translateMessage(pl, 'Forbidden', 'Data')).toBe('Brak uprawnień')
  })

  it('leaves English answers English in the English UI', async () => {
    const en = await i18nFor('en')
    expect(translateMessage(en, 'Repetitions must be a whole number from 1 to 1200')).toBe(
      'Repetitions must be a whole number from 1 to 1200',
    )
  })
})
