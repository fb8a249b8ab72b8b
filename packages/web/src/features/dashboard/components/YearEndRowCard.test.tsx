import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18nFor, withProviders } from '../testing.tsx'
import { yearEndRows } from '../yearly/yearEndFixtures.ts'
import { PitCard } from './PitCard.tsx'
import { SocialSecurityCard } from './SocialSecurityCard.tsx'

const [pit, health] = yearEndRows

describe('year-end rows on the monthly dashboard', () => {
  it('shows the annual return behind the amount, with its due date and flags', async () => {
    const onFlags = vi.fn()
    render(withProviders(await i18nFor('en'), <PitCard transaction={pit!} onFlags={onFlags} />))
    const card = screen.getByRole('heading', { name: 'Annual return PIT-36 for 2025' }).closest('section')!
    expect(within(card).getByText('Tax due').nextSibling?.textContent).toBe('PLN\u00a012,236.00')
    // Monthly advances on the scale add up to the year's tax when nothing else changes: nothing left to pay.
    expect(within(card).getByText('Advances for the year').nextSibling?.textContent).toBe('PLN\u00a012,236.00')
    expect(within(card).getByText('To pay').nextSibling?.textContent).toBe('PLN\u00a00.00')
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe('2026-04-30')
    fireEvent.click(within(card).getByRole('checkbox', { name: /Completed/ }))
    expect(onFlags).toHaveBeenCalledWith(pit!.id, { completed: true })
  })

  it('shows the health settlement instead of the monthly ZUS figures, in Polish', async () => {
    render(withProviders(await i18nFor('pl'), <SocialSecurityCard transaction={health!} onFlags={() => {}} />))
    const card = screen
      .getByRole('heading', { name: 'Roczne rozliczenie składki zdrowotnej: luty 2025 – styczeń 2026' })
      .closest('section')!
    expect(within(card).getByText('Składka należna za rok').nextSibling?.textContent).toBe('11\u00a0203,78\u00a0zł')
    expect(within(card).getByText('Do zapłaty z DRA za kwiecień').nextSibling?.textContent).toBe('0,04\u00a0zł')
    expect(card.textContent).not.toContain('Brak danych')
  })
})
