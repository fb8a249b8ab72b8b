import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { messageStore } from '../../ui/messages.tsx'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { fixtureLogs } from './fixtures.ts'
import { LogsPage } from './LogsPage.tsx'
import type { LogQuery } from './types.ts'

const renderPage = async (
  loadPage: (i: { key: string; query: LogQuery }) => Promise<{ items: ReturnType<typeof fixtureLogs>; total: number }>,
  locale: 'pl' | 'en' = 'en',
) => {
  const i18n = await i18nFor(locale)
  render(withProviders(i18n, <LogsPage effects={{ loadPage }} />))
}

describe('LogsPage', () => {
  it('hides the query form until a key is set, then lists entries in a table with their data on demand, and pages', async () => {
    const loadPage = vi.fn(async () => ({ items: fixtureLogs(), total: 12 }))
    await renderPage(loadPage)
    expect(screen.getByText('Key is NOT set')).toBeTruthy()
    expect(screen.getByText('You need to add ADMIN api key to see logs.')).toBeTruthy()
    expect(screen.queryByLabelText('Page size')).toBeNull()
    const key = screen.getByLabelText('Api key') as HTMLInputElement
    expect(key.type).toBe('password')
    fireEvent.change(key, { target: { value: 'secret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set key' }))
    expect(await screen.findByText('Key is set')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByTestId('log-entry')).toHaveLength(3))
    expect((screen.getByLabelText('Page size') as HTMLInputElement).value).toBe('5')
    expect((screen.getByLabelText('Page number') as HTMLInputElement).value).toBe('1')
    expect((screen.getByLabelText('Descending') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('')
    // A table of Warsaw time (zone shown), user, event and data type; 10:02:11 UTC on 15 March is 11:02:11 CET.
    const first = screen.getAllByTestId('log-entry')[0]!
    expect(first.querySelector('time')?.textContent).toBe('15/03/2026, 11:02:11 CET')
    expect(first.textContent).toContain('owner@example.com')
    // the event and data types read as words, the stored names kept in the title
    expect(first.textContent).toContain('Item added')
    expect(first.textContent).toContain('Recurring income')
    expect(first.textContent).not.toContain('ItemAdded')
    expect(first.querySelector('td[title="ItemAdded"]')).toBeTruthy()
    expect(document.querySelector('.log-entry__json')).toBeNull()
    const toggle = screen.getAllByRole('button', { name: 'Show data' })[0]!
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const json = document.querySelector('.log-entry__json')!.textContent!
    expect(json).toContain('\n  "name": "Programming services"')
    expect(JSON.parse(json)).toEqual(fixtureLogs()[0]!.dataObject)
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() =>
      expect(loadPage).toHaveBeenLastCalledWith({
        key: 'secret',
        query: { pageSize: 5, pageNumber: 2, descending: true, search: '' },
      }),
    )
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy()
  })

  it('takes a refused key as no key: the not-set state with a translated reason, gone once a right key is set', async () => {
    const loadPage = vi.fn(async ({ key }: { key: string }) => {
      if (key !== 'right') throw new ApiError({ status: 403, statusText: 'Forbidden', errors: [] })
      return { items: fixtureLogs(), total: 3 }
    })
    await renderPage(loadPage, 'pl')
    fireEvent.change(screen.getByLabelText('Klucz API'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ustaw klucz' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Brak uprawnień')
    expect(alert.textContent).not.toMatch(/Forbidden/)
    expect(screen.getByRole('status').textContent).toBe('Klucz NIE jest ustawiony')
    expect(screen.queryAllByTestId('log-entry')).toHaveLength(0)
    expect(messageStore.getSnapshot()).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Klucz API'), { target: { value: 'right' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ustaw klucz' }))
    await waitFor(() => expect(screen.getAllByTestId('log-entry')).toHaveLength(3))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Klucz jest ustawiony')
  })

  it('names the events in Polish', async () => {
    await renderPage(async () => ({ items: fixtureLogs(), total: 3 }), 'pl')
    fireEvent.change(screen.getByLabelText('Klucz API'), { target: { value: 'secret' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ustaw klucz' }))
    await waitFor(() => expect(screen.getAllByTestId('log-entry')).toHaveLength(3))
    const [income, vat, user] = screen.getAllByTestId('log-entry')
    expect(income!.textContent).toContain('Dodano pozycję')
    expect(income!.textContent).toContain('Przychód cykliczny')
    expect(vat!.textContent).toContain('Dodano ustawienie')
    expect(vat!.textContent).toContain('Ustawienie VAT')
    expect(user!.textContent).toContain('Zarejestrowano konto')
  })

  it('closes a failed page’s popup once a page loads', async () => {
    let fail = true
    await renderPage(async () => {
      if (fail)
        throw new ApiError({ status: 500, statusText: 'Internal Server Error', errors: ['Internal server error'] })
      return { items: fixtureLogs(), total: 3 }
    })
    fireEvent.change(screen.getByLabelText('Api key'), { target: { value: 'k' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set key' }))
    await waitFor(() => expect(messageStore.getSnapshot()).toHaveLength(1))
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(screen.getAllByTestId('log-entry')).toHaveLength(3))
    expect(messageStore.getSnapshot()).toHaveLength(0)
    act(() => messageStore.clear())
  })
})
