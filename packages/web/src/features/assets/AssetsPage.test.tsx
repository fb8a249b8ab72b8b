/**
 * The Fixed assets screen over in-memory effects (ledger-core's decider, as the API runs it): removing an asset
 * entered in error after a confirmation (by keyboard too, with its loading and error states), and a refusal naming
 * each field by the label the form shows, a day the calendar has not said to be no date.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client.ts'
import type { Locale } from '../../i18n.ts'
import { MessagePopups, messageStore } from '../../ui/messages.tsx'
import { pressEscape } from '../../ui/testKeyboard.ts'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { type AssetsApi, entryBody } from './api.ts'
import { AssetsPage } from './AssetsPage.tsx'
import { assetsEffects, assetsOf } from './fixtures.ts'
import type { AssetEntry } from './types.ts'

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
  return screen.findByRole('region', { name: 'Depreciation plan: Laptop Dell (no. 1)' })
}

describe('deleting an asset', () => {
  it('asks first, cancels on Escape with focus back on its button, then deletes it with its card', async () => {
    await show(assetsEffects())
    const card = await openLaptop()
    const trash = within(card).getByRole('button', { name: 'Delete Laptop Dell (no. 1) from the register' })
    trash.focus()
    fireEvent.click(trash)
    const dialog = screen.getByRole('dialog', { name: 'Delete asset' })
    expect(dialog.textContent).toContain(
      'Laptop Dell (no. 1) will be deleted from the register with its write-offs. Do you confirm?',
    )
    // The safe choice has the focus; Escape closes without deleting.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    pressEscape()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(trash)
    expect(within(register()).getByRole('button', { name: 'Laptop Dell' })).toBeTruthy()

    fireEvent.click(trash)
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(within(register()).queryByRole('button', { name: 'Laptop Dell' })).toBeNull())
    expect(screen.queryByRole('region', { name: /Depreciation plan: Laptop Dell \(no. 1\)/ })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Laptop Dell (no. 1) deleted from the register').closest('[role="status"]')).toBeTruthy()
    expect(within(register()).getByRole('button', { name: 'Samochód dostawczy' })).toBeTruthy()
  })

  it('says it works while it does, and why it failed, keeping the asset', async () => {
    let fail: (e: unknown) => void = () => {}
    const effects: AssetsApi = {
      ...assetsEffects(),
      deleteAsset: () =>
        new Promise<void>((_, reject) => {
          fail = reject
        }),
    }
    await show(effects)
    const card = await openLaptop()
    fireEvent.click(within(card).getByRole('button', { name: /^Delete Laptop Dell/ }))
    const yes = within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' })
    fireEvent.click(yes)
    await waitFor(() => expect((yes as HTMLButtonElement).disabled).toBe(true))
    expect(yes.getAttribute('aria-busy')).toBe('true')
    await act(async () => fail(new ApiError({ status: 0, statusText: 'Unknown Error' })))
    expect((await screen.findByRole('alert')).textContent).toContain('Response error, can not connect to API.')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(register()).getByRole('button', { name: 'Laptop Dell' })).toBeTruthy()
  })

  it('tells of the purchase that becomes a cost again, in Polish', async () => {
    const effects = assetsEffects()
    const withPurchase: AssetsApi = {
      ...effects,
      loadCard: async (id) => {
        const c = await effects.loadCard(id)
        return { ...c, asset: { ...c.asset, itemId: 7 } }
      },
    }
    await show(withPurchase, 'pl')
    fireEvent.click(screen.getByRole('button', { name: 'Laptop Dell' }))
    const card = await screen.findByRole('region', { name: 'Plan amortyzacji: Laptop Dell (Lp. 1)' })
    fireEvent.click(within(card).getByRole('button', { name: 'Usuń z ewidencji: Laptop Dell (Lp. 1)' }))
    expect(screen.getByRole('dialog', { name: 'Usuwanie środka trwałego' }).textContent).toContain(
      'Środek Laptop Dell (Lp. 1) zostanie usunięty z ewidencji razem z odpisami, a zakup, z którego go wprowadzono, znów stanie się kosztem swojego miesiąca.',
    )
  })
})

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

describe('the purchases offered for an entry', () => {
  it('are read again after an entry (the purchase is no longer offered) and after a delete (it is again)', async () => {
    const printer = { id: 7, name: 'Drukarka', amount: '2400.00', date: '2026-02-03' }
    let available = [printer]
    const base = assetsEffects()
    const effects: AssetsApi = {
      ...base,
      loadPurchases: async () => available,
      enterAsset: async (entry) => {
        const card = await base.enterAsset(entry)
        available = available.filter((p) => String(p.id) !== entry.itemId)
        return card
      },
      deleteAsset: async (id) => {
        await base.deleteAsset(id)
        available = [printer]
      },
    }
    await show(effects)
    const form = screen.getByRole('form', { name: 'Enter an asset' })
    const offered = () =>
      [...(within(form).getByLabelText('From a purchase') as HTMLSelectElement).options].map((o) =>
        o.text.replace(/\s/g, ' '),
      )
    await waitFor(() => expect(offered()).toContain('Drukarka, 3 Feb 2026, PLN 2,400.00'))
    fireEvent.change(within(form).getByLabelText('From a purchase'), { target: { value: '7' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Enter in the register' }))
    await screen.findByText(/entered in the register with number/)
    await waitFor(() => expect(offered()).toEqual(["None: type the asset's data"]))

    const card = await openLaptop()
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Laptop Dell (no. 1) from the register' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }))
    await screen.findByText('Laptop Dell (no. 1) deleted from the register')
    await waitFor(() => expect(offered()).toContain('Drukarka, 3 Feb 2026, PLN 2,400.00'))
  })
})

describe("entering an asset with the law's choices", () => {
  it('sends a passenger car with its drive and emission, and an individual period, as the API reads them', async () => {
    const sent: AssetEntry[] = []
    const effects: AssetsApi = {
      ...assetsEffects(),
      enterAsset: async (entry) => {
        sent.push(entry)
        return assetsEffects().loadCard(1)
      },
    }
    await show(effects, 'pl')
    const form = screen.getByRole('form', { name: 'Wprowadź środek trwały' })
    const type = (label: string, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } })
    type('Nazwa', 'Skoda Enyaq')
    type('Data nabycia', '2026-04-08')
    type('Wartość początkowa (netto)', '200000')
    // The car's fields appear only for a passenger car's KŚT.
    expect(within(form).queryByLabelText('Napęd samochodu')).toBeNull()
    type('Symbol KŚT', '741')
    type('Napęd samochodu', 'electric')
    type('Emisja CO₂ (g/km, dowód rejestracyjny V.7)', '0')
    fireEvent.click(within(form).getByRole('button', { name: 'Wpisz do ewidencji' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(entryBody(sent[0]!)).toEqual({
      name: 'Skoda Enyaq',
      acquisitionDate: '2026-04-08',
      kst: '741',
      initialValue: '200000',
      method: 'linear',
      period: 'month',
      car: { drive: 'electric', co2GramsPerKm: 0 },
    })
    // A used machine over an individual period: the months only with that method.
    expect(
      entryBody({ ...sent[0]!, kst: '491', method: 'individual', individualMonths: '36', oneOffEurRate: '4,2692' }),
    ).toMatchObject({ method: 'individual', individualMonths: 36 })
    expect(entryBody({ ...sent[0]!, kst: '491', method: 'oneOff', oneOffEurRate: '4,2692' })).toMatchObject({
      oneOffEurRate: '4.2692',
    })
    expect(entryBody({ ...sent[0]!, kst: '491' })).not.toHaveProperty('car')
    // A lowered rate and a degressive factor as Polish writes them; the factor only with its method.
    expect(
      entryBody({
        ...sent[0]!,
        kst: '742',
        method: 'degressive',
        rate: '12,5',
        degressiveFactor: '1,5',
        number: 'ŚT/7',
      }),
    ).toMatchObject({ rate: '12.5', degressiveFactor: '1.5', number: 'ŚT/7' })
    expect(entryBody({ ...sent[0]!, kst: '491', degressiveFactor: '1,5' })).not.toHaveProperty('degressiveFactor')
  })
})

describe('an asset over an individual period', () => {
  it('shows its months and the yearly rate they make, not the annex rate', async () => {
    const machine = {
      name: 'Tokarka',
      acquisitionDate: '2026-01-20',
      kst: '491',
      initialValue: '37500',
      method: 'individual',
      individualMonths: 36,
    }
    await show(assetsEffects(assetsOf([machine])), 'pl')
    expect(await screen.findByText('okres indywidualny 36 mies. (33,33% rocznie)')).toBeTruthy()
  })
})

describe('an asset expensed at once', () => {
  it('is described by its method alone, with no yearly rate (it is a cost of its month whole)', async () => {
    const monitor = {
      name: 'Monitor',
      acquisitionDate: '2026-03-05',
      kst: '491',
      initialValue: '4500',
      method: 'expensed',
    }
    await show(assetsEffects(assetsOf([monitor])), 'pl')
    const row = within(screen.getByRole('table', { name: /Ewidencja środków trwałych/ }))
      .getByRole('button', { name: 'Monitor' })
      .closest('tr') as HTMLElement
    expect(within(row).getByText('jednorazowo w koszty')).toBeTruthy()
    expect(row.textContent).not.toMatch(/%/)
    fireEvent.click(within(row).getByRole('button', { name: 'Monitor' }))
    const card = await screen.findByRole('region', { name: 'Plan amortyzacji: Monitor (Lp. 1)' })
    expect(within(card).getByText('Metoda i stawka').nextElementSibling?.textContent).toBe('jednorazowo w koszty')
  })
})
