import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { pressEscape, pressTab } from '../../../ui/testKeyboard.ts'
import { fixtureSummary } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { MonthPopup } from './MonthPopup.tsx'
import { YearlyDashboard } from './YearlyDashboard.tsx'

const loadYear = vi.fn(async ({ year }: { year: number }) => ({
  monthly: fixtureSummary(false, year),
  increasing: fixtureSummary(true, year),
}))

describe('MonthPopup keyboard use', () => {
  it('opens from the table on the Close button, keeps Tab there, and Escape returns to the month', async () => {
    render(withProviders(await i18nFor('en'), <YearlyDashboard effects={{ loadYear }} year={2026} />))
    await waitFor(() => expect(document.querySelectorAll('rect.bar').length).toBe(72))
    const table = document.querySelector('[data-chart="monthly"] .chart__table') as HTMLElement
    const april = within(table).getByRole('button', { name: /Details\s+April/ })
    act(() => april.focus())
    fireEvent.click(april)
    const dialog = await screen.findByRole('dialog', { name: /April 2026/ })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const close = within(dialog).getByRole('button', { name: 'Close' })
    expect(document.activeElement).toBe(close)
    // Its only control: Tab and Shift+Tab stay on it instead of reaching the charts behind.
    expect(pressTab()).toBe(close)
    expect(pressTab(true)).toBe(close)
    pressEscape()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(april)
  })

  it('closes on a press beside the dialog but not on one inside it', async () => {
    const onClose = vi.fn()
    render(
      withProviders(
        await i18nFor('en'),
        <MonthPopup title="March 2026" row={fixtureSummary(false)[2]!} onClose={onClose} />,
      ),
    )
    const dialog = screen.getByRole('dialog', { name: 'March 2026' })
    // jsdom has no layout: give the dialog a box so a press can be beside it.
    dialog.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 100, width: 300, height: 200 })
    fireEvent.click(dialog, { clientX: 150, clientY: 150 }) // on its padding
    fireEvent.click(within(dialog).getByRole('heading'))
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.click(dialog, { clientX: 20, clientY: 20 }) // on the backdrop, which belongs to the dialog element
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
