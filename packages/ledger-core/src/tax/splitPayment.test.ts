import { describe, expect, it } from 'vitest'
import { validateRecord } from '../schemas/validate.ts'
import { income } from '../testing/fixtures.ts'
import { splitPaymentDuty } from './splitPayment.ts'

describe('split-payment duty (uVAT art. 108a ust. 1a)', () => {
  it('is due for an Annex 15 invoice over 15 000 zł gross only', () => {
    expect(splitPaymentDuty(true, 15_000_01n)).toBe(true)
    expect(splitPaymentDuty(true, 15_000_00n)).toBe(false)
    expect(splitPaymentDuty(false, 90_000_00n)).toBe(false)
    expect(splitPaymentDuty(undefined, 90_000_00n)).toBe(false)
  })

  it('keeps the Annex 15 statement of an item, leaves it out when not given, refuses what is not yes or no', () => {
    const yes = validateRecord('Expense', income({ annex15: true }))
    expect(yes.ok && yes.value).toMatchObject({ annex15: true })
    const no = validateRecord('Expense', income({ annex15: false }))
    expect(no.ok && 'annex15' in no.value).toBe(false)
    const bad = validateRecord('Income', income({ annex15: 'maybe' }))
    expect(!bad.ok && bad.errors.map((e) => e.field)).toEqual(['annex15'])
  })
})
