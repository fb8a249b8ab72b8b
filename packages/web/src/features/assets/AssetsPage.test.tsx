/**
 * The Fixed assets screen over in-memory effects (ledger-core's decider, as the API runs it): a refusal naming each
 * field by the label the form shows, a day the calendar has not said to be no date.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client.ts'
import type { Locale } from '../../i18n.ts'
import { MessagePopups, messageStore } from '../../ui/messages.tsx'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import type { AssetsApi } from './api.ts'
import { AssetsPage } from './AssetsPage.tsx'
import { assetsEffects } from './fixtures.ts'

afterEach(() => {
  for (const m of messageStore.getSnapshot()) messageStore.close(m.id)
})

const show = async (effects: AssetsApi, locale: Locale = 'en') => {
  render(
    withProviders(
      await i18nFor(locale),
      <>
        <AssetsPage effects={effects} year={2026} />
        <MessagePopups />
      </>,
    ),
  )
  await screen.findByRole('table', { name: /Register of fixed assets|Ewidencja środków trwałych/ })
}

const register = () => screen.getByRole('table', { name: /Register of fixed assets/ })

/** Opens the card of the laptop (number 1 of the sample register). */
const openLaptop = async () => {
  fireEvent.click(within(register()).getByRole('button', { name: 'Laptop Dell' }))
  return screen.findByRole('region', { name: 'Depreciation plan: 1 Laptop Dell' })
}

describe('a refused write', () => {
  it('names each field by the label the form shows, and says that a day does not exist', async () => {
    await show(assetsEffects())
    await openLaptop()
    const form = screen.getByRole('form', { name: 'Improvement' })
    fireEvent.change(within(form).getByLabelText('Date of the improvement'), { target: { value: '2026-02-30' } })
    fireEvent.change(within(form).getByLabelText('Amount (net)'), { target: { value: '100' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Record the improvement' }))
    expect(await within(form).findByText('Date of the improvement is not a real date')).toBeTruthy()
  })

  it('shows an entry refusal under its field only, by the field’s label, in Polish', async () => {
    const effects: AssetsApi = {
      ...assetsEffects(),
      enterAsset: async () => {
        throw new ApiError({
          status: 400,
          statusText: 'Bad Request',
          errors: ['Acquisition date is not a real date'],
          fieldErrors: { acquisitionDate: 'Acquisition date is not a real date' },
        })
      },
    }
    await show(effects, 'pl')
    const form = screen.getByRole('form', { name: 'Wprowadź środek trwały' })
    fireEvent.click(within(form).getByRole('button', { name: 'Wpisz do ewidencji' }))
    const date = within(form).getByLabelText('Data nabycia')
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'))
    expect(within(form).getAllByText('Data nabycia nie jest istniejącą datą')).toHaveLength(1)
    expect(within(form).queryByText(/Data przyjęcia/)).toBeNull()
  })
})
