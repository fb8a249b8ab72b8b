import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fixtureMonth, fixtureSummary } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { SocialSecurityCard } from './SocialSecurityCard.tsx'
import { SummaryTable } from './SummaryTable.tsx'

describe('summary that fits', () => {
  it('leads with the month on screen beside the year, in the shared money format', async () => {
    render(withProviders(await i18nFor('pl'), <SummaryTable rows={fixtureSummary(false)} currentMonth="2026-03" />))
    const lead = screen.getAllByRole('table')[0] as HTMLElement
    const headers = within(lead)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['marzec 2026', 'Rok 2026'])
    expect(within(lead).getByRole('columnheader', { name: 'marzec 2026' }).getAttribute('aria-current')).toBe('date')
    const revenue = within(lead).getByRole('rowheader', { name: 'Narastający przychód firmowy' }).closest('tr')!
    // March alone: 10 000,00 + 3 × 250,00 = 10 750,00 zł
    expect(revenue.textContent).toContain('10\u00a0750,00\u00a0zł')
  })

  it('lists every month as a card, without a wide table', async () => {
    render(withProviders(await i18nFor('en'), <SummaryTable rows={fixtureSummary(true)} currentMonth="2026-12" />))
    expect(screen.getAllByRole('table')).toHaveLength(1)
    const cards = document.querySelectorAll('.summary-month')
    expect(cards).toHaveLength(12)
    expect(within(cards[0] as HTMLElement).getByRole('heading').textContent).toBe('January 2026')
  })

  it('falls back to the latest month when the month on screen has no figures', async () => {
    render(withProviders(await i18nFor('en'), <SummaryTable rows={fixtureSummary(true)} currentMonth="2025-01" />))
    expect(document.querySelector('[data-current-month="true"]')?.textContent).toBe('December 2026')
  })
})

describe('social security card', () => {
  it('names the health contribution as such, not as income', async () => {
    const zus = fixtureMonth().find((t) => t.eventType === '5_SocialSecurity')!
    render(withProviders(await i18nFor('pl'), <SocialSecurityCard transaction={zus} onFlags={() => {}} />))
    expect(screen.getByText('Podstawa składki zdrowotnej')).toBeTruthy()
    expect(screen.getByRole('rowheader', { name: 'Składka zdrowotna 2026-01' })).toBeTruthy()
    expect(screen.queryByText('Dochód')).toBeNull()
    expect(screen.queryByText(/^Dochód 2026/)).toBeNull()
  })
})

describe('transactions table', () => {
  it('lists the rows in date order, whatever their kind', async () => {
    const { TransactionsTable } = await import('./TransactionsTable.tsx')
    render(withProviders(await i18nFor('en'), <TransactionsTable transactions={fixtureMonth()} />))
    const dates = [...document.querySelectorAll('.tx-table tbody time')].map((t) => t.getAttribute('dateTime') ?? '')
    expect(dates.length).toBeGreaterThan(2)
    expect(dates).toEqual([...dates].sort())
    expect(new Set(dates).size).toBeGreaterThan(1)
  })
})
