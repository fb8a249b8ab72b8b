import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../api/client.ts'
import { fixtureNewVatPayerVat, fixtureVatExcess } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { VatCard } from './VatCard.tsx'

const noop = () => {}

/** The panel's effects, recording what was sent; `refuse` answers a save with a 400. */
const recorder = (refuse?: Record<string, string>) => {
  const calls: unknown[][] = []
  let changed = 0
  return {
    calls,
    changed: () => changed,
    effects: {
      save: async (month: string, body: unknown) => {
        calls.push(['save', month, body])
        if (refuse) throw new ApiError({ status: 400, statusText: 'Bad Request', errors: ['x'], fieldErrors: refuse })
        return {}
      },
      withdraw: async (month: string) => {
        calls.push(['withdraw', month])
        return {}
      },
      onChanged: () => {
        changed++
      },
    },
  }
}

const panel = () => screen.getByRole('region', { name: /VAT refund|Zwrot VAT/ })

describe('the VAT card’s refund of an excess', () => {
  it('offers a refund of the excess and sends the form: the 40-day term by default from 2026, a set-off', async () => {
    const r = recorder()
    render(
      withProviders(
        await i18nFor('en'),
        <VatCard transaction={fixtureVatExcess()} onFlags={noop} refund={r.effects} />,
      ),
    )
    expect(within(panel()).getByTestId('vat-refund-state').textContent).toContain(
      'The excess of PLN\u00a04,370.00 is carried to the next period',
    )
    fireEvent.click(within(panel()).getByRole('button', { name: 'Ask for a refund' }))
    const term = within(panel()).getByLabelText('Term') as HTMLSelectElement
    expect(term.value).toBe('days40')
    // March 2026's declaration (JPK_V7M(3)) has no 60-day term.
    expect([...term.options].map((o) => o.value)).toEqual(['days15', 'vatAccount25', 'days25', 'days40', 'days180'])
    fireEvent.change(within(panel()).getByLabelText('Amount to refund (whole złoty)'), { target: { value: '3000' } })
    fireEvent.click(within(panel()).getByLabelText('Set part of the refund against future tax liabilities'))
    fireEvent.change(within(panel()).getByLabelText('Amount set against them (whole złoty)'), {
      target: { value: '500' },
    })
    fireEvent.change(within(panel()).getByLabelText('Which liability'), { target: { value: 'PIT advance' } })
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save the refund' }))
    await waitFor(() => expect(r.changed()).toBe(1))
    expect(r.calls).toEqual([
      ['save', '2026-03', { amount: '3000', term: 'days40', offset: { amount: '500', liability: 'PIT advance' } }],
    ])
    expect(within(panel()).queryByTestId('vat-refund-form')).toBeNull()
  })

  it('says what is asked for and when it is due, and withdraws it; in Polish too', async () => {
    const r = recorder()
    render(
      withProviders(
        await i18nFor('en'),
        <VatCard transaction={fixtureVatExcess(true)} onFlags={noop} refund={r.effects} />,
      ),
    )
    const text = panel().textContent ?? ''
    expect(text).toContain('Refund of PLN\u00a03,000.00 asked for, within 40 days of filing: by 8 Jun 2026')
    expect(text).toContain('PIT advance for April 2026')
    fireEvent.click(within(panel()).getByRole('button', { name: 'Withdraw the refund' }))
    await waitFor(() => expect(r.calls).toEqual([['withdraw', '2026-03']]))
    expect(r.changed()).toBe(1)
  })

  it('shows the server’s refusal at its field, in the user’s language', async () => {
    const r = recorder({ amount: 'Refund must be a whole number of złoty greater than 0' })
    render(
      withProviders(
        await i18nFor('pl'),
        <VatCard transaction={fixtureVatExcess()} onFlags={noop} refund={r.effects} />,
      ),
    )
    fireEvent.click(within(panel()).getByRole('button', { name: 'Wnioskuj o zwrot' }))
    fireEvent.click(within(panel()).getByRole('button', { name: 'Zapisz zwrot' }))
    await waitFor(() =>
      expect(within(panel()).getByRole('alert').textContent).toBe(
        'Zwrot musi być liczbą całkowitą złotych większą od 0',
      ),
    )
    expect(r.changed()).toBe(0)
  })

  it('is not there without an excess or a request', async () => {
    render(withProviders(await i18nFor('en'), <VatCard transaction={fixtureNewVatPayerVat()} onFlags={noop} />))
    expect(screen.queryByRole('region', { name: 'VAT refund' })).toBeNull()
  })
})
