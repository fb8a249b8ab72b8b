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
) => {
  const i18n = await i18nFor('en')
  render(withProviders(i18n, <LogsPage effects={{ loadPage }} />))
}

describe('LogsPage', () => {
  it('hides the query form until a key is set, then shows entries as JSON and pages', async () => {
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
    const json = document.querySelector('.log-entry__json')!.textContent!
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

  it('shows the refusal in a popup and no entries', async () => {
    await renderPage(async () => {
      throw new ApiError({ status: 403, statusText: 'Forbidden', errors: ['Access denied'] })
    })
    fireEvent.change(screen.getByLabelText('Api key'), { target: { value: 'wrong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Set key' }))
    await waitFor(() =>
      expect(messageStore.getSnapshot().some((m) => String(m.text).includes('Access denied'))).toBe(true),
    )
    expect(screen.queryAllByTestId('log-entry')).toHaveLength(0)
    act(() => messageStore.clear())
  })
})
