import { TABLE_A_CURRENCIES, TABLE_B_CURRENCIES } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { commonCurrenciesFirst } from './currencies.ts'

describe('currency lists', () => {
  it('offer EUR, USD, GBP and CHF first, then the rest alphabetically', () => {
    const a = commonCurrenciesFirst(TABLE_A_CURRENCIES)
    expect(a.slice(0, 5)).toEqual(['EUR', 'USD', 'GBP', 'CHF', 'AUD'])
    expect(a.slice(4)).toEqual([...a.slice(4)].sort())
    expect([...a].sort()).toEqual([...TABLE_A_CURRENCIES].sort())
    // Table B holds none of the four: alphabetical.
    expect(commonCurrenciesFirst(TABLE_B_CURRENCIES)).toEqual([...TABLE_B_CURRENCIES].sort())
  })
})
