import { describe, expect, it } from 'vitest'
import type { LedgerEvent } from '../events.ts'
import { taxesThrough } from '../projections/derived.ts'
import { income, itemAdded, pitSetting } from '../testing/fixtures.ts'
import { given, runCommands } from '../testing/given.ts'
import { AnnualInputsMessages } from './annualInputs.ts'

const linear = { type: 'SettingAdded', data: { id: 100, kind: 'Pit', data: pitSetting() } } as LedgerEvent
const sale = itemAdded(1, income({ date: '2026-06-10', amount: '50000.00' }))

describe('SetAnnualInputs', () => {
  it('records a year’s inputs normalized, and the return deducts them', () => {
    const { state } = runCommands(
      [
        {
          type: 'SetAnnualInputs',
          data: {
            year: 2026,
            losses: [{ year: 2024, amount: '10000', deductedBefore: '', oneOff: false }],
            ikze: '2000.0',
          },
        },
      ],
      [linear, sale],
    )
    expect(state.annualInputs?.get(2026)).toEqual({
      year: 2026,
      losses: [{ year: 2024, amount: '10000.00', deductedBefore: '0.00', oneOff: false }],
      ikze: '2000.00',
      spouse: null,
      singleParent: false,
      children: [],
    })
    const a = taxesThrough(state, '2027-01')!.result.annual.find((r) => r.year === 2026)!
    expect(a.items).toMatchObject({ lossDeducted: 500_000n, ikzeDeducted: 200_000n })
    const plain = taxesThrough(runCommands([], [linear, sale]).state, '2027-01')!.result.annual.find(
      (r) => r.year === 2026,
    )!
    // 5 000 of loss (half of 10 000) and 2 000 of IKZE come off the Linear base.
    expect(plain.base - a.base).toBe(700_000n)
  })

  it('refuses the whole set with every invalid field named', () => {
    given([])
      .when({
        type: 'SetAnnualInputs',
        data: {
          year: 2026,
          losses: [
            { year: 2019, amount: '-5', deductedBefore: 'x' },
            { year: 2025, amount: '100', deductedBefore: '200', oneOff: 'yes' },
          ],
          ikze: '20000',
          spouse: { jointFiling: true, income: 'abc', advances: '0' },
          singleParent: true,
          children: [{ months: 13 }],
        },
      })
      .thenFails('VALIDATION', {
        'losses.0.year': AnnualInputsMessages.lossYear,
        'losses.0.amount': AnnualInputsMessages.lossAmount,
        'losses.0.deductedBefore': AnnualInputsMessages.lossDeducted,
        'losses.1.deductedBefore': AnnualInputsMessages.lossDeductedTooMuch,
        'losses.1.oneOff': AnnualInputsMessages.flag,
        ikze: AnnualInputsMessages.ikzeOverLimit,
        'spouse.income': AnnualInputsMessages.spouseIncome,
        singleParent: AnnualInputsMessages.singleParentWithSpouse,
        'children.0.months': AnnualInputsMessages.childMonths,
      })
    given([]).when({ type: 'SetAnnualInputs', data: {} }).thenFails('VALIDATION', { year: AnnualInputsMessages.year })
  })

  it('refuses a spouse that is no object, rather than reading it as none', () => {
    for (const spouse of [true, 'yes', 50000, ['Anna']])
      given([])
        .when({ type: 'SetAnnualInputs', data: { year: 2026, spouse } })
        .thenFails('VALIDATION', { spouse: AnnualInputsMessages.spouse })
  })

  it('answers NO_CHANGES for the same inputs again', () => {
    const { state } = runCommands([{ type: 'SetAnnualInputs', data: { year: 2026, ikze: '100' } }])
    const events = [{ type: 'AnnualInputsSet', data: { data: state.annualInputs!.get(2026)! } }] as LedgerEvent[]
    given(events)
      .when({ type: 'SetAnnualInputs', data: { year: 2026, ikze: '100.00' } })
      .thenFails('NO_CHANGES')
  })
})
