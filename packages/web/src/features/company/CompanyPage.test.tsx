import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CompanyPage } from './CompanyPage.tsx'
import { memoryServices } from '../../forms/index.ts'
import { renderWith } from '../../forms/testing.ts'

const primary = {
  id: 1,
  dataType: 'Primary',
  eventType: 'Company primary data.',
  dataObject: {
    companyName: 'ACME',
    nip: '5260250274',
    ownerName: 'Jan',
    ownerLastName: 'Kowalski',
    regon: '123456785',
  },
}

const panel = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement

/** The company page on `records`, its invoice data in edit, filled with "Get from Primary data". */
const invoiceFromPrimary = async (records: Parameters<typeof memoryServices>[0]) => {
  const services = memoryServices(records)
  await renderWith(<CompanyPage />, services)
  await screen.findByText('ACME')
  const inv = panel('Invoice data')
  fireEvent.click(within(inv).getByRole('button', { name: 'Edit' }))
  fireEvent.click(within(inv).getByRole('button', { name: 'Get from Primary data' }))
  return { services, inv }
}

describe('company page', () => {
  it('shows the stored primary data and saves an edit with PUT', async () => {
    const services = memoryServices([primary])
    await renderWith(<CompanyPage />, services)
    await screen.findByText('ACME')
    const p = panel('Primary data')
    fireEvent.click(within(p).getByRole('button', { name: 'Edit' }))
    fireEvent.change(within(p).getByLabelText('Owner name'), { target: { value: 'Anna' } })
    fireEvent.click(within(p).getByRole('button', { name: 'Save' }))
    await within(p).findByText('Anna')
    expect(services.records().find((r) => r.dataType === 'Primary')?.dataObject).toMatchObject({ ownerName: 'Anna' })
  })

  it('shows a required-field error and a NIP warning, and saves nothing until "Save anyway"', async () => {
    const services = memoryServices([])
    await renderWith(<CompanyPage />, services)
    const p = panel('Primary data')
    await waitFor(() => expect(within(p).getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', false))
    fireEvent.click(within(p).getByRole('button', { name: 'Edit' }))
    fireEvent.change(within(p).getByLabelText('NIP *'), { target: { value: '1234567890' } })
    fireEvent.click(within(p).getByRole('button', { name: 'Save' }))
    expect(await within(p).findByText('Company name is required')).toBeTruthy()
    expect(within(p).getByText('Nip checksum is not valid')).toBeTruthy()
    fireEvent.change(within(p).getByLabelText('Company name *'), { target: { value: 'Foreign GmbH' } })
    fireEvent.click(within(p).getByRole('button', { name: 'Save' }))
    expect(services.records()).toHaveLength(0)
    fireEvent.click(within(p).getByLabelText('Save anyway'))
    fireEvent.click(within(p).getByRole('button', { name: 'Save' }))
    await within(p).findByText('Foreign GmbH')
    expect(services.records()[0]?.dataObject).toMatchObject({ companyName: 'Foreign GmbH', nip: '1234567890' })
  })

  it('says what is wrong with a NIP or REGON of the wrong form, and offers no "Save anyway" for it', async () => {
    const services = memoryServices([])
    await renderWith(<CompanyPage />, services, 'pl')
    const p = panel('Dane podstawowe')
    await waitFor(() => expect(within(p).getByRole('button', { name: 'Edytuj' })).toHaveProperty('disabled', false))
    fireEvent.click(within(p).getByRole('button', { name: 'Edytuj' }))
    fireEvent.change(within(p).getByLabelText('Nazwa firmy *'), { target: { value: 'ACME' } })
    fireEvent.change(within(p).getByLabelText('NIP *'), { target: { value: '12345' } })
    fireEvent.change(within(p).getByLabelText('REGON'), { target: { value: 'abc' } })
    fireEvent.click(within(p).getByRole('button', { name: 'Zapisz' }))
    expect(await within(p).findByText('NIP musi mieć dziesięć cyfr')).toBeTruthy()
    expect(within(p).getByText('REGON musi mieć dziewięć lub czternaście cyfr')).toBeTruthy()
    expect(within(p).queryByText(/suma kontrolna/)).toBeNull()
    expect(within(p).queryByLabelText('Zapisz mimo to')).toBeNull()
    expect(services.records()).toHaveLength(0)
  })

  it('refuses a phone number with letters, saying which characters it may hold', async () => {
    const services = memoryServices([])
    await renderWith(<CompanyPage />, services, 'pl')
    const c = panel('Dane kontaktowe')
    await waitFor(() => expect(within(c).getByRole('button', { name: 'Edytuj' })).toHaveProperty('disabled', false))
    fireEvent.click(within(c).getByRole('button', { name: 'Edytuj' }))
    fireEvent.change(within(c).getByLabelText('Numer telefonu'), { target: { value: 'abc-def' } })
    fireEvent.click(within(c).getByRole('button', { name: 'Zapisz' }))
    expect(await within(c).findByText('Numer telefonu może zawierać tylko cyfry, spacje, +, - i nawiasy')).toBeTruthy()
    expect(services.records()).toHaveLength(0)
    fireEvent.change(within(c).getByLabelText('Numer telefonu'), { target: { value: '+48 (22) 123-45-67' } })
    fireEvent.click(within(c).getByRole('button', { name: 'Zapisz' }))
    await within(c).findByText('+48 (22) 123-45-67')
    expect(services.records()[0]?.dataObject).toMatchObject({ phoneNumber: '+48 (22) 123-45-67' })
  })

  it('fills invoice data from the primary data', async () => {
    const { inv } = await invoiceFromPrimary([primary])
    await waitFor(() => expect(within(inv).getByLabelText('Company name *')).toHaveProperty('value', 'ACME'))
    expect(within(inv).getByLabelText('NIP *')).toHaveProperty('value', '5260250274')
  })

  it('copies the permanent place of business into the invoice address', async () => {
    const place = {
      country: 'Polska',
      region: 'mazowieckie',
      city: 'Warszawa',
      street: 'Marszałkowska',
      postCode: '00-950',
      building: '1/2',
    }
    const empty = { country: '', region: '', city: '', street: '', postCode: '', building: '' }
    const addresses = {
      id: 2,
      dataType: 'Addresses',
      eventType: 'Company addresses',
      dataObject: {
        permanentPlaceOfBusinessActivity: place,
        additionalPlaceOfBusinessActivity: empty,
        postDeliveryAddress: empty,
      },
    }
    const { services, inv } = await invoiceFromPrimary([primary, addresses])
    await waitFor(() => expect(within(inv).getByLabelText('City')).toHaveProperty('value', 'Warszawa'))
    expect(within(inv).getByLabelText('Street')).toHaveProperty('value', 'Marszałkowska')
    expect(within(inv).getByLabelText('Post code')).toHaveProperty('value', '00-950')
    expect(within(inv).getByLabelText('Building')).toHaveProperty('value', '1/2')
    fireEvent.click(within(inv).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(services.records().find((r) => r.dataType === 'Invoice')?.dataObject).toMatchObject({
        companyName: 'ACME',
        invoiceAddress: place,
      }),
    )
  })
})
