import { describe, expect, it } from 'vitest'
import { emptyAnswers, firstMonths, problemsOf, recordsOf, type SetupAnswers } from './setupPlan.ts'

const today = '2026-11-27'
const answers = (over: Partial<SetupAnswers> = {}): SetupAnswers => ({
  ...emptyAnswers(today),
  companyName: 'Kowalski IT',
  nip: '526-025-02-74',
  ownerName: 'Jan',
  ownerLastName: 'Kowalski',
  taxOfficeCode: '1471',
  startDate: '2025-07-15',
  vatSince: '2025-09-01',
  vatInterval: 3,
  zusSince: '2025-07-15',
  zusKind: 'preferential',
  taxTypes: { 2025: 'Scale', 2026: 'Linear' },
  ...over,
})

describe('the set-up as records', () => {
  it('dates each setting when it takes effect: a business started mid-year owes from its first month', () => {
    const records = recordsOf(answers(), today)
    expect(records.map((r) => [r.dataType, (r.dataObject as { date?: string }).date ?? null])).toEqual([
      ['Primary', null],
      ['Vat', '2025-09-01'],
      ['Pit', '2025-07-15'],
      ['Pit', '2026-01-01'],
      ['SocialSecurity', '2025-07-15'],
    ])
    expect(records[0]?.dataObject).toMatchObject({
      nip: '5260250274',
      taxOfficeCode: '1471',
      businessStartDate: '2025-07-15',
      vatRegistrationDate: '2025-09-01',
    })
    expect(records[1]?.dataObject).toEqual({ date: '2025-09-01', percent: '23', paymentInterval: 3 })
    expect(records[2]?.dataObject).toMatchObject({ taxType: 'Scale', firstPercent: '12', secondPercent: '32' })
    expect(records[3]?.dataObject).toMatchObject({ taxType: 'Linear', firstPercent: '19', secondPercent: null })
    // Preferential ZUS of 2025, health at the Scale's 9 % (the form in force when ZUS starts).
    expect(records[4]?.dataObject).toMatchObject({ date: '2025-07-15', percent: '9' })
  })

  it('writes no VAT setting for a business exempt from VAT, and one PIT setting while the form stays', () => {
    const records = recordsOf(answers({ vatPayer: false, taxTypes: { 2025: 'Flat' }, flatPercent: '12' }), today)
    expect(records.map((r) => r.dataType)).toEqual(['Primary', 'Pit', 'SocialSecurity'])
    expect(records[0]?.dataObject).toMatchObject({ vatRegistrationDate: null })
    expect(records[1]?.dataObject).toMatchObject({ date: '2025-07-15', taxType: 'Flat', firstPercent: '12' })
  })

  it('finds every problem before anything is written', () => {
    const wrong = answers({
      companyName: ' ',
      nip: '12345',
      taxOfficeCode: '9999',
      vatSince: '2025-01-01',
      zusSince: 'soon',
      taxTypes: { 2026: 'Flat' },
      flatPercent: '9',
    })
    expect(problemsOf(wrong, 'all', today)).toEqual({
      companyName: 'required',
      nip: 'nip',
      taxOfficeCode: 'taxOffice',
      vatSince: 'beforeStart',
      zusSince: 'date',
      flatPercent: 'flatPercent',
    })
    expect(problemsOf(wrong, 'vat', today)).toEqual({ vatSince: 'beforeStart' })
    expect(problemsOf(answers(), 'all', today)).toEqual({})
  })

  it('tells a day the calendar has not from a date of another form', () => {
    const wrong = answers({ startDate: '2026-02-30', zusSince: '30.02.2026' })
    expect(problemsOf(wrong, 'company', today)).toEqual({ startDate: 'notADay' })
    expect(problemsOf(wrong, 'zus', today)).toEqual({ zusSince: 'date' })
    expect(problemsOf(answers({ vatSince: '2026-04-31' }), 'vat', today)).toEqual({ vatSince: 'notADay' })
  })

  it('takes a ryczałt rate written with a decimal comma, as the Polish hint shows it', () => {
    const flat = answers({ vatPayer: false, taxTypes: { 2025: 'Flat' }, flatPercent: ' 8,5 ' })
    expect(problemsOf(flat, 'pit', today)).toEqual({})
    expect(recordsOf(flat, today)[1]?.dataObject).toMatchObject({ taxType: 'Flat', firstPercent: '8.5' })
  })

  it('shows the start month and the two after it, across a year end', () => {
    expect(firstMonths({ startDate: '2025-11-15' })).toEqual(['2025-11', '2025-12', '2026-01'])
  })
})
