/** An item of Annex 15 of the VAT act: the user says so under More details; over 15 000 zł gross the card says MPP. */
import { ITEM_V3_DEFAULTS } from '@finance/ledger-core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryServices } from '../../../forms/index.ts'
import { renderWith } from '../../../forms/testing.ts'
import { ItemsPage } from './ItemsPage.tsx'

const laptops = (amount: string, annex15: boolean) => ({
  id: 9,
  dataType: 'Expense',
  eventType: 'Fixed expense add/update/delete',
  dataObject: {
    date: '2026-03-10',
    name: 'Laptops',
    amount,
    isCompany: true,
    percent: '23',
    invoiceDate: '2026-03-10',
    ...ITEM_V3_DEFAULTS,
    ...(annex15 ? { annex15: true } : {}),
  },
})

describe('split payment (Annex 15)', () => {
  it('is stated under More details and saved with the item', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services)
    const form = screen.getByRole('form', { name: /Add/ })
    fireEvent.click(within(form).getByLabelText('Company expense'))
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Laptops' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '13000' } })
    fireEvent.click(within(form).getByLabelText(/Annex 15 of the VAT act/))
    fireEvent.click(within(form).getByRole('button', { name: /Add/ }))
    await waitFor(() => expect(services.records()).toHaveLength(1))
    expect(services.records()[0]!.dataObject).toMatchObject({ annex15: true })
  })

  it('marks the card over 15 000 zł gross only, in Polish', async () => {
    await renderWith(
      <ItemsPage dataType="Expense" today="2026-03-15" />,
      memoryServices([laptops('13000.00', true)]),
      'pl',
    )
    expect(await screen.findByText(/Obowiązkowa podzielona płatność \(MPP\)/)).toBeTruthy()
  })

  it('marks an income only when its buyer has a tax number: a consumer is owed no split payment', async () => {
    const sale = (taxId: string) => ({
      ...laptops('13000.00', true),
      dataType: 'Income',
      eventType: 'Fixed income add/update/delete',
      dataObject: {
        ...laptops('13000.00', true).dataObject,
        counterparty: { name: 'Jan Nowak', taxId, country: 'PL', address: 'ul. Długa 1' },
      },
    })
    const { unmount } = await renderWith(
      <ItemsPage dataType="Income" today="2026-03-15" />,
      memoryServices([sale('5260001246')]),
    )
    expect(await screen.findByText(/Split payment \(MPP\) required/)).toBeTruthy()
    unmount()
    await renderWith(<ItemsPage dataType="Income" today="2026-03-15" />, memoryServices([sale('')]))
    await screen.findByText('Laptops')
    expect(screen.queryByText(/Split payment \(MPP\) required/)).toBeNull()
  })

  it('leaves the card unmarked at 12 000 zł net (14 760 zł gross) or without Annex 15', async () => {
    const { unmount } = await renderWith(
      <ItemsPage dataType="Expense" today="2026-03-15" />,
      memoryServices([laptops('12000.00', true)]),
    )
    await screen.findByText('Laptops')
    expect(screen.queryByText(/Split payment \(MPP\) required/)).toBeNull()
    unmount()
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, memoryServices([laptops('13000.00', false)]))
    await screen.findByText('Laptops')
    expect(screen.queryByText(/Split payment \(MPP\) required/)).toBeNull()
  })
})
