import { describe, expect, it } from 'vitest'
import { income, itemAdded } from '../testing/fixtures.ts'
import { given, runCommands } from '../testing/given.ts'
import { KsefOfflineMessages } from './ksefOffline.ts'

const sale = itemAdded(1, income({ date: '2026-11-20', invoiceDate: '2026-11-10' }))

describe('MarkKsefOffline', () => {
  it('marks an income’s invoice with its mode and the invoice’s issue date; the same mark again changes nothing', () => {
    given([sale])
      .when({ type: 'MarkKsefOffline', itemId: 1, mode: 'offline', reason: 'unavailable', unavailabilityEnd: null })
      .thenEmits([
        {
          type: 'KsefOfflineInvoiceMarked',
          data: { itemId: 1, mode: 'offline', issueDate: '2026-11-10', reason: 'unavailable', unavailabilityEnd: null },
        },
      ])
    const mark = {
      type: 'MarkKsefOffline',
      itemId: 1,
      mode: 'awaryjny',
      reason: 'chosen',
      unavailabilityEnd: '2026-11-13',
    } as const
    const { state } = runCommands([mark, mark], [sale])
    expect(state.ksefOffline?.get(1)).toEqual({
      itemId: 1,
      mode: 'awaryjny',
      issueDate: '2026-11-10',
      reason: 'chosen',
      unavailabilityEnd: '2026-11-13',
    })
    expect(state.eventCount).toBe(2)
  })

  it('refuses a mode it does not know, an end before the issue date, an expense, an invoice in KSeF, a missing item', () => {
    const at = { type: 'MarkKsefOffline', itemId: 1, reason: 'chosen' } as const
    given([sale])
      .when({ ...at, mode: 'online' })
      .thenFails('VALIDATION', { mode: KsefOfflineMessages.mode })
    given([sale])
      .when({ ...at, mode: 'awaryjny', unavailabilityEnd: '2026-11-01' })
      .thenFails('VALIDATION', { unavailabilityEnd: KsefOfflineMessages.end })
    // An end more than a year after the issue date (10 November 2026) is refused; one within it is taken.
    for (const unavailabilityEnd of ['2027-11-11', '2099-12-31', '9999-12-31'])
      given([sale])
        .when({ ...at, mode: 'awaryjny', unavailabilityEnd })
        .thenFails('VALIDATION', { unavailabilityEnd: KsefOfflineMessages.end })
    expect(runCommands([{ ...at, mode: 'offline', unavailabilityEnd: '2027-11-10' }], [sale]).events.at(-1)?.type).toBe(
      'KsefOfflineInvoiceMarked',
    )
    given([itemAdded(1, income(), 'Expense')])
      .when({ ...at, mode: 'offline24' })
      .thenFails('VALIDATION', { itemId: KsefOfflineMessages.notIncome })
    given([itemAdded(1, income({ ksefNumber: '5265877635-20250826-0100001AF629-AF' }))])
      .when({ ...at, mode: 'offline24' })
      .thenFails('VALIDATION', { itemId: KsefOfflineMessages.sent })
    given([])
      .when({ ...at, mode: 'offline24' })
      .thenFails('NOT_FOUND')
  })
})
