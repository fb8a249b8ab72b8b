import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fixtureFlatTwoRates, fixtureNewVatPayerVat, fixtureProratedSocialSecurity } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { PitCard } from './PitCard.tsx'
import { SocialSecurityCard } from './SocialSecurityCard.tsx'
import { VatCard } from './VatCard.tsx'

const noop = () => {}
const open = () => {
  const summary = screen.getByText(/How it is computed|Jak to obliczono/)
  fireEvent.click(summary)
  return summary.closest('details') as HTMLElement
}

describe('tax cards at the edges of the law', () => {
  it('says why a new VAT payer settles monthly and lists the return’s fields by their names', async () => {
    render(withProviders(await i18nFor('en'), <VatCard transaction={fixtureNewVatPayerVat()} onFlags={noop} />))
    expect(screen.getByRole('note').textContent).toContain('first 12 months from registration')
    const details = open()
    const ret = within(details).getByRole('region', { name: 'VAT return (JPK_V7)' })
    expect(within(ret).getByText('P_51').closest('.facts__row')?.textContent).toContain('PLN\u00a08,050.00')
    expect(within(ret).getByText('P_20').closest('.facts__row')?.textContent).toContain('PLN\u00a09,200.00')
    // zero fields other than the result are left out
    expect(within(ret).queryByText('P_15')).toBeNull()
    expect(within(ret).getByText('P_62')).toBeTruthy()
  })

  it('shows ryczałt per rate in a table', async () => {
    render(withProviders(await i18nFor('en'), <PitCard transaction={fixtureFlatTwoRates()} onFlags={noop} />))
    expect(screen.queryByRole('note')).toBeNull()
    const table = within(open()).getByRole('table', { name: 'Flat-rate tax per rate' })
    const row = within(table).getByRole('rowheader', { name: '8.5%' }).closest('tr') as HTMLElement
    expect(row.textContent).toContain('509.37')
    expect(row.textContent).toContain('381.74')
    expect(within(table).getByRole('rowheader', { name: '12%' }).closest('tr')?.textContent).toContain(
      'PLN\u00a01,616.64',
    )
  })

  it('explains a prorated first month in Polish', async () => {
    render(
      withProviders(
        await i18nFor('pl'),
        <SocialSecurityCard transaction={fixtureProratedSocialSecurity()} onFlags={noop} />,
      ),
    )
    expect(screen.getByRole('note').textContent).toContain('16')
    expect(screen.getByRole('note').textContent).toContain('31')
    const details = open()
    expect(details.textContent).toContain('744,15\u00a0zł')
  })
})
