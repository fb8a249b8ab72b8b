/** A row paid before its amount grew says the day and the amount paid once, with what is left to pay. */
import { describe, expect, it } from 'vitest'
import { renderTxCard } from '../../../test/txCard.tsx'
import { fixtureMonth } from '../fixtures.ts'

const vat = fixtureMonth().find((t) => t.eventType === '3_Vat')!

describe('a row paid, then changed', () => {
  it('says "paid 20 Jan 2026, …" once, inside what is left to pay', async () => {
    const t = { ...vat, completed: true, paidOn: '2026-01-20', paidAmount: '100.00', remainingAmount: '15.00' }
    const { container } = await renderTxCard('en', t, 'VAT')
    const text = container.textContent ?? ''
    expect(text.match(/paid 20 Jan 2026/g)).toHaveLength(1)
    expect(text).toMatch(/paid 20 Jan 2026, PLN\s?100\.00 — now .* — PLN\s?15\.00 to pay/)
  })
})
