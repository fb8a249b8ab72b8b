import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fixtureMonth } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { ItemList } from './ItemCard.tsx'
import { TransactionsTable } from './TransactionsTable.tsx'

const revenue = fixtureMonth().filter((t) => t.eventType === '1_Revenue')

describe('the month in Polish words and dates', () => {
  it("names an item's gross amount Brutto (not Dochód, which is income less costs) and badges it Firmowy", async () => {
    render(withProviders(await i18nFor('pl'), <ItemList title="Przychody" transactions={revenue} onFlags={() => {}} />))
    const card = screen.getAllByRole('heading', { level: 3 })[0]!.closest('section') as HTMLElement
    expect(card.textContent).toContain('Brutto')
    expect(card.textContent).not.toContain('Dochód')
    expect(card.textContent).toContain('10 mar 2026')
    expect(card.textContent).not.toContain('2026-03-10')
    expect(screen.getAllByText('Firmowy').length).toBeGreaterThan(0)
  })

  it('writes the dates of the transactions table as Polish dates', async () => {
    render(withProviders(await i18nFor('pl'), <TransactionsTable transactions={revenue} />))
    const time = screen.getAllByRole('row')[1]!.querySelector('time')!
    expect(time.getAttribute('dateTime')).toBe('2026-03-10')
    expect(time.textContent).toBe('10 mar 2026')
  })
})
