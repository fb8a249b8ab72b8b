/**
 * The invoice screens when the server cannot be reached (a fetch that rejects: status 0): a save says so with the
 * connection message other screens give, never nothing or "Unknown error", and keeps what was typed.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../api/client.ts'
import { MessagePopups } from '../../ui/messages.tsx'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { createInvoicesApi, type InvoicesApi } from './api.ts'
import { CounterpartiesPage } from './CounterpartiesPage.tsx'
import { invoicesEffects } from './fixtures.ts'
import { InvoicesPage } from './InvoicesPage.tsx'

const connection = 'Nie udało się połączyć z serwerem. Spróbuj ponownie za chwilę.'

/** The books in memory for reading; every write through the real client to a server that is down. */
const downForWrites = (): InvoicesApi => {
  const down = createInvoicesApi(
    createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')), readCookie: () => 'csrf' }),
  )
  return {
    ...invoicesEffects([], 0),
    create: down.create,
    save: down.save,
    issue: down.issue,
    saveCounterparty: down.saveCounterparty,
  }
}

describe('a write while the server cannot be reached', () => {
  it('an invoice saved: the form says the connection failed, in Polish, and keeps the line', async () => {
    render(withProviders(await i18nFor('pl'), <InvoicesPage effects={downForWrites()} save={() => {}} />))
    fireEvent.click(await screen.findByRole('button', { name: 'Nowa faktura' }))
    const line = document.querySelector<HTMLInputElement>('[name="lines.0.name"]')!
    fireEvent.change(line, { target: { value: 'Usługa IT' } })
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz szkic' }))
    const invoice = screen.getByRole('region', { name: 'Faktura' })
    expect(await within(invoice).findByText(connection)).toBeTruthy()
    expect(screen.queryByText(/Nieznany błąd|Unknown Error/i)).toBeNull()
    expect(line.value).toBe('Usługa IT')
  })

  it('a counterparty saved: the form says the connection failed', async () => {
    render(
      withProviders(
        await i18nFor('pl'),
        <>
          <CounterpartiesPage effects={downForWrites()} />
          <MessagePopups />
        </>,
      ),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj kontrahenta' }))
    const form = screen.getByRole('form')
    fireEvent.change(within(form).getByLabelText(/^Nazwa/), { target: { value: 'ACME' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Dodaj kontrahenta' }))
    await waitFor(() => expect(screen.getAllByText(connection).length).toBeGreaterThan(0))
    expect(screen.queryByText(/Nieznany błąd|Unknown Error/i)).toBeNull()
  })
})
