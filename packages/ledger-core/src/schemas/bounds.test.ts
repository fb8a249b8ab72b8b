import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Bounds, recordProblems, textProblem } from './bounds.ts'
import { validateManualTransaction, validateRecord } from './validate.ts'

const messages = (r: { ok: boolean; errors?: readonly { field: string; message: string }[] }) =>
  r.ok ? {} : Object.fromEntries((r.errors ?? []).map((e) => [e.field, e.message]))

const item = { date: '2026-01-10', name: 'Rent', amount: '100.00', isCompany: true, percent: '23', invoiceDate: null }

describe('the date window', () => {
  it('refuses settings and items dated outside 2000-01-01 … 2099-12-31', () => {
    for (const date of ['9999-12-31', '0001-01-01', '1999-12-31', '2100-01-01']) {
      expect(messages(validateRecord('Vat', { date, percent: '23', paymentInterval: 1 }))).toEqual({
        date: 'Date must be between 2000-01-01 and 2099-12-31',
      })
      expect(messages(validateRecord('Expense', { ...item, date }))).toEqual({
        date: 'Date must be between 2000-01-01 and 2099-12-31',
      })
      expect(messages(validateRecord('Income', { ...item, invoiceDate: date }))).toEqual({
        invoiceDate: 'Invoice date must be between 2000-01-01 and 2099-12-31',
      })
      expect(messages(validateManualTransaction({ ...item, date }))).toEqual({
        date: 'Date must be between 2000-01-01 and 2099-12-31',
      })
    }
    // 22 % was the standard VAT rate in 2000
    expect(validateRecord('Vat', { date: Bounds.dateMin, percent: '22', paymentInterval: 1 }).ok).toBe(true)
    expect(
      validateRecord('Pit', { date: Bounds.dateMax, taxType: 'Flat', firstPercent: '12', paymentInterval: 1 }).ok,
    ).toBe(true)
  })

  it('keeps every occurrence of a recurring item inside the window', () => {
    expect(messages(validateRecord('RecurringIncome', { ...item, date: '2099-07-01', repetitions: 7 }))).toEqual({
      repetitions: 'The last repetition must fall on or before 2099-12-31',
    })
    expect(validateRecord('RecurringIncome', { ...item, date: '2099-07-01', repetitions: 6 }).ok).toBe(true)
    // An invoice date a month later moves the last tax month one month further.
    expect(
      messages(
        validateRecord('RecurringExpense', { ...item, date: '2099-06-15', invoiceDate: '2099-07-15', repetitions: 7 }),
      ),
    ).toEqual({ repetitions: 'The last repetition must fall on or before 2099-12-31' })
    expect(validateRecord('RecurringExpense', { ...item, date: '2000-01-01', repetitions: 1200 }).ok).toBe(true)
    expect(messages(validateRecord('RecurringExpense', { ...item, repetitions: 1201 }))).toEqual({
      repetitions: 'Repetitions must be a whole number from 1 to 1200',
    })
  })
})

describe('the fields of item and company schema v3', () => {
  it('bound every new text and date of an item', () => {
    expect(
      messages(
        validateRecord('Income', {
          ...item,
          description: 'two\nlines',
          documentNumber: 'FV\u0000/1',
          counterparty: { name: 'ACME\u202e', taxId: '5260250274', country: 'PL', address: 'x'.repeat(257) },
          supplyDate: '2100-01-01',
        }),
      ),
    ).toEqual({
      description: 'Description must not contain control characters',
      documentNumber: 'Document number must not contain control characters',
      'counterparty.name': 'Counterparty name must not contain control characters',
      'counterparty.address': 'Counterparty address is too long (at most 256 characters)',
      supplyDate: 'Supply date must be between 2000-01-01 and 2099-12-31',
    })
    // The supply date shifts with every repetition like the date.
    expect(
      messages(
        validateRecord('RecurringIncome', { ...item, date: '2099-06-01', supplyDate: '2099-07-01', repetitions: 7 }),
      ),
    ).toEqual({ repetitions: 'The last repetition must fall on or before 2099-12-31' })
  })

  it('name a stored recurring item dated past the window, without counting its occurrences past year 9999', () => {
    const stored = { ...item, date: '9999-12-31', invoiceDate: '9999-12-31', repetitions: 12 }
    expect(recordProblems('RecurringExpense', stored).map((p) => p.field)).toEqual(['date', 'invoiceDate'])
  })

  it('let facts about the owner and the business precede the books, from 1900', () => {
    const primary = { companyName: 'A', nip: '5260250274', birthDate: '1975-04-12', businessStartDate: '1995-01-02' }
    expect(validateRecord('Primary', { ...primary, vatRegistrationDate: '1993-07-05' }).ok).toBe(true)
    expect(messages(validateRecord('Primary', { ...primary, birthDate: '1899-12-31' }))).toEqual({
      birthDate: 'Birth date must be between 1900-01-01 and 2099-12-31',
    })
    expect(recordProblems('Primary', { ...primary, ownerName: '', ownerLastName: '', regon: '' })).toEqual([])
    expect(recordProblems('Primary', { ...primary, businessStartDate: '1800-01-01' }).map((p) => p.message)).toEqual([
      'Business start date must be between 1900-01-01 and 2099-12-31',
    ])
  })
})

describe('amounts', () => {
  it('accept at most 12 integer digits and 2 decimals', () => {
    expect(validateRecord('Expense', { ...item, amount: '999999999999.99' })).toMatchObject({
      ok: true,
      value: { amount: '999999999999.99' },
    })
    expect(validateRecord('Expense', { ...item, amount: '000000000000001.50' })).toMatchObject({
      ok: true,
      value: { amount: '1.50' },
    })
    for (const amount of ['1000000000000.00', '9'.repeat(200_000), 1e13])
      expect(messages(validateRecord('Expense', { ...item, amount }))).toEqual({
        amount: 'Amount must be at most 999999999999.99',
      })
    expect(messages(validateManualTransaction({ ...item, amount: '-1000000000000' }))).toEqual({
      amount: 'Amount must be at most 999999999999.99',
    })
    expect(
      messages(
        validateRecord('Pit', {
          date: '2026-01-01',
          taxType: 'Scale',
          firstPercent: '12',
          paymentInterval: 1,
          freeOfTaxAmount: '1'.repeat(13),
        }),
      ),
    ).toEqual({ freeOfTaxAmount: 'Free of tax amount must be at most 999999999999.99' })
  })

  it('an amount of 200 000 digits is refused quickly', () => {
    const started = performance.now()
    for (let i = 0; i < 20; i++) validateRecord('Expense', { ...item, amount: '9'.repeat(200_000) })
    // Not a timing assertion on the machine: the regex must not be quadratic (20 runs would take seconds).
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('texts', () => {
  it('refuse control characters, unpaired surrogates and bidirectional overrides', () => {
    for (const name of ['a\u0000b', 'line\nbreak', 'tab\there', 'del\u007f', 'c1\u0085', 'bidi\u202e', 'lone\ud800'])
      expect(messages(validateRecord('Expense', { ...item, name }))).toEqual({
        name: 'Name must not contain control characters',
      })
    expect(messages(validateRecord('Primary', { companyName: 'A\u0007', nip: '5260250274' }))).toEqual({
      companyName: 'Company name must not contain control characters',
    })
    expect(validateRecord('Expense', { ...item, name: 'Zażółć gęślą jaźń 😀' }).ok).toBe(true)
  })

  it('are at most 500 characters', () => {
    expect(messages(validateRecord('Expense', { ...item, name: 'x'.repeat(Bounds.textMax + 1) }))).toEqual({
      name: 'Name is too long (at most 500 characters)',
    })
    expect(validateRecord('Expense', { ...item, name: 'x'.repeat(Bounds.textMax) }).ok).toBe(true)
  })

  it('textProblem agrees with validation on any string', () =>
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
        (s) => {
          const r = validateRecord('Expense', { ...item, name: `n${s}` })
          const problem = textProblem(`n${s}`.trim())
          expect(r.ok).toBe(problem === null)
        },
      ),
    ))
})

describe('stored records outside the bounds', () => {
  it('are named with their problems, records within the bounds have none', () => {
    expect(recordProblems('Vat', { date: '9999-12-31', percent: '23', paymentInterval: 1 })).toEqual([
      { field: 'date', code: 'INVALID_DATE', message: 'Date must be between 2000-01-01 and 2099-12-31' },
    ])
    // A day the calendar has not is no date at all, wherever it would fall.
    expect(recordProblems('Vat', { date: '2026-02-30', percent: '23', paymentInterval: 1 })).toEqual([
      { field: 'date', code: 'INVALID_DATE', message: 'Date is not a real date' },
    ])
    expect(recordProblems('Expense', { ...item, amount: '9'.repeat(20) + '.00' }).map((p) => p.field)).toEqual([
      'amount',
    ])
    expect(
      recordProblems('RecurringIncome', { ...item, date: '2099-01-01', repetitions: 1200 }).map((p) => p.field),
    ).toEqual(['repetitions'])
    expect(
      recordProblems('Pit', {
        date: '0001-01-01',
        taxType: 'Flat',
        firstPercent: '12',
        secondPercent: null,
        freeOfTaxAmount: null,
        secondPercentAmount: null,
        paymentInterval: 1,
        deductions: '0.00',
      }).map((p) => p.field),
    ).toEqual(['date'])
    expect(recordProblems('Expense', item)).toEqual([])
    expect(
      recordProblems('Primary', { companyName: 'A', nip: '1', ownerName: '', ownerLastName: '', regon: '' }),
    ).toEqual([])
  })
})
