import { describe, expect, it } from 'vitest'
import { validateRecord } from '../schemas/validate.ts'
import { income } from '../testing/fixtures.ts'
import { isTaxpayerBuyer, splitPaymentDuty } from './splitPayment.ts'

describe('split-payment duty (uVAT art. 108a ust. 1a)', () => {
  it('is due for an Annex 15 invoice over 15 000 zł gross only', () => {
    expect(splitPaymentDuty(true, 15_000_01n, true)).toBe(true)
    expect(splitPaymentDuty(true, 15_000_00n, true)).toBe(false)
    expect(splitPaymentDuty(false, 90_000_00n, true)).toBe(false)
    expect(splitPaymentDuty(undefined, 90_000_00n, true)).toBe(false)
  })

  it('is due only on a supply to a taxpayer (art. 106e ust. 1 pkt 18a: "na rzecz podatnika")', () => {
    expect(splitPaymentDuty(true, 15_990_00n, false)).toBe(false)
    expect(isTaxpayerBuyer({ taxId: '5260001246' })).toBe(true)
    expect(isTaxpayerBuyer({ taxId: 'DE123456789' })).toBe(true)
    expect(isTaxpayerBuyer({ taxId: '  ' })).toBe(false)
    expect(isTaxpayerBuyer({ taxId: '' })).toBe(false)
    expect(isTaxpayerBuyer(null)).toBe(false)
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
