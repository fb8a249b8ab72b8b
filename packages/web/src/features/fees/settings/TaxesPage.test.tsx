import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryServices } from '../../../forms/index.ts'
import { renderWith } from '../../../forms/testing.ts'
import { SocialSecurityPage } from './SocialSecurityPage.tsx'
import { TaxesPage } from './TaxesPage.tsx'

const panel = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement

/** The Taxes page on `services`, its PIT panel in edit mode with the linear tax chosen. */
const editLinearPit = async (services: ReturnType<typeof memoryServices>) => {
  await renderWith(<TaxesPage today="2026-03-15" />, services)
  const pit = panel('Set current PIT tax')
  await waitFor(() => expect(within(pit).getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', false))
  fireEvent.click(within(pit).getByRole('button', { name: 'Edit' }))
  fireEvent.change(within(pit).getByLabelText('Tax type *'), { target: { value: 'Linear' } })
  return pit
}

const vat2025 = {
  id: 1,
  dataType: 'Vat',
  eventType: 'VAT',
  dataObject: { date: '2025-01-01', percent: '23', paymentInterval: 1 },
}

describe('taxes and social security settings', () => {
  it('shows the rule the books apply for a setting stored before it could be chosen, not a dash', async () => {
    const zus = {
      id: 1,
      dataType: 'SocialSecurity',
      eventType: 'ZUS',
      dataObject: { date: '2026-01-01', amount: '1926.76', percent: '9' },
    }
    const services = memoryServices([zus, { ...vat2025, id: 2 }], { today: '2026-03-15' })
    await renderWith(<SocialSecurityPage today="2026-03-15" />, services, 'pl')
    const panel = await screen.findByText('Składki opłacam')
    expect(panel.nextSibling?.textContent).toBe('w miesiącu, którego dotyczą')
    await renderWith(<TaxesPage today="2026-03-15" />, services)
    const rate = await screen.findByText('Exchange rate for VAT on foreign-currency documents')
    expect(rate.nextSibling?.textContent).toMatch(/^NBP average rate/)
  })

  it('shows the ECB choice with its basis, art. 31a ust. 1 zd. 2, and no minimum period', async () => {
    const ecb = { ...vat2025, dataObject: { ...vat2025.dataObject, vatExchangeRate: 'ecb' } }
    const services = memoryServices([ecb], { today: '2026-03-15' })
    await renderWith(<TaxesPage today="2026-03-15" />, services, 'pl')
    const rate = await screen.findByText(/^Ostatni kurs EBC/)
    expect(rate.textContent).toBe(
      'Ostatni kurs EBC opublikowany przed powstaniem obowiązku podatkowego (art. 31a ust. 1 zd. 2 ustawy o VAT)',
    )
  })

  it('creates the first PIT setting (POST) with the statutory linear values', async () => {
    const services = memoryServices([], { today: '2026-03-15' })
    const pit = await editLinearPit(services)
    fireEvent.change(within(pit).getByLabelText('Payment interval *'), { target: { value: '1' } })
    fireEvent.click(within(pit).getByRole('button', { name: 'Fill statutory values' }))
    fireEvent.click(within(pit).getByRole('button', { name: 'Save' }))
    await within(pit).findByText('Linear · 19%')
    expect(services.records()[0]).toMatchObject({
      id: 1,
      dataType: 'Pit',
      dataObject: { date: '2026-03-15', taxType: 'Linear', firstPercent: '19', paymentInterval: 1, deductions: '0.00' },
    })
  })

  it('shows the Linear form its own fields, and the statutory values fill the payment period too', async () => {
    const services = memoryServices([], { today: '2026-03-15' })
    const pit = await editLinearPit(services)
    expect(within(pit).queryByLabelText(/Second percent/)).toBeNull()
    expect(within(pit).queryByLabelText(/Free of tax amount/)).toBeNull()
    expect(within(pit).queryByText(/Ryczałt rates/)).toBeNull()
    fireEvent.click(within(pit).getByRole('button', { name: 'Fill statutory values' }))
    fireEvent.click(within(pit).getByRole('button', { name: 'Save' }))
    await within(pit).findByText('Linear · 19%')
    expect(services.records()[0]?.dataObject).toMatchObject({
      taxType: 'Linear',
      firstPercent: '19',
      paymentInterval: 1,
    })
  })

  it("names a refused field by the form's own label: a linear PIT's rate is its Tax rate, not a First percent", async () => {
    const services = memoryServices([], { today: '2026-03-15' })
    const pit = await editLinearPit(services)
    fireEvent.change(within(pit).getByLabelText('Payment interval *'), { target: { value: '1' } })
    fireEvent.click(within(pit).getByRole('button', { name: 'Save' }))
    const rate = within(pit).getByLabelText(/^Tax rate \*/)
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'))
    const errorId = rate
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'))
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('(Tax rate) is required')
    expect(within(pit).queryByText(/First percent/)).toBeNull()
    expect(services.records()).toEqual([])
  })

  it('updates the VAT setting in force (PUT) and refuses an unchanged save', async () => {
    const services = memoryServices([vat2025], { today: '2026-03-15' })
    await renderWith(<TaxesPage today="2026-03-15" />, services)
    const vat = panel('Set current VAT tax')
    await within(vat).findByText('1 Jan 2025', { selector: 'time' })
    fireEvent.click(within(vat).getByRole('button', { name: 'Edit' }))
    fireEvent.click(within(vat).getByRole('button', { name: 'Save' }))
    expect(await within(vat).findByText('No changes on the form')).toBeTruthy()
    fireEvent.change(within(vat).getByLabelText('Payment interval *'), { target: { value: '3' } })
    fireEvent.click(within(vat).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(services.records()[0]?.dataObject.paymentInterval).toBe(3))
    expect(services.records()).toHaveLength(1)
  })

  it('starts a new VAT setting from a date (POST) and lists both in the history', async () => {
    const services = memoryServices([vat2025], { today: '2026-03-15' })
    await renderWith(<TaxesPage today="2026-03-15" />, services)
    const vat = panel('Set current VAT tax')
    fireEvent.click(await within(vat).findByRole('button', { name: 'New setting' }))
    fireEvent.change(within(vat).getByLabelText('VAT rate *'), { target: { value: '8' } })
    fireEvent.click(within(vat).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(vat).getAllByRole('listitem')).toHaveLength(2))
    expect(services.records().map((r) => r.dataObject.date)).toEqual(['2025-01-01', '2026-03-15'])
  })

  it('offers only the statutory rates of the setting’s year, zw with its legal basis and np — never a free number', async () => {
    const services = memoryServices([vat2025], { today: '2026-03-15' })
    await renderWith(<TaxesPage today="2026-03-15" />, services)
    const vat = panel('Set current VAT tax')
    fireEvent.click(await within(vat).findByRole('button', { name: 'New setting' }))
    const rate = within(vat).getByLabelText('VAT rate *') as HTMLSelectElement
    const values = () => [...rate.options].map((o) => o.value).filter((v) => v !== '')
    expect(rate.tagName).toBe('SELECT')
    expect(values()).toEqual(['23', '8', '5', '0', 'zw', 'np'])
    // A setting dated in 2010 gets the rates of 2010.
    fireEvent.change(within(vat).getByLabelText(/^Date/), { target: { value: '2010-06-01' } })
    expect(values()).toEqual(['22', '7', '3', '0', 'zw', 'np'])
    fireEvent.change(within(vat).getByLabelText(/^Date/), { target: { value: '2026-04-01' } })
    expect(within(vat).queryByLabelText(/Legal basis of the exemption/)).toBeNull()
    fireEvent.change(rate, { target: { value: 'zw' } })
    fireEvent.change(within(vat).getByLabelText('Legal basis of the exemption *'), { target: { value: 'art43' } })
    fireEvent.click(within(vat).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(services.records()).toHaveLength(2))
    expect(services.records()[1]?.dataObject).toMatchObject({ percent: 'zw', exemptionBasis: 'art43' })
  })

  it('fills preferential ZUS with 4.9 % for the linear tax', async () => {
    const pit = {
      id: 5,
      dataType: 'Pit',
      eventType: 'PIT',
      dataObject: { date: '2026-01-01', taxType: 'Linear', firstPercent: '19', paymentInterval: 1, deductions: '0.00' },
    }
    const services = memoryServices([pit], { today: '2026-03-15' })
    await renderWith(<SocialSecurityPage today="2026-03-15" />, services)
    const ss = panel('Set current Social Security amount')
    await waitFor(() => expect(within(ss).getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', false))
    fireEvent.click(within(ss).getByRole('button', { name: 'Edit' }))
    fireEvent.click(within(ss).getByRole('button', { name: 'Fill preferential ZUS' }))
    await waitFor(() => expect(within(ss).getByLabelText('Amount (monthly) *')).toHaveProperty('value', '456.18'))
    expect(within(ss).getByLabelText('Health insurance percent * (%)')).toHaveProperty('value', '4.9')
  })
})
