import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../api/client.ts'
import { messageStore } from '../../../ui/messages.tsx'
import { fixtureEmptySocialSecurity, fixtureMonth, fixturePaidThenChanged, fixtureSummary } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import type { FlagsResult, TransactionFlags } from '../types.ts'
import { I18nProvider } from '@lingui/react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router'
import { MonthlyDashboard } from './MonthlyDashboard.tsx'

const memory = () => {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m }
}

const fakes = (over: Partial<Parameters<typeof MonthlyDashboard>[0]['effects'] & object> = {}) => ({
  loadMonth: vi.fn(async () => ({ transactions: fixtureMonth(), summary: fixtureSummary(true) })),
  reset: vi.fn(async () => fixtureMonth()),
  saveFlags: vi.fn(
    async ({ id, flags }: { id: string; flags: TransactionFlags }): Promise<FlagsResult> => ({
      id,
      completed: flags.completed ?? false,
      notification: flags.notification ?? false,
      notificationCompleted: false,
    }),
  ),
  deleteItem: vi.fn(async () => {}),
  ...over,
})

const renderPage = async (effects = fakes(), storage = memory(), locale: 'en' | 'pl' = 'en') => {
  const i18n = await i18nFor(locale)
  render(withProviders(i18n, <MonthlyDashboard effects={effects} today="2026-03-15" storage={storage} />))
  await screen.findByTestId('tx-row-i1-2026-03')
  return { effects, storage }
}

/** The address the dashboard is at, and a link elsewhere in the app to another month. */
const Address = () => {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <button type="button" onClick={() => navigate('/dashboard/monthly?month=2025-12')}>
        December link
      </button>
    </>
  )
}

/** The dashboard at `address`, in a router that shows where it is. */
const renderAt = async (address: string, effects = fakes()) => {
  render(
    <I18nProvider i18n={await i18nFor('en')}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route
            path="/dashboard/monthly"
            element={<MonthlyDashboard effects={effects} today="2026-03-15" storage={memory()} />}
          />
        </Routes>
        <Address />
      </MemoryRouter>
    </I18nProvider>,
  )
  return { effects, address: () => screen.getByTestId('address').textContent }
}

describe('the month in the address', () => {
  it('opens the month the address names, and the address follows the month shown', async () => {
    const { effects, address } = await renderAt('/dashboard/monthly?month=2026-01')
    await waitFor(() => expect(effects.loadMonth).toHaveBeenCalledWith({ month: '2026-01' }))
    expect(effects.loadMonth).not.toHaveBeenCalledWith({ month: '2026-03' })
    await waitFor(() => expect(document.querySelector('[data-month]')?.getAttribute('data-month')).toBe('2026-01'))
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }))
    await waitFor(() => expect(address()).toBe('/dashboard/monthly?month=2026-02'))
    await waitFor(() => expect(effects.loadMonth).toHaveBeenLastCalledWith({ month: '2026-02' }))
    // A link elsewhere to another month moves the dashboard already open.
    fireEvent.click(screen.getByRole('button', { name: 'December link' }))
    await waitFor(() => expect(effects.loadMonth).toHaveBeenLastCalledWith({ month: '2025-12' }))
    await waitFor(() => expect(document.querySelector('[data-month]')?.getAttribute('data-month')).toBe('2025-12'))
    expect(address()).toBe('/dashboard/monthly?month=2025-12')
  })

  it('shows the current month for a plain link or a month that is none, and writes it into the address', async () => {
    for (const at of ['/dashboard/monthly', '/dashboard/monthly?month=2026-13', '/dashboard/monthly?month=1999-12']) {
      const { effects, address } = await renderAt(at)
      await waitFor(() => expect(address()).toBe('/dashboard/monthly?month=2026-03'))
      expect(effects.loadMonth).toHaveBeenCalledWith({ month: '2026-03' })
      cleanup()
    }
  })
})

describe('MonthlyDashboard', () => {
  it('lists the month and its details, dimming completed and highlighting company rows', async () => {
    await renderPage()
    const revenue = screen.getByTestId('tx-row-i1-2026-03')
    expect(revenue.className).toContain('tx-row--completed')
    expect(revenue.className).toContain('tx-row--company')
    expect(screen.getByTestId('tx-row-i3-2026-03').className).not.toContain('tx-row--company')
    // a contribution has no net and gross: both columns show the amount due, never its social part as "net"
    const cells = within(screen.getByTestId('tx-row-zus-2026-02')).getAllByRole('cell')
    expect(cells[1]!.textContent).toBe('PLN\u00a02,079.04')
    expect(cells[2]!.textContent).toBe('PLN\u00a02,079.04')
    // cost summary of the fixture: 1840 + 1125 + 2079.04 + 2460
    expect(document.querySelector('.cost-total')?.textContent).toContain('PLN\u00a07,504.04')
    expect(screen.getByText('Payment for', { exact: false })).toBeTruthy()
    expect(document.querySelectorAll('.badge--overdue')).toHaveLength(2)
    // overdue rows say so to screen readers too
    expect(within(screen.getByTestId('tx-row-pit-2026-02')).getByText('Overdue')).toBeTruthy()
    expect(within(screen.getByTestId('tx-row-vat-2026-02')).queryByText('Overdue')).toBeNull()
  })

  it('explains how a tax was computed', async () => {
    await renderPage()
    const pit = screen.getByTestId('tx-card-pit-2026-02')
    const details = within(pit).getByText('How it is computed').closest('details') as HTMLElement
    expect(within(details).getByText('Tax base').nextSibling?.textContent).toContain('PLN\u00a011,842.00')
    expect(within(details).getByText('Advances paid before').nextSibling?.textContent).toContain('PLN\u00a01,125.00')
    expect(within(details).getByText('Statutory due date').nextSibling?.textContent).toBe('2026-03-20')
    // a row without breakdown shows none
    expect(within(screen.getByTestId('tx-card-zus-2026-02')).queryByText('How it is computed')).toBeNull()
  })

  it('recomputes the cost summary when a group is switched off', async () => {
    await renderPage()
    const card = document.querySelector('.cost-summary') as HTMLElement
    fireEvent.click(within(card).getByLabelText('Company fees'))
    expect(document.querySelector('.cost-total')?.textContent).toContain('PLN\u00a05,044.04')
  })

  it('saves Completed at once and hides the notification options', async () => {
    const { effects } = await renderPage()
    const card = screen.getByTestId('tx-card-i2-2026-03').closest('section') as HTMLElement
    expect(within(card).getByLabelText('Notification')).toBeTruthy()
    fireEvent.click(within(card).getByLabelText('Completed'))
    await waitFor(() =>
      expect(effects.saveFlags).toHaveBeenCalledWith({ id: 'i2-2026-03', flags: { completed: true } }),
    )
    expect(within(card).queryByLabelText('Notification')).toBeNull()
    expect(within(card).queryByLabelText('Sent')).toBeNull()
    expect(card.className).toContain('card--dimmed')
  })

  it('shows a payment completed before its amount grew: paid, now, what remains; one click records the new amount', async () => {
    const effects = fakes({
      loadMonth: vi.fn(async () => ({ transactions: fixturePaidThenChanged(), summary: fixtureSummary(true) })),
      saveFlags: vi.fn(
        async ({ id }: { id: string; flags: TransactionFlags }): Promise<FlagsResult> => ({
          id,
          completed: true,
          notification: true,
          notificationCompleted: false,
          paidAmount: '1840.00',
          remainingAmount: '0.00',
        }),
      ),
    })
    await renderPage(effects)
    const card = screen.getByTestId('tx-card-vat-2026-02').closest('section') as HTMLElement
    const text = (el: Element | null | undefined) => el?.textContent?.replace(/\u00a0/g, ' ')
    expect(text(card.querySelector('.payment-state'))).toBe('paid PLN 1,725.00 — now PLN 1,840.00 — PLN 115.00 to pay')
    expect(card.className).not.toContain('card--dimmed')
    expect((within(card).getByLabelText('Completed') as HTMLInputElement).checked).toBe(true)
    // Something is still to pay: the notification can remind of it.
    expect(within(card).getByLabelText('Notification')).toBeTruthy()
    expect(text(screen.getByTestId('tx-row-vat-2026-02'))).toContain('(PLN 115.00 left to pay)')
    expect(screen.getByTestId('tx-row-vat-2026-02').className).not.toContain('tx-row--completed')
    // The total counts the VAT as it is now; what is still to pay counts its remainder.
    expect(document.querySelector('.cost-total')?.textContent).toContain('PLN\u00a07,504.04')
    expect(document.querySelector('.cost-outstanding')?.textContent).toContain('PLN\u00a05,779.04')
    fireEvent.click(within(card).getByRole('button', { name: 'Mark the new amount as paid' }))
    await waitFor(() =>
      expect(effects.saveFlags).toHaveBeenCalledWith({ id: 'vat-2026-02', flags: { completed: true } }),
    )
    await waitFor(() => expect(card.querySelector('.payment-state')).toBeNull())
    expect(card.className).toContain('card--dimmed')
    expect(document.querySelector('.cost-outstanding')?.textContent).toContain('PLN\u00a05,664.04')
  })

  it('says in Polish what was paid and what remains', async () => {
    await renderPage(
      fakes({ loadMonth: vi.fn(async () => ({ transactions: fixturePaidThenChanged(), summary: [] })) }),
      memory(),
      'pl',
    )
    const card = screen.getByTestId('tx-card-vat-2026-02').closest('section') as HTMLElement
    expect(card.querySelector('.payment-state')?.textContent?.replace(/\u00a0/g, ' ')).toBe(
      'zapłacono 1725,00 zł — teraz 1840,00 zł — 115,00 zł do zapłaty',
    )
  })

  it('shows Sent read-only', async () => {
    await renderPage()
    const card = screen.getByTestId('tx-card-vat-2026-02').closest('section') as HTMLElement
    const sent = within(card).getByLabelText('Sent') as HTMLInputElement
    expect(sent.checked).toBe(true)
    expect(sent.disabled).toBe(true)
  })

  it('remembers the Show choices as text', async () => {
    const { storage } = await renderPage()
    fireEvent.click(screen.getByLabelText('Summary', { selector: '.show-choices input' }))
    expect(storage.m.get('ks_site_show_summary')).toBe('false')
    expect(document.querySelector('.summary-table')).toBeNull()
    fireEvent.click(screen.getByLabelText('Details', { selector: '.show-choices input' }))
    expect(storage.m.get('ks_site_show_details')).toBe('false')
    expect(document.querySelector('.dashboard__details')).toBeNull()
  })

  it('starts with the stored choices', async () => {
    const storage = memory()
    storage.setItem('ks_site_show_primary', 'false')
    await renderPage(fakes(), storage).catch(() => {})
    await waitFor(() => expect(document.querySelector('.dashboard__details')).not.toBeNull())
    expect(document.querySelector('.tx-table')).toBeNull()
  })

  it('resets the month through the popup and says Reset done', async () => {
    const { effects } = await renderPage()
    const spy = vi.spyOn(messageStore, 'info')
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reset transactions' })
    // The dialog says what a reset does: flags only.
    expect(dialog.textContent).toContain('Reset clears Completed, Notification and Sent')
    expect(dialog.textContent).toContain('Items, settings and amounts stay as they are')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset current month' }))
    await waitFor(() => expect(effects.reset).toHaveBeenCalledWith({ scope: 'month', month: '2026-03' }))
    await waitFor(() => expect(messageStore.getSnapshot().some((m) => m.text === 'Reset done')).toBe(true))
    spy.mockRestore()
    act(() => messageStore.clear())
  })

  it('deletes a fee item after confirmation', async () => {
    const { effects } = await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Delete Office rent' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(effects.deleteItem).toHaveBeenCalledWith({ kind: 'fee', itemId: 2 }))
    await waitFor(() => expect(screen.queryByTestId('tx-card-i2-2026-03')).toBeNull())
  })

  it('shows Not data for an empty social security row', async () => {
    const effects = fakes({
      loadMonth: vi.fn(async () => ({
        transactions: [...fixtureMonth().slice(0, 1), fixtureEmptySocialSecurity()],
        summary: [],
      })),
    })
    await renderPage(effects)
    expect(screen.getByText('Not data')).toBeTruthy()
  })

  it('stops loading and shows the connection error on a failure', async () => {
    const i18n = await i18nFor('en')
    const effects = fakes({
      loadMonth: vi.fn(async () => {
        throw new ApiError({ status: 0, statusText: 'Unknown Error' })
      }),
    })
    render(withProviders(i18n, <MonthlyDashboard effects={effects} today="2026-03-15" storage={memory()} />))
    expect(await screen.findByText('Response error, can not connect to API.', { selector: '.error-box' })).toBeTruthy()
    expect(document.querySelector('.loader')).toBeNull()
    act(() => messageStore.clear())
  })

  it('says the connection failed when Completed cannot be saved (server down), not "Unknown Error"', async () => {
    const effects = fakes({
      saveFlags: vi.fn(async (): Promise<FlagsResult> => {
        throw new ApiError({ status: 0, statusText: 'Unknown Error' })
      }),
    })
    await renderPage(effects, memory(), 'pl')
    const card = screen.getByTestId('tx-card-i2-2026-03').closest('section') as HTMLElement
    fireEvent.click(within(card).getByLabelText('Zrealizowane'))
    await waitFor(() =>
      expect(messageStore.getSnapshot().map((m) => m.text)).toContain(
        'Nie udało się połączyć z serwerem. Spróbuj ponownie za chwilę.',
      ),
    )
    expect(messageStore.getSnapshot().map((m) => m.text)).not.toContain('Nieznany błąd.')
    act(() => messageStore.clear())
  })

  it('moves to the previous month across the year', async () => {
    const effects = fakes()
    const i18n = await i18nFor('en')
    render(withProviders(i18n, <MonthlyDashboard effects={effects} today="2026-01-15" storage={memory()} />))
    await screen.findByTestId('tx-row-i1-2026-03')
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }))
    await waitFor(() => expect(effects.loadMonth).toHaveBeenLastCalledWith({ month: '2025-12' }))
    expect(document.querySelector('.period-nav__title')?.getAttribute('data-month')).toBe('2025-12')
  })

  it('speaks Polish', async () => {
    await renderPage(fakes(), memory(), 'pl')
    expect(screen.getByRole('heading', { name: 'Pulpit miesięczny' })).toBeTruthy()
    expect(screen.getByText('Podsumowanie kosztów')).toBeTruthy()
  })
})
