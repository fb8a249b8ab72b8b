/** VAT across borders, a car's use, a fixed asset and VAT not deductible on the item form: plain choices, a hint for each, what is saved. */
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryServices } from '../../../forms/index.ts'
import { renderWith } from '../../../forms/testing.ts'
import { ItemsPage } from './ItemsPage.tsx'
import { submitOne } from '../../../test/submit.ts'

/** The one-time item form of `kind` with "Company …" ticked, and the services behind it. */
const companyForm = async (kind: 'Expense' | 'Income', today: string) => {
  const services = memoryServices([])
  await renderWith(<ItemsPage dataType={kind} today={today} />, services)
  const form = screen.getByRole('form', { name: `Add One Time ${kind}` })
  fireEvent.click(within(form).getByLabelText(`Company ${kind.toLowerCase()}`))
  return { form, services }
}

const fill = (form: HTMLElement, name: string, amount: string) => {
  fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: name } })
  fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: amount } })
}

describe('items across borders', () => {
  it('an expense: services bought from abroad with its hint, a car in mixed use, a fixed asset', async () => {
    const { form, services } = await companyForm('Expense', '2026-03-15')
    fill(form, 'Licence', '1000')
    fireEvent.change(within(form).getByLabelText('Purchase from abroad'), { target: { value: 'importServices' } })
    expect(within(form).getByText(/it is your output VAT and, in the same month, your input VAT/)).toBeTruthy()
    // Self-assessed at a rate: the percent stays.
    expect(within(form).getByLabelText(/VAT percent/)).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('A car cost (purchase, fuel, repairs, leasing)'), {
      target: { value: 'mixed' },
    })
    fireEvent.click(within(form).getByLabelText(/A fixed asset/))
    expect(await submitOne(form, 'Add One Time Expense', services)).toMatchObject({
      crossBorder: 'importServices',
      car: { use: 'mixed' },
      fixedAsset: true,
    })
  }, 20_000)

  it('an expense: a hotel or restaurant whose VAT is not deductible (art. 88 ust. 1 pkt 4)', async () => {
    const { form, services } = await companyForm('Expense', '2026-03-15')
    fill(form, 'Hotel', '400')
    fireEvent.change(within(form).getByLabelText(/VAT percent/), { target: { value: '8' } })
    fireEvent.click(
      within(form).getByLabelText('VAT not deductible: hotel or restaurant (art. 88 ust. 1 pkt 4 of the VAT act)'),
    )
    expect(await submitOne(form, 'Add One Time Expense', services)).toMatchObject({
      name: 'Hotel',
      percent: '8',
      noVatDeduction: true,
    })
  }, 20_000)

  it('"zw" typed as the VAT percent points to the VAT treatment under More details, opened, in both languages', async () => {
    for (const [locale, label, save, message] of [
      [
        'en',
        'Company income',
        'Add One Time Income',
        'A rate from 0 to 100 here: for exempt (zw) or not taxable (np) choose it in “VAT treatment” under “More details (tax book)” below',
      ],
      [
        'pl',
        'Przychód firmowy',
        'Dodaj przychód jednorazowy',
        'Tu wpisz stawkę od 0 do 100; zwolnienie (zw) lub niepodleganie opodatkowaniu (np) wybierz w polu „Opodatkowanie VAT” w sekcji „Więcej szczegółów (księga podatkowa)” poniżej',
      ],
    ] as const) {
      const services = memoryServices([])
      const { unmount } = await renderWith(<ItemsPage dataType="Income" today="2026-03-15" />, services, locale)
      const form = screen.getByRole('form', { name: save })
      fireEvent.click(within(form).getByLabelText(label))
      const details = form.querySelector('details.item-details') as HTMLDetailsElement
      expect(details.open).toBe(false)
      fireEvent.change(within(form).getByLabelText(/^(VAT percent|Stawka VAT) \*/), { target: { value: 'zw' } })
      expect(details.open).toBe(true)
      fireEvent.submit(form)
      expect(await within(form).findByText(message)).toBeTruthy()
      expect(services.records()).toHaveLength(0)
      unmount()
    }
  }, 20_000)

  it('a WNT invoiced late counts for VAT on the 15th of the month after the supply, shown before saving', async () => {
    const { form } = await companyForm('Expense', '2026-05-10')
    fireEvent.change(within(form).getByLabelText('Day of supply (if another day)'), {
      target: { value: '2026-03-03' },
    })
    const months = () => within(form).getByTestId('tax-months').textContent
    expect(months()).toContain('VAT: counted in May 2026.')
    fireEvent.change(within(form).getByLabelText('Purchase from abroad'), { target: { value: 'wnt' } })
    expect(months()).toContain('VAT: counted in April 2026.')
  }, 20_000)

  it('an income: a WDT asks for no percent, offers no car or asset, and is saved at 0 %', async () => {
    const { form, services } = await companyForm('Income', '2026-03-15')
    fill(form, 'Parts', '8000')
    fireEvent.change(within(form).getByLabelText('Sale abroad'), { target: { value: 'wdt' } })
    expect(within(form).queryByLabelText(/VAT percent/)).toBeNull()
    expect(within(form).queryByLabelText('A car cost (purchase, fuel, repairs, leasing)')).toBeNull()
    expect(within(form).getByText(/buyer has a VAT number of another EU country/)).toBeTruthy()
    expect(await submitOne(form, 'Add One Time Income', services)).toMatchObject({ crossBorder: 'wdt', percent: '0' })
  }, 20_000)
})
