/** The tax-book details of an item: collapsed for new items, kept (and shown) when an item that has them is edited. */
import { ITEM_V3_DEFAULTS } from '@finance/ledger-core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryServices } from '../../../forms/index.ts'
import { renderWith } from '../../../forms/testing.ts'
import { ItemsPage } from './ItemsPage.tsx'
import { submitOne } from '../../../test/submit.ts'

const counterparty = { name: 'Cloud GmbH', taxId: 'DE123456789', country: 'DE', address: 'Berlin' }
const hosting = {
  id: 5,
  dataType: 'Expense',
  eventType: 'Fixed expense add/update/delete',
  dataObject: {
    date: '2026-03-10',
    name: 'Hosting',
    amount: '300.00',
    isCompany: true,
    percent: '0',
    invoiceDate: null,
    ...ITEM_V3_DEFAULTS,
    vatTreatment: 'np',
    supplyDate: '2026-03-01',
    documentNumber: 'INV-42',
    description: 'Servers',
    counterparty,
    kpirColumn: 'research',
    ksefMarker: 'OFF',
    procedures: ['IMP'],
  },
}

describe('item details (tax book)', () => {
  it('a company income gets its KPiR column, ryczałt rate, document and counterparty under More details', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Income" today="2026-03-15" />, services)
    const form = screen.getByRole('form', { name: 'Add One Time Income' })
    expect(within(form).queryByText('More details (tax book)')).toBeNull()
    fireEvent.click(within(form).getByLabelText('Company income'))
    const details = within(form).getByText('More details (tax book)').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Training' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '3000' } })
    fireEvent.change(within(details).getByLabelText('Document number'), { target: { value: 'FV 2/2026' } })
    fireEvent.change(within(details).getByLabelText('KPiR column'), { target: { value: 'otherRevenue' } })
    fireEvent.change(within(details).getByLabelText('Ryczałt rate'), { target: { value: '8.5' } })
    fireEvent.change(within(details).getByLabelText('Name or company'), { target: { value: 'ACME' } })
    fireEvent.change(within(details).getByLabelText('Country of the tax id'), { target: { value: 'pl' } })
    expect(await submitOne(form, 'Add One Time Income', services)).toMatchObject({
      documentNumber: 'FV 2/2026',
      kpirColumn: 'otherRevenue',
      flatRate: '8.5',
      counterparty: { name: 'ACME', taxId: '', country: 'PL', address: '' },
    })
  })

  it('an expense offers the cost columns and no ryczałt rate; a country off the official list is an error', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services)
    const form = screen.getByRole('form', { name: 'Add One Time Expense' })
    fireEvent.click(within(form).getByLabelText('Company expense'))
    const column = within(form).getByLabelText('KPiR column') as HTMLSelectElement
    expect([...column.options].map((o) => o.value)).toEqual([
      '',
      'goods',
      'sideCosts',
      'salaries',
      'free',
      'research',
      'notCost',
    ])
    expect(within(form).queryByLabelText('Ryczałt rate')).toBeNull()
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Fuel' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '100' } })
    fireEvent.change(within(form).getByLabelText('Country of the tax id'), { target: { value: 'QQ' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add One Time Expense' }))
    expect(
      await within(form).findByText('Counterparty country must be a two-letter country code from the official list'),
    ).toBeTruthy()
    expect(services.records()).toHaveLength(0)
  })

  it('editing an item keeps every field the form does not show, and opens the details it has', async () => {
    const services = memoryServices([hosting])
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services)
    const card = (await screen.findByRole('heading', { name: 'Hosting' })).closest('section') as HTMLElement
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }))
    const details = within(card).getByText('More details (tax book)').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(true)
    expect(within(card).getByLabelText('KPiR column')).toHaveProperty('value', 'research')
    fireEvent.change(within(card).getByLabelText('Net amount *'), { target: { value: '320' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(services.records()[0]?.dataObject.amount).toBe('320.00'))
    const { amount: _a, ...kept } = hosting.dataObject
    expect(services.records()[0]!.dataObject).toMatchObject(kept)
  })

  it('a sale carries its VAT treatment, KSeF marker, document type, GTU codes and procedures for JPK_V7', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Income" today="2026-03-15" />, services)
    const form = screen.getByRole('form', { name: 'Add One Time Income' })
    fireEvent.click(within(form).getByLabelText('Company income'))
    expect(within(form).getByLabelText(/VAT percent/)).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Training' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '800' } })
    fireEvent.change(within(form).getByLabelText('VAT treatment'), { target: { value: 'zw' } })
    // Exempt: the percent is not asked for.
    expect(within(form).queryByLabelText(/VAT percent/)).toBeNull()
    fireEvent.change(within(form).getByLabelText('JPK_V7 marker (OFF, BFK, DI)'), { target: { value: 'BFK' } })
    fireEvent.change(within(form).getByLabelText('JPK_V7 document type'), { target: { value: 'FP' } })
    fireEvent.click(within(form).getByLabelText('GTU_12'))
    fireEvent.click(within(form).getByLabelText('TP'))
    expect(await submitOne(form, 'Add One Time Income', services)).toMatchObject({
      vatTreatment: 'zw',
      ksefMarker: 'BFK',
      documentType: 'FP',
      gtu: ['GTU_12'],
      procedures: ['TP'],
    })
  })
})
