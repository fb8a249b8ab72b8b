import { describe, expect, it } from 'vitest'
import { pitStatutory, socialSecurityStatutory, vatStatutory, yearOf } from './prefill.ts'

describe('statutory prefill', () => {
  it('takes the year from the form date, else today', () => {
    expect(yearOf('2025-05-01', '2026-11-23')).toBe(2025)
    expect(yearOf('', '2026-11-23')).toBe(2026)
  })

  it('fills the standard VAT rate', () => {
    expect(vatStatutory(2026).values).toEqual({ percent: '23' })
  })

  it('fills the scale with its two rates, the free amount and the threshold', () => {
    expect(pitStatutory('Scale', 2026).values).toEqual({
      firstPercent: '12',
      secondPercent: '32',
      freeOfTaxAmount: '30000.00',
      secondPercentAmount: '120000.00',
    })
  })

  it('fills 19 % for the linear tax and clears the scale fields', () => {
    expect(pitStatutory('Linear', 2026).values).toMatchObject({ firstPercent: '19', secondPercent: '' })
  })

  it('keeps a valid ryczałt rate, else proposes 8.5 %', () => {
    expect(pitStatutory('Flat', 2026, '12').values.firstPercent).toBe('12')
    expect(pitStatutory('Flat', 2026, '19').values.firstPercent).toBe('8.5')
  })

  it('fills full or preferential ZUS with the health percent of the tax type', () => {
    const full = socialSecurityStatutory('full', 2026, 'Linear')
    expect(full.values).toEqual({ amount: '1926.76', percent: '4.9' })
    const pref = socialSecurityStatutory('preferential', 2026, 'Scale')
    expect(pref.values).toEqual({ amount: '456.18', percent: '9' })
  })

  it('flags figures borrowed from another year', () => {
    const r = vatStatutory(2031)
    expect(r.fallback).toBe(true)
    expect(r.sourceYear).toBe(2026)
  })
})
