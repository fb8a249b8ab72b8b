/**
 * A row paid before its amount grew says the day and the amount paid once, with what is left to pay; a row paid in
 * part is not completed and says what was paid and what is left.
 */
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderTxCard } from '../../../test/txCard.tsx'
import { fixtureMonth } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { TransactionsTable } from './TransactionsTable.tsx'

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

/** The ZUS row a bank line paid 1000 zł of: open, partly paid, late. */
const zus = fixtureMonth().find((t) => t.eventType === '5_SocialSecurity')!
const partly = {
  ...zus,
  completed: false,
  paidOn: '2026-03-02',
  paidAmount: '1000.00',
  remainingAmount: '1241.72',
  dataObject: { ...zus.dataObject, sum: '2241.72', overdue: true },
}

describe('a row paid in part', () => {
  it('is not completed: the card says what was paid and what is left, in Polish', async () => {
    const { container } = await renderTxCard('pl', partly, 'ZUS')
    expect((screen.getByRole('checkbox', { name: 'Zrealizowane' }) as HTMLInputElement).checked).toBe(false)
    expect(container.textContent).toMatch(/częściowo zapłacono 2 mar 2026, 1000,00\szł — 1241,72\szł do zapłaty/)
    expect(container.querySelector('.tx-card--overdue')).not.toBeNull()
  })

  it('and in English', async () => {
    const { container } = await renderTxCard('en', partly, 'ZUS')
    expect((screen.getByRole('checkbox', { name: 'Completed' }) as HTMLInputElement).checked).toBe(false)
    expect(container.textContent).toMatch(/partly paid 2 Mar 2026, PLN\s?1,000\.00 — PLN\s?1,241\.72 to pay/)
  })

  it('the table row names what was paid and what is left, and stays overdue', async () => {
    render(withProviders(await i18nFor('pl'), <TransactionsTable transactions={[partly]} />))
    const row = screen.getAllByRole('row')[1]!
    expect(row.textContent).toMatch(/częściowo zapłacono: 1000,00\szł, 1241,72\szł do zapłaty/)
    expect(row.className).toContain('tx-row--overdue')
    expect(row.className).not.toContain('tx-row--completed')
  })
})
