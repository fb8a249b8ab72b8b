import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { ITEM_DEFAULTS } from '@finance/ledger-core'
import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../../../api/client.ts'
import { apiServices, memoryServices } from '../../../forms/index.ts'
import { renderWith } from '../../../forms/testing.ts'
import { ItemsPage } from './ItemsPage.tsx'

const vat = {
  id: 1,
  dataType: 'Vat',
  eventType: 'VAT',
  dataObject: { date: '2026-01-01', percent: '8', paymentInterval: 1 },
}
const rent = {
  id: 2,
  dataType: 'Expense',
  eventType: 'Fixed expense add/update/delete',
  dataObject: {
    date: '2026-03-10',
    name: 'Rent',
    amount: '1000.00',
    isCompany: false,
    percent: '0',
    invoiceDate: null,
  },
}

const addForm = (name: string) => screen.getByRole('form', { name })

describe('items pages', () => {
  it('shows an item’s dates as every date of the app reads, in both languages', async () => {
    const company = {
      ...rent,
      dataObject: { ...rent.dataObject, isCompany: true, percent: '23', invoiceDate: '2026-03-12' },
    }
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, memoryServices([vat, company]))
    const card = (await screen.findByRole('heading', { name: 'Rent' })).closest('section') as HTMLElement
    expect(within(card).getByText('Date').nextSibling?.textContent).toBe('10 Mar 2026')
    expect(within(card).getByText('Invoice Date').nextSibling?.textContent).toBe('12 Mar 2026')
    expect(card.textContent).not.toMatch(/2026-03-1/)
  })

  it('adds a recurring company income: the checkbox applies the loaded VAT percent and the invoice date', async () => {
    const services = memoryServices([vat])
    await renderWith(<ItemsPage dataType="RecurringIncome" today="2026-03-15" />, services)
    const form = addForm('Add Recuring Income')
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Consulting' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '1,234.50' } })
    fireEvent.change(within(form).getByLabelText('Repetitions *'), { target: { value: '12' } })
    await waitFor(() => expect(services.records()).toHaveLength(1)) // VAT loaded
    fireEvent.click(within(form).getByLabelText('Company income'))
    await waitFor(() => expect(within(form).getByLabelText(/VAT percent/)).toHaveProperty('value', '8'))
    // The invoice date starts as the item's own date (never a month before, on the 28th: docs/decisions.md).
    expect(within(form).getByLabelText('Invoice Date')).toHaveProperty('value', '2026-03-15')
    fireEvent.click(within(form).getByRole('button', { name: 'Add Recuring Income' }))
    expect(await screen.findByRole('heading', { name: 'Consulting' })).toBeTruthy()
    const saved = services.records().find((r) => r.dataType === 'RecurringIncome')
    expect(saved?.dataObject).toEqual({
      date: '2026-03-15',
      name: 'Consulting',
      amount: '1234.50',
      isCompany: true,
      percent: '8',
      invoiceDate: '2026-03-15',
      ...ITEM_DEFAULTS,
      repetitions: 12,
    })
    expect(screen.getByText('Income added')).toBeTruthy()
    // the form is cleared for the next item
    expect(within(form).getByLabelText('Name *')).toHaveProperty('value', '')
  })

  it('pre-fills the VAT percent in force on the item’s date, not today’s', async () => {
    const older = { ...vat, id: 7, dataObject: { date: '2025-01-01', percent: '8', paymentInterval: 1 } }
    const newer = { ...vat, id: 8, dataObject: { date: '2026-06-01', percent: '23', paymentInterval: 1 } }
    const services = memoryServices([older, newer])
    await renderWith(<ItemsPage dataType="Expense" today="2026-07-15" />, services)
    const form = addForm('Add One Time Expense')
    await waitFor(() => expect(within(form).getByLabelText('Company expense')).toBeTruthy())
    // An item dated before the 23 % setting: the 8 % in force then.
    fireEvent.change(within(form).getByLabelText('Date *'), { target: { value: '2026-03-10' } })
    await new Promise((r) => setTimeout(r, 50))
    fireEvent.click(within(form).getByLabelText('Company expense'))
    await waitFor(() => expect(within(form).getByLabelText(/VAT percent/)).toHaveProperty('value', '8'))
    // Unticked and dated after it: 23 %.
    fireEvent.click(within(form).getByLabelText('Company expense'))
    fireEvent.change(within(form).getByLabelText('Date *'), { target: { value: '2026-07-01' } })
    fireEvent.click(within(form).getByLabelText('Company expense'))
    await waitFor(() => expect(within(form).getByLabelText(/VAT percent/)).toHaveProperty('value', '23'))
  })

  it('unticking the company checkbox hides VAT percent and invoice date and resets them', async () => {
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, memoryServices([]))
    const form = addForm('Add One Time Expense')
    fireEvent.click(within(form).getByLabelText('Company expense'))
    expect(within(form).getByLabelText(/VAT percent/)).toHaveProperty('value', '23')
    fireEvent.click(within(form).getByLabelText('Company expense'))
    expect(within(form).queryByLabelText(/VAT percent/)).toBeNull()
    expect(within(form).queryByLabelText('Invoice Date')).toBeNull()
  })

  it('shows required-field messages and saves nothing', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="RecurringExpense" today="2026-03-15" />, services)
    const form = addForm('Add Recuring Expense')
    fireEvent.click(within(form).getByRole('button', { name: 'Add Recuring Expense' }))
    expect(await within(form).findByText('Name is required')).toBeTruthy()
    expect(within(form).getByText('Net amount is required')).toBeTruthy()
    expect(within(form).getByText('Repetitions is required')).toBeTruthy()
    expect(services.records()).toHaveLength(0)
  })

  it('edits an item and deletes one only after Yes in the dialog', async () => {
    const services = memoryServices([rent])
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services)
    const card = (await screen.findByRole('heading', { name: 'Rent' })).closest('section') as HTMLElement
    expect(within(card).getAllByText('PLN 1,000.00')).toHaveLength(2) // amount and sum
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }))
    fireEvent.change(within(card).getByLabelText('Net amount *'), { target: { value: '1100' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(within(card).getAllByText('PLN 1,100.00').length).toBeGreaterThan(0))
    expect(services.records()[0]?.dataObject.amount).toBe('1100.00')

    fireEvent.click(within(card).getByRole('button', { name: 'Delete Rent' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByText('This item will be deleted. Do you confirm?')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(services.records()).toHaveLength(1)
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Rent' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }))
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Rent' })).toBeNull())
    expect(services.records()).toHaveLength(0)
  })

  it('shows the VAT a document states beside its field: a net changed far from it is refused there, and it can be cleared', async () => {
    const invoice = {
      ...rent,
      dataObject: { ...rent.dataObject, isCompany: true, percent: '23', documentVat: '230.01' },
    }
    const services = memoryServices([vat, invoice])
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services)
    const card = (await screen.findByRole('heading', { name: 'Rent' })).closest('section') as HTMLElement
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }))
    fireEvent.change(within(card).getByLabelText('Net amount *'), { target: { value: '2000' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    expect(await within(card).findByText('VAT on the document must be within 1.00 of amount × percent')).toBeTruthy()
    const stated = within(card).getByLabelText('VAT on the document')
    expect(services.records().find((r) => r.id === 2)?.dataObject.amount).toBe('1000.00')
    fireEvent.change(stated, { target: { value: '' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(services.records().find((r) => r.id === 2)?.dataObject.amount).toBe('2000.00'))
  })

  it('shows the 500 message when saving fails on the server', async () => {
    const services = memoryServices([], { saveError: { status: 500, statusText: 'Internal Server Error', errors: [] } })
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services)
    const form = addForm('Add One Time Expense')
    fireEvent.change(within(form).getByLabelText('Name *'), { target: { value: 'Desk' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '300' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Add One Time Expense' }))
    expect(
      (await within(form).findAllByText('Internal server error, validate your form data.')).length,
    ).toBeGreaterThan(0)
  })

  it('reads and shows amounts in Polish format and sends a decimal string', async () => {
    const services = memoryServices([])
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services, 'pl')
    const form = addForm('Dodaj wydatek jednorazowy')
    fireEvent.change(within(form).getByLabelText('Nazwa *'), { target: { value: 'Biurko' } })
    fireEvent.change(within(form).getByLabelText('Kwota netto *'), { target: { value: '12 345,5' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Dodaj wydatek jednorazowy' }))
    const card = (await screen.findByRole('heading', { name: 'Biurko' })).closest('section') as HTMLElement
    expect(services.records()[0]?.dataObject.amount).toBe('12345.50')
    // amount and sum, grouped with a non-breaking space (the matcher normalises it to a space)
    const shown = within(card).getAllByText('12 345,50 zł')
    expect(shown).toHaveLength(2)
    expect(shown[0]?.textContent).toBe('12\u00a0345,50\u00a0zł')
  })

  for (const [locale, texts] of [
    [
      'en',
      {
        edit: 'Edit',
        amount: 'Net amount *',
        save: 'Save',
        cancel: 'Cancel',
        reload: 'Reload',
        stale: 'This record was changed elsewhere. Reload it to see the latest version.',
      },
    ],
    [
      'pl',
      {
        edit: 'Edytuj',
        amount: 'Kwota netto *',
        save: 'Zapisz',
        cancel: 'Anuluj',
        reload: 'Wczytaj ponownie',
        stale: 'Ten wpis został zmieniony w innym miejscu. Wczytaj go ponownie, aby zobaczyć najnowszą wersję.',
      },
    ],
  ] as const)
    it(`(${locale}) an item changed elsewhere: the save says so, keeps what was typed, and Reload takes the latest`, async () => {
      const services = memoryServices([{ ...rent, version: 1 }])
      await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, services, locale)
      const card = (await screen.findByRole('heading', { name: 'Rent' })).closest('section') as HTMLElement
      fireEvent.click(within(card).getByRole('button', { name: texts.edit }))
      fireEvent.change(within(card).getByLabelText(texts.amount), { target: { value: '1100' } })
      // Another client saves the same record meanwhile.
      await services.save('Expense', { id: 2, version: 1, dataObject: { ...rent.dataObject, amount: '1200.00' } })
      fireEvent.click(within(card).getByRole('button', { name: texts.save }))
      expect((await within(card).findAllByText(texts.stale)).length).toBeGreaterThan(0)
      expect(within(card).getByLabelText(texts.amount)).toHaveProperty('value', locale === 'en' ? '1100' : '1100')
      expect(services.records()[0]?.dataObject.amount).toBe('1200.00')
      // Reload: the typed amount stays; saving now applies it to the latest version.
      fireEvent.click(within(card).getByRole('button', { name: texts.reload }))
      await waitFor(() => expect(within(card).queryByRole('button', { name: texts.reload })).toBeNull())
      expect(within(card).getByLabelText(texts.amount)).toHaveProperty('value', '1100')
      fireEvent.click(within(card).getByRole('button', { name: texts.save }))
      await waitFor(() => expect(services.records()[0]?.dataObject.amount).toBe('1100.00'))
      expect(services.records()[0]?.version).toBe(3)
    })

  it('says which stored item an older version left outside the bounds, and why', async () => {
    const far = {
      ...rent,
      id: 3,
      dataObject: { ...rent.dataObject, name: 'Far', invoiceDate: '9999-12-31' },
      problems: [
        {
          field: 'invoiceDate',
          code: 'INVALID_DATE',
          message: 'Invoice date must be between 2000-01-01 and 2099-12-31',
        },
      ],
    }
    await renderWith(<ItemsPage dataType="Expense" today="2026-03-15" />, memoryServices([rent, far]), 'pl')
    const card = (await screen.findByRole('heading', { name: 'Far' })).closest('section') as HTMLElement
    const note = within(card).getByRole('note')
    expect(note.textContent).toContain('Data faktury: musi być datą od 2000-01-01 do 2099-12-31')
    const fine = (await screen.findByRole('heading', { name: 'Rent' })).closest('section') as HTMLElement
    expect(within(fine).queryByRole('note')).toBeNull()
  })
})

describe('a save while the server cannot be reached', () => {
  it('says so with the connection message, not "Unknown error", and keeps what was typed', async () => {
    // The real client over a fetch that rejects, as a browser's does when the server is down (status 0).
    const down = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      readCookie: () => 'csrf',
    })
    const services = { ...memoryServices([vat]), save: apiServices(down).save }
    await renderWith(<ItemsPage dataType="Income" today="2026-05-12" />, services, 'pl')
    const form = addForm('Dodaj przychód jednorazowy')
    fireEvent.change(within(form).getByLabelText('Nazwa *'), { target: { value: 'Usługa maj' } })
    fireEvent.change(within(form).getByLabelText('Kwota netto *'), { target: { value: '3000' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Dodaj przychód jednorazowy' }))
    const connection = 'Nie udało się połączyć z serwerem. Spróbuj ponownie za chwilę.'
    // In the form and in the popup.
    await waitFor(() => expect(screen.getAllByText(connection).length).toBeGreaterThanOrEqual(2))
    expect(screen.queryByText(/Nieznany błąd/)).toBeNull()
    expect(within(form).getByLabelText('Nazwa *')).toHaveProperty('value', 'Usługa maj')
  })
})

describe('the złoty preview of an item in a currency', () => {
  it('is not asked for before the amount in the currency is typed (the books would refuse it: 400)', async () => {
    const memory = memoryServices([vat])
    const asked: Record<string, unknown>[] = []
    const previewCurrency = vi.fn((dataType: Parameters<typeof memory.save>[0], data: Record<string, unknown>) => {
      asked.push(data)
      return memory.previewCurrency!(dataType, data)
    })
    await renderWith(<ItemsPage dataType="Income" today="2026-05-12" />, { ...memory, previewCurrency }, 'pl')
    const form = addForm('Dodaj przychód jednorazowy')
    fireEvent.change(within(form).getByLabelText('Waluta'), { target: { value: 'EUR' } })
    // Longer than the preview's wait after a change.
    await new Promise((r) => setTimeout(r, 600))
    expect(previewCurrency).not.toHaveBeenCalled()
    fireEvent.change(within(form).getByLabelText('Kwota netto w EUR *'), { target: { value: '1000' } })
    await waitFor(() => expect(previewCurrency).toHaveBeenCalled())
    expect(asked.at(-1)?.currency).toMatchObject({ code: 'EUR', amount: '1000' })
  })
})

describe('adding one item after another', () => {
  it('keeps the focus in the form once an item is added with Enter: on its first field, ready for the next', async () => {
    const services = memoryServices([vat])
    await renderWith(<ItemsPage dataType="Income" today="2026-05-12" />, services)
    const form = addForm('Add One Time Income')
    const name = within(form).getByLabelText('Name *')
    fireEvent.change(name, { target: { value: 'Usługa maj' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '3000' } })
    name.focus()
    // Enter in a field submits its form.
    fireEvent.submit(form)
    expect(await screen.findByRole('heading', { name: 'Usługa maj' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('Date *')))
    expect(within(form).getByLabelText('Name *')).toHaveProperty('value', '')
  })
})
