import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18nFor, withProviders } from '../testing.tsx'
import { YearEnd } from './YearEnd.tsx'
import { ikzeRefused, yearEndNoInputs, yearEndWithInputs } from './annualInputsFixtures.ts'

describe('the year end’s form of the return’s common items', () => {
  it('sends the items typed in and shows the recomputed return', async () => {
    const saveInputs = vi.fn(async () => yearEndWithInputs)
    const i18n = await i18nFor('en')
    render(
      withProviders(i18n, <YearEnd year={2025} effects={{ loadYearEnd: async () => yearEndNoInputs, saveInputs }} />),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Add a loss' }))
    fireEvent.change(screen.getByLabelText('Loss'), { target: { value: '20000' } })
    fireEvent.change(screen.getByLabelText('Year of the loss'), { target: { value: '2023' } })
    fireEvent.change(screen.getByLabelText('IKZE payments made in the year'), { target: { value: '15611.40' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a child' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save and recompute the return' }))
    await waitFor(() => expect(saveInputs).toHaveBeenCalledTimes(1))
    expect(saveInputs).toHaveBeenCalledWith(2025, {
      losses: [{ year: '2023', amount: '20000', deductedBefore: '', oneOff: false }],
      ikze: '15611.40',
      spouse: null,
      singleParent: false,
      children: [{ months: '12', disabled: false }],
    })
    expect(await screen.findByText('Saved: the return above is recomputed.')).toBeTruthy()
    expect(screen.getByText('Loss of earlier years deducted').nextSibling?.textContent).toBe('PLN\u00a010,000.00')
    expect(screen.getByText('Child relief deducted from the tax').nextSibling?.textContent).toBe('PLN\u00a02,224.08')
    expect(screen.getByText('Tax due').nextSibling?.textContent).toBe('PLN\u00a06,041.00')
  })

  it('names the refused field in Polish and keeps the return as it was', async () => {
    const i18n = await i18nFor('pl')
    render(
      withProviders(
        i18n,
        <YearEnd
          year={2025}
          effects={{
            loadYearEnd: async () => yearEndNoInputs,
            saveInputs: async () => {
              throw ikzeRefused
            },
          }}
        />,
      ),
    )
    fireEvent.change(await screen.findByLabelText('Wpłaty na IKZE dokonane w roku'), { target: { value: '20000' } })
    // The limit as an amount a Polish reader writes: a decimal comma and a non-breaking space between thousands.
    expect(screen.getByText(/^Limit dla osoby prowadzącej działalność gospodarczą:/).textContent).toBe(
      'Limit dla osoby prowadzącej działalność gospodarczą: 15\u00a0611,40\u00a0zł',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz i przelicz zeznanie' }))
    expect(
      await screen.findByText('Wpłaty na IKZE przekraczają roczny limit dla osoby prowadzącej działalność gospodarczą'),
    ).toBeTruthy()
    expect(screen.queryByText('Wpłaty na IKZE odliczone')).toBeNull()
  })
})
