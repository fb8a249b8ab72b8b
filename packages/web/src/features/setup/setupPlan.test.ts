import { describe, expect, it } from 'vitest'
import { socialSecurityStatutory } from '../fees/lib/prefill.ts'
import {
  answersFrom,
  emptyAnswers,
  firstMonths,
  fullZusFrom,
  problemsOf,
  recordsOf,
  type SetupAnswers,
  setupBodyOf,
  settingsFrom,
  zusSettingsOf,
} from './setupPlan.ts'

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
      ['SocialSecurity', '2026-01-01'],
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
    // Preferential ZUS of 2025, health at the Scale's 9 % (the form in force when ZUS starts); 2026's own amount
    // and the Linear 4.9 %.
    expect(records[4]?.dataObject).toEqual({ date: '2025-07-15', amount: '442.90', percent: '9' })
    expect(records[5]?.dataObject).toEqual({ date: '2026-01-01', amount: '456.18', percent: '4.9' })
  })

  it('writes a ZUS setting for each year with its figures: preferential from 14 May 2025 on Scale, Linear in 2026', () => {
    const a = answers({ startDate: '2025-05-14', vatSince: '2025-05-14', zusSince: '2025-05-14' })
    // Without the 2026 setting, 2026 would pay 2025's 442.90 and the Scale's 9 % though it is Linear (uŚOZ art. 79).
    expect(setupBodyOf(a, today).socialSecurity).toEqual([
      { date: '2025-05-14', amount: '442.90', percent: '9' },
      { date: '2026-01-01', amount: '456.18', percent: '4.9' },
    ])
    // The 24 months are June 2025 – May 2027 (May 2025 is not whole): full ZUS comes after this year, not written.
    expect(fullZusFrom('2025-05-14')).toBe('2027-06-01')
    expect(fullZusFrom('2025-05-01')).toBe('2027-05-01')
  })

  it('turns preferential ZUS full from the day after its 24 months, with the figures of its year and after', () => {
    const a = answers({
      startDate: '2024-03-20',
      vatSince: '2024-03-20',
      zusSince: '2024-03-20',
      taxTypes: { 2024: 'Scale', 2026: 'Linear' },
    })
    expect(zusSettingsOf(a, today).map((z) => [z.date, z.kind, z.amount, z.percent])).toEqual([
      // 2024 is not tabled: the nearest year's figures, as the settings forms fill them.
      ['2024-03-20', 'preferential', '442.90', '9'],
      ['2025-01-01', 'preferential', '442.90', '9'],
      // April 2024 – March 2026 are the 24 months.
      ['2026-01-01', 'preferential', '456.18', '4.9'],
      ['2026-04-01', 'full', '1926.76', '4.9'],
    ])
    // Started on a 1st, its month counts, and a full year from 1 January.
    const b = answers({ startDate: '2023-01-01', vatSince: '2023-01-01', zusSince: '2023-01-01', taxTypes: {} })
    expect(zusSettingsOf(b, today).map((z) => [z.date, z.kind])).toEqual([
      ['2023-01-01', 'preferential'],
      ['2024-01-01', 'preferential'],
      ['2025-01-01', 'full'],
      ['2026-01-01', 'full'],
    ])
    // Full ZUS from a day in a later year than the start: one setting from that day, one from each 1 January after.
    const c = answers({ zusKind: 'full', zusSince: '2025-10-01' })
    expect(zusSettingsOf(c, today).map((z) => [z.date, z.amount, z.percent])).toEqual([
      ['2025-10-01', '1773.96', '9'],
      ['2026-01-01', '1926.76', '4.9'],
    ])
  })

  it('refuses preferential ZUS from a day after its 24 months', () => {
    const late = answers({ startDate: '2023-05-14', vatSince: '2023-05-14', zusSince: '2025-06-01' })
    expect(problemsOf(late, 'zus', today)).toEqual({ zusSince: 'preferentialOver' })
    expect(problemsOf({ ...late, zusSince: '2025-05-31' }, 'zus', today)).toEqual({})
    expect(problemsOf({ ...late, zusKind: 'full' }, 'zus', today)).toEqual({})
  })

  it('writes no VAT setting for a business exempt from VAT, and one PIT setting while the form stays', () => {
    const records = recordsOf(answers({ vatPayer: false, taxTypes: { 2025: 'Flat' }, flatPercent: '12' }), today)
    expect(records.map((r) => r.dataType)).toEqual(['Primary', 'Pit', 'SocialSecurity', 'SocialSecurity'])
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

describe('the set-up reopened', () => {
  const company = {
    companyName: 'Kowalski IT',
    nip: '5260250274',
    taxOfficeCode: '1471',
    businessStartDate: '2025-07-15',
    vatRegistrationDate: '2025-08-01',
  }
  const preferential2025 = (socialSecurityStatutory('preferential', 2025, 'Scale').values as { amount: string }).amount
  // What a first set-up wrote, then the Taxes screen: the scale in 2025, linear from 2026, preferential ZUS,
  // quarterly VAT.
  let id = 0
  const records = (dataType: string, list: Record<string, unknown>[]) =>
    list.map((dataObject) => ({ id: ++id, dataType, eventType: '', dataObject }))
  const settings = {
    vat: records('Vat', [{ date: '2025-08-01', percent: '23', paymentInterval: 3 }]),
    pit: records('Pit', [
      { date: '2025-07-15', taxType: 'Scale', firstPercent: '12' },
      { date: '2026-01-01', taxType: 'Linear', firstPercent: '19' },
    ]),
    zus: records('SocialSecurity', [
      { date: '2026-01-01', amount: '999.99', percent: '4.9' },
      { date: '2025-07-15', amount: preferential2025, percent: '9' },
    ]),
  }

  it('starts from the settings on file, so that an unchanged pass writes the same settings', () => {
    const a = settingsFrom(settings, answersFrom(emptyAnswers(today), company), today)
    expect(a).toMatchObject({
      taxTypes: { 2025: 'Scale', 2026: 'Linear' },
      zusKind: 'preferential',
      zusSince: '2025-07-15',
      vatPayer: true,
      vatSince: '2025-08-01',
      vatInterval: 3,
    })
    const body = setupBodyOf(a, today)
    expect(body.pit.map((p) => [p.date, p.taxType])).toEqual([
      ['2025-07-15', 'Scale'],
      ['2026-01-01', 'Linear'],
    ])
    expect(body.vat).toMatchObject({ date: '2025-08-01', paymentInterval: 3 })
    expect(body.socialSecurity[0]).toMatchObject({ date: '2025-07-15', amount: preferential2025 })
  })

  it('keeps the defaults where nothing is on file, and full ZUS for another amount', () => {
    const none = settingsFrom({ vat: [], pit: [], zus: [] }, emptyAnswers(today), today)
    expect(none).toEqual(emptyAnswers(today))
    const zus = records('SocialSecurity', [{ date: '2026-03-01', amount: '1926.76' }])
    const full = settingsFrom({ vat: [], pit: [], zus }, none, today)
    expect(full).toMatchObject({ zusKind: 'full', zusSince: '2026-03-01' })
    expect(settingsFrom(null, none, today)).toBe(none)
  })
})
