/** The replay digest tells books apart by what they hold: a VAT refund asked for counts, by its month and content. */
import { foldBooks, type LedgerEvent } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { booksDigest } from '../src/backup/digest.ts'

const setting = {
  type: 'SettingAdded',
  data: { id: 1, kind: 'Vat', data: { date: '2026-01-01', percent: '23', paymentInterval: 1 } },
} as LedgerEvent
const refund = (month: string, amount: string | null): LedgerEvent => ({
  type: 'VatRefundSet',
  data: { month, refund: { amount, term: 'days40', offset: null } },
})

describe('booksDigest', () => {
  it('differs for a refund of another amount or month, and is the same for the same books', () => {
    const a = booksDigest(foldBooks([setting, refund('2026-03', '100.00')]))
    expect(booksDigest(foldBooks([setting, refund('2026-03', '100.00')]))).toBe(a)
    expect(booksDigest(foldBooks([setting, refund('2026-03', '200.00')]))).not.toBe(a)
    expect(booksDigest(foldBooks([setting, refund('2026-04', '100.00')]))).not.toBe(a)
    expect(booksDigest(foldBooks([setting, refund('2026-03', null)]))).not.toBe(a)
  })
})
