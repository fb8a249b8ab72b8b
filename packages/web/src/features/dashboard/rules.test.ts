import { describe, expect, it } from 'vitest'
import { fixtureEmptySocialSecurity, fixtureMonth } from './fixtures.ts'
import { costSummary, shortSocialSecurity } from './rules.ts'
import type { Transaction } from './types.ts'

const all = { vat: true, pit: true, socialSecurity: true, companyFees: true }
const none = { vat: false, pit: false, socialSecurity: false, companyFees: false }

describe('cost summary (SPEC §5)', () => {
  it('totals the checked groups of the fixture month', () => {
    // VAT 1840.00 + PIT 1125.00 + social security 2079.04 + company fee 2460.00 (the private fee is left out)
    expect(costSummary(fixtureMonth(), all)).toBe('7504.04')
    expect(costSummary(fixtureMonth(), none)).toBe('0.00')
    expect(costSummary(fixtureMonth(), { ...none, companyFees: true })).toBe('2460.00')
    expect(costSummary(fixtureMonth(), { ...none, socialSecurity: true })).toBe('2079.04')
  })

  it('takes the larger of relatedTransactionsSum and sum for VAT and PIT', () => {
    const vat = fixtureMonth().find((t) => t.eventType === '3_Vat')!
    const bigger: Transaction = {
      ...vat,
      dataObject: { ...vat.dataObject, sum: '10.00', relatedTransactionsSum: '12.34' },
    }
    expect(costSummary([bigger], { ...none, vat: true })).toBe('12.34')
    const smaller: Transaction = {
      ...vat,
      dataObject: { ...vat.dataObject, sum: '99.99', relatedTransactionsSum: '0.01' },
    }
    expect(costSummary([smaller], { ...none, vat: true })).toBe('99.99')
  })

  it('adds grosze exactly', () => {
    const fee = fixtureMonth().find((t) => t.eventType === '2_Fee' && t.dataObject.isCompany)!
    const fees = [0.1, 0.2].map((_, i) => ({
      ...fee,
      id: `i${i}-2026-03`,
      dataObject: { ...fee.dataObject, sum: i ? '0.20' : '0.10' },
    }))
    expect(costSummary(fees, all)).toBe('0.30')
  })
})

describe('short social security (SPEC §5)', () => {
  it('is the amount to pay, so the card never shows two totals for one thing', () => {
    const ss = fixtureMonth().find((t) => t.eventType === '5_SocialSecurity')!
    const withMinimum = { ...ss, dataObject: { ...ss.dataObject, amount: '2359.30' } }
    expect(shortSocialSecurity(withMinimum)).toBe('2359.30')
    expect(shortSocialSecurity(fixtureEmptySocialSecurity())).toBe('0.00')
  })
})
