import { describe, expect, it } from 'vitest'
import { monthOfIdentity, parseTransactionId, taxObligationId } from './identity.ts'

describe('year-end identities', () => {
  it('name the return by its tax year and the health settlement by the year its contribution year starts', () => {
    expect(taxObligationId('PITAnnual', '2025-01', '2025-12')).toBe('pit-annual-2025')
    // Scale/Linear: February 2025 – January 2026; ryczałt: the calendar year. One settlement a year either way.
    expect(taxObligationId('HealthAnnual', '2025-02', '2026-01')).toBe('health-annual-2025')
    expect(taxObligationId('HealthAnnual', '2025-01', '2025-12')).toBe('health-annual-2025')
  })

  it('parse back to the same identity, in the month they fall due', () => {
    for (const id of ['pit-annual-2025', 'health-annual-2026']) {
      const p = parseTransactionId(id)
      expect(p?.kind).toBe('tax')
      if (p?.kind !== 'tax') continue
      expect(taxObligationId(p.tax, p.from, p.to)).toBe(id)
    }
    expect(monthOfIdentity(parseTransactionId('pit-annual-2025')!)).toBe('2026-04')
    expect(monthOfIdentity(parseTransactionId('health-annual-2025')!)).toBe('2026-05')
    // The monthly identities keep their month after the period.
    expect(monthOfIdentity(parseTransactionId('pit-2025-12')!)).toBe('2026-01')
  })

  it('refuse what is not one', () => {
    for (const id of [
      'pit-annual-25',
      'vat-annual-2025',
      'health-annual-0000',
      'zus-annual-2025',
      'pit-annual-2025-01',
    ])
      expect(parseTransactionId(id), id).toBeNull()
  })
})
