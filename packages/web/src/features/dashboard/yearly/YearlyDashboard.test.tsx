import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../api/client.ts'
import { messageStore } from '../../../ui/messages.tsx'
import { fixtureSummary } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { YearlyDashboard } from './YearlyDashboard.tsx'
import { yearEnd2025 } from './yearEndFixtures.ts'

const ok = vi.fn(async ({ year }: { year: number }) => ({
  monthly: fixtureSummary(false, year),
  increasing: fixtureSummary(true, year),
}))

const loadYearEnd = vi.fn(async ({ year }: { year: number }) => ({ ...yearEnd2025, year }))

const renderPage = async (loadYear = ok) => {
  const i18n = await i18nFor('en')
  render(withProviders(i18n, <YearlyDashboard effects={{ loadYear }} yearEnd={{ loadYearEnd }} year={2026} />))
}

describe('YearlyDashboard', () => {
  it('draws two charts of 12 × 3 bars with an accessible name', async () => {
    await renderPage()
    await waitFor(() => expect(document.querySelectorAll('rect.bar').length).toBe(72))
    const svgs = screen.getAllByRole('img')
    expect(svgs.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Monthly (Incomes & Expenses): incomes, expenses and summary per month',
      'Increasing (Incomes & Expenses): incomes, expenses and summary per month',
    ])
    const monthly = document.querySelector('[data-chart="monthly"]')!
    expect(monthly.querySelectorAll('rect.bar--incomes')).toHaveLength(12)
    expect(monthly.querySelectorAll('rect.bar--expenses')).toHaveLength(12)
    expect(monthly.querySelectorAll('rect.bar--summary')).toHaveLength(12)
    // expenses hang below the zero line
    const zero = Number(monthly.querySelector('.chart__zero')!.getAttribute('y1'))
    const expense = monthly.querySelector('g[data-month="3"] rect.bar--expenses')!
    expect(Number(expense.getAttribute('y'))).toBeCloseTo(zero, 5)
    expect(expense.querySelector('title')!.textContent).toBe('March · Expenses: -PLN\u00a07,534.04')
  })

  it('opens the month popup from the table fallback and closes it with Escape', async () => {
    await renderPage()
    await waitFor(() => expect(document.querySelectorAll('rect.bar').length).toBe(72))
    const table = document.querySelector('[data-chart="increasing"] .chart__table') as HTMLElement
    fireEvent.click(within(table).getByRole('button', { name: /Details\s+April/ }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('April 2026')
    const widths = [...dialog.querySelectorAll('.hbar__fill')].map((e) => Number(e.getAttribute('data-width')))
    expect(Math.max(...widths)).toBe(50)
    fireEvent.keyDown(dialog, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('opens the popup when a month of the chart is clicked', async () => {
    await renderPage()
    await waitFor(() => expect(document.querySelectorAll('rect.bar').length).toBe(72))
    fireEvent.click(document.querySelector('[data-chart="monthly"] g[data-month="2"] rect.bar--incomes')!)
    expect((await screen.findByRole('dialog')).textContent).toContain('February 2026')
  })

  it('empties the bars and reports the connection error when the API fails', async () => {
    const failing = vi.fn(async () => {
      throw new ApiError({ status: 500, statusText: 'Internal Server Error' })
    })
    await renderPage(failing)
    expect(await screen.findByText('Response error, can not connect to API.', { selector: '.error-box' })).toBeTruthy()
    expect(document.querySelectorAll('rect.bar')).toHaveLength(0)
    act(() => messageStore.clear())
  })

  it('navigates years', async () => {
    await renderPage()
    await waitFor(() => expect(document.querySelectorAll('rect.bar').length).toBe(72))
    fireEvent.click(screen.getByRole('button', { name: 'Previous year' }))
    await waitFor(() => expect(ok).toHaveBeenLastCalledWith({ year: 2025 }))
    // The year end below the charts follows the year shown.
    await waitFor(() => expect(loadYearEnd).toHaveBeenLastCalledWith({ year: 2025, flatRate: null }))
    expect(await screen.findByRole('heading', { name: 'Year end 2025' })).toBeTruthy()
  })
})
