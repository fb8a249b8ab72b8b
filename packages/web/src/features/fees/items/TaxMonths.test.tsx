/**
 * The dates a company item asks for and the tax months it shows before saving: the invoice date starts as (and
 * follows) the item's date — never "one month before, on the 28th" — and the form says where each tax counts it.
 */
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { memoryServices } from '../../../forms/index.ts'
import { renderWith } from '../../../forms/testing.ts'
import { ItemsPage } from './ItemsPage.tsx'
import { submitOne } from '../../../test/submit.ts'

const value = (el: HTMLElement) => (el as HTMLInputElement).value

describe('the dates of a company item and its tax months', () => {
  it('an expense dated 20 November is November’s for every tax; its invoice date follows the date', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Expense" today="2026-11-20" />, services)
    const form = screen.getByRole('form', { name: 'Add One Time Expense' })
    fireEvent.click(within(form).getByLabelText('Company expense'))
    expect(value(within(form).getByLabelText('Invoice Date'))).toBe('2026-11-20')
    expect(within(form).getByTestId('tax-months').textContent).toBe(
      'VAT: counted in November 2026. PIT or ryczałt and the tax book: November 2026.',
    )
    fireEvent.change(within(form).getByLabelText('Date *'), { target: { value: '2026-12-03' } })
    expect(value(within(form).getByLabelText('Invoice Date'))).toBe('2026-12-03')
    // An invoice date the user types stays when the date changes again.
    fireEvent.change(within(form).getByLabelText('Invoice Date'), { target: { value: '2026-12-01' } })
    fireEvent.change(within(form).getByLabelText('Date *'), { target: { value: '2026-12-15' } })
    expect(value(within(form).getByLabelText('Invoice Date'))).toBe('2026-12-01')
  })

  it('a service performed on 30 October and invoiced in November says October for VAT and PIT before saving', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Income" today="2026-11-02" />, services)
    const form = screen.getByRole('form', { name: 'Add One Time Income' })
    fireEvent.click(within(form).getByLabelText('Company income'))
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Audit' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '3000' } })
    fireEvent.change(within(form).getByLabelText('Day of supply (if another day)'), {
      target: { value: '2026-10-30' },
    })
    const months = within(form).getByTestId('tax-months')
    expect(months.textContent).toContain('VAT: counted in October 2026. PIT or ryczałt and the tax book: October 2026.')
    expect(months.textContent).toContain('not the month of the date above')
    expect(await submitOne(form, 'Add One Time Income', services)).toMatchObject({
      date: '2026-11-02',
      invoiceDate: '2026-11-02',
      supplyDate: '2026-10-30',
    })
  })

  it('a service taxed on the invoice date says so: VAT in the invoice’s month, PIT on the earlier supply', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Income" today="2026-11-05" />, services)
    const form = screen.getByRole('form', { name: 'Add One Time Income' })
    fireEvent.click(within(form).getByLabelText('Company income'))
    fireEvent.change(within(form).getByLabelText('Day of supply (if another day)'), {
      target: { value: '2026-10-31' },
    })
    fireEvent.change(within(form).getByLabelText('When VAT arises'), { target: { value: 'invoice' } })
    expect(within(form).getByTestId('tax-months').textContent).toContain(
      'VAT: counted in November 2026. PIT or ryczałt and the tax book: October 2026.',
    )
  })

  it('a purchase received in KSeF in the next month says that month for VAT, the invoice’s for the tax book', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Expense" today="2026-10-30" />, services)
    const form = screen.getByRole('form', { name: 'Add One Time Expense' })
    fireEvent.click(within(form).getByLabelText('Company expense'))
    const months = () => within(form).getByTestId('tax-months').textContent
    expect(months()).toContain('VAT: counted in October 2026. PIT or ryczałt and the tax book: October 2026.')
    // Half typed, the number says nothing yet; whole, its date is the day of receipt (uVAT art. 106na ust. 3).
    fireEvent.change(within(form).getByLabelText('KSeF number'), { target: { value: '5260001246-2026110' } })
    expect(months()).toContain('VAT: counted in October 2026.')
    fireEvent.change(within(form).getByLabelText('KSeF number'), {
      target: { value: '5260001246-20261102-a1b2c3-d4e5f6-7a' },
    })
    expect(months()).toContain('VAT: counted in November 2026. PIT or ryczałt and the tax book: October 2026.')
  })
})
