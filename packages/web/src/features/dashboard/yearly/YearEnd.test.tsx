import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../api/client.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { YearEnd } from './YearEnd.tsx'
import { type AnnualReport, createYearEndApi } from './yearEnd.ts'
import { yearEnd2025, yearEnd2026 } from './yearEndFixtures.ts'

const renderYearEnd = async (
  loadYearEnd: (i: { year: number; flatRate: string | null }) => Promise<AnnualReport | null>,
  locale: 'pl' | 'en' = 'en',
  year = 2025,
) => {
  const i18n = await i18nFor(locale)
  return render(withProviders(i18n, <YearEnd year={year} effects={{ loadYearEnd }} />))
}

describe('YearEnd', () => {
  it('shows the return, the health settlement with their due dates and state, and the forms compared', async () => {
    await renderYearEnd(async () => yearEnd2025)
    const pit = (await screen.findByRole('heading', { name: 'PIT-36 · tax scale' })).closest('section')!
    expect(within(pit).getByText('Tax due').nextSibling?.textContent).toBe('PLN\u00a012,236.00')
    // The advances paid the whole tax: nothing to pay, so nothing overdue either.
    expect(pit.textContent).toContain('To pay: PLN\u00a00.00')
    expect(pit.querySelector('time')?.getAttribute('dateTime')).toBe('2026-04-30')
    expect(within(pit).queryByText('Overdue')).toBeNull()
    const health = screen
      .getByRole('heading', { name: 'Annual health settlement February 2025 – January 2026' })
      .closest('section')!
    expect(health.textContent).toContain('To pay with the DRA for April: PLN\u00a00.04')
    // Its working: the base, the minimum base and the months insured.
    expect(within(health).getByText('Insured months').nextSibling?.textContent).toBe(
      '12 (February 2025 – January 2026)',
    )
    expect(within(health).getByText("The year's income").nextSibling?.textContent).toBe('PLN\u00a0124,486.44')
    expect(within(health).getByText('Minimum base (the months summed)').nextSibling?.textContent).toBe(
      'PLN\u00a041,994.00',
    )
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((r) => r.getAttribute('data-form'))).toEqual(['Scale', 'Linear', 'Flat'])
    expect(within(rows[0]!).getByText('current')).toBeTruthy()
    // at an assumed 8.5 % ryczałt is not badged the cheapest: the user is asked for their rate
    expect(within(rows[0]!).getByText('cheapest')).toBeTruthy()
    expect(within(rows[2]!).queryByText('cheapest')).toBeNull()
    expect(within(rows[2]!).getByText('at an assumed rate: choose your rate above to compare it')).toBeTruthy()
    expect(rows[0]!.textContent).toContain('PLN\u00a044,727.30')
    expect(screen.getByText('All months of the year are actual figures.')).toBeTruthy()
    const warnings = screen.getAllByRole('listitem').map((li) => li.textContent)
    expect(warnings[0]).toContain('The PLN\u00a0120,000.00 threshold of the tax scale')
    expect(warnings.join(' ')).not.toMatch(/zł/)
    expect(warnings[0]).toContain('crossed in December 2025, with PLN\u00a0124,486.00 of PLN\u00a0120,000.00')
    expect(warnings[0]).toContain('the whole year: PLN\u00a0124,486.00')
    // May goes with May's running figure, never with the year's
    expect(warnings[1]).toContain('crossed in May 2025, with PLN\u00a066,767.65 of PLN\u00a060,000.00')
    expect(screen.getByRole('heading', { name: 'Mały ZUS plus in 2026 (from the figures of 2025)' })).toBeTruthy()
    expect(screen.getByText(/Would not apply — revenue over the limit/)).toBeTruthy()
  })

  it('says mały ZUS plus would cost more in a year as an amount more, never as a negative "less"', async () => {
    const comparison = yearEnd2025.comparison!
    const plus = (monthlyChange: string, yearlyChange: string): AnnualReport => ({
      ...yearEnd2025,
      comparison: {
        ...comparison,
        smallZusPlus: comparison.smallZusPlus.map((z) => ({
          ...z,
          eligible: true,
          reasons: [],
          basis: '4000.00',
          contributions: {
            pension: '780.80',
            disability: '260.00',
            sickness: '98.00',
            accident: '66.80',
            labourFund: '98.00',
            total: '1303.60',
          },
          currentMonthly: '638.78',
          monthlyChange,
          yearlyChange,
        })),
      },
    })
    const { unmount } = await renderYearEnd(async () => plus('-664.82', '-7977.84'))
    const more = await screen.findByText('More in a year (social contributions)')
    expect(more.nextSibling?.textContent).toBe('PLN\u00a07,977.84')
    expect(screen.queryByText('Less in a year (social contributions)')).toBeNull()
    unmount()
    await renderYearEnd(async () => plus('664.82', '7977.84'), 'pl')
    const less = await screen.findByText('Mniej w roku (składki społeczne)')
    expect(less.nextSibling?.textContent).toBe('7977,84\u00a0zł')
  })

  it('under a refund names the filing deadline, not a payment deadline (pl)', async () => {
    const refund = {
      ...yearEnd2025,
      annualReturn: { ...yearEnd2025.annualReturn!, toPay: '0.00', refund: '120.00' },
    }
    await renderYearEnd(async () => refund, 'pl')
    const pit = (await screen.findByRole('heading', { name: 'PIT-36 · skala podatkowa' })).closest('section')!
    expect(pit.textContent).toContain('Do zwrotu')
    expect(pit.querySelector('.year-end__due')?.textContent).toContain('Termin złożenia zeznania: 30 kwi 2026')
    expect(pit.textContent).not.toContain('Termin płatności')
  })

  it('marks a year in progress as a preview with its projected months, in Polish', async () => {
    await renderYearEnd(async () => yearEnd2026, 'pl', 2026)
    expect(await screen.findByText(/Podgląd: miesiące późniejsze niż marzec 2026 są prognozą/)).toBeTruthy()
    expect(screen.getByText(/Prognoza: kwiecień 2026 – grudzień 2026/)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Rozliczenie roczne 2026' })).toBeTruthy()
    expect(screen.getAllByText('(prognoza)', { exact: false }).length).toBeGreaterThan(0)
  })

  it('names the year whose figures are not tabled: 2026 is, the mały ZUS plus of 2027 it looks ahead to is not', async () => {
    expect(yearEnd2026.ratesFallback).toBe(false)
    await renderYearEnd(async () => yearEnd2026, 'pl', 2026)
    const zus = (await screen.findByRole('heading', { name: /Mały ZUS plus w 2027/ })).closest('section')!
    expect(zus.textContent).toContain('Wskaźników roku 2027 nie ma jeszcze w tabeli')
    // One notice, in the section that used 2027's figures; none for the year shown.
    expect(screen.getAllByText(/nie ma jeszcze w tabeli/)).toHaveLength(1)
    expect(screen.queryByText(/Wskaźników (tego roku|roku 2026)/)).toBeNull()
  })

  it('asks again with the ryczałt rate chosen', async () => {
    const load = vi.fn(async () => yearEnd2025)
    await renderYearEnd(load)
    const select = await screen.findByLabelText('Ryczałt rate')
    expect((select as HTMLSelectElement).value).toBe('')
    expect(within(select).getByRole('option', { name: 'Assumed: 8.5%' })).toBeTruthy()
    fireEvent.change(select, { target: { value: '12' } })
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ year: 2025, flatRate: '12' }))
  })

  it('says when the books are empty, and offers to try again after an error', async () => {
    let fail = true
    const load = vi.fn(async () => {
      if (fail) throw new ApiError({ status: 0, statusText: 'Unknown Error' })
      return { ...yearEnd2025, annualReturn: null, healthSettlement: null, obligations: [], comparison: null }
    })
    await renderYearEnd(load)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Response error, can not connect to API.')
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Nothing in the books for this year.')).toBeTruthy()
  })

  it('reads the report from transaction/annual/{year}, with the rate when chosen', async () => {
    const get = vi.fn(async () => yearEnd2025)
    const api = createYearEndApi({ get } as never)
    await api.loadYearEnd({ year: 2025, flatRate: null })
    await api.loadYearEnd({ year: 2025, flatRate: '5.5' })
    expect(get.mock.calls).toEqual([['transaction/annual/2025'], ['transaction/annual/2025?flatRate=5.5']])
  })
})
