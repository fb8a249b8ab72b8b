/**
 * A VAT refund's request is refused under a month without a VAT period, on the books it is decided on: a write of
 * the same user queued before it (here, deleting the VAT setting) counts, as it would one after another.
 */
import { createMemoryStore } from '@finance/event-store'
import { isDomainError, type LedgerCommand } from '@finance/ledger-core/light'
import { describe, expect, it } from 'vitest'
import { executeBooks, executePlan, loadBooks, vatRefundPlan } from '../src/index.ts'

const at = '2026-05-10T10:00:00.000Z'
const userId = 'u1'
const refund = (month: string, asked: boolean) =>
  ({
    type: 'SetVatRefund',
    month,
    refund: asked ? { amount: null, term: 'days40', offset: null } : null,
    at,
    userId,
  }) as const satisfies LedgerCommand

const withVat = async () => {
  const store = createMemoryStore()
  const setting = { date: '2026-01-01', percent: '23', paymentInterval: 1 }
  const added = await executeBooks(store, userId, { type: 'AddSetting', kind: 'Vat', data: setting, at, userId })
  if (isDomainError(added)) throw new Error(added.message)
  return store
}

describe('vatRefundPlan', () => {
  it('asks under a month with a VAT period, and refuses one before it with the month named', async () => {
    const store = await withVat()
    const asked = await executePlan(store, userId, vatRefundPlan(refund('2026-04', true)))
    expect(asked).toMatchObject({ events: [{ type: 'VatRefundSet' }] })
    const early = await executePlan(store, userId, vatRefundPlan(refund('2025-12', true)))
    expect(early).toMatchObject({
      code: 'VALIDATION',
      errors: [{ field: 'month', message: 'There is no VAT period for this month' }],
    })
    // A withdrawal needs no period.
    expect(isDomainError(await executePlan(store, userId, vatRefundPlan(refund('2025-12', false))))).toBe(false)
  })

  it('is decided on the books the writes queued before it leave', async () => {
    const store = await withVat()
    const before = (await loadBooks(store, userId)).state
    // Both are queued in one batch: the VAT setting is gone when the request is decided.
    const [deleted, asked] = await Promise.all([
      executeBooks(store, userId, { type: 'DeleteSetting', kind: 'Vat', id: 1, at, userId }),
      executePlan(store, userId, vatRefundPlan(refund('2026-04', true))),
    ])
    expect(isDomainError(deleted)).toBe(false)
    expect(asked).toMatchObject({ code: 'VALIDATION', errors: [{ field: 'month' }] })
    expect((await loadBooks(store, userId)).state.vatRefunds).toBe(before.vatRefunds)
  })
})
