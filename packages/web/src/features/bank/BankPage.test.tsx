/**
 * The queue's "make an income / expense" of a line: named for what it makes, it opens the item form prefilled from
 * the line (the amount is the gross: the net at the VAT rate in force for a VAT payer, no VAT otherwise) and books
 * nothing until the user saves; saving makes the item and matches the line to it. The receivables and payables say
 * overdue only past a payment term.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient } from '../../api/client.ts'
import { memoryServices, type RecordDto } from '../../forms/index.ts'
import { renderWith } from '../../forms/testing.ts'
import { type BankApi, createBankApi } from './api.ts'
import { BankPage } from './BankPage.tsx'
import { itemOfLine, itemToSave } from './ItemFromLine.tsx'
import type { BankData, BankLine, OpenItem } from './types.ts'

const bankLine = (over: Partial<BankLine>): BankLine => ({
  lineId: '0123456789abcdef',
  accountId: 1,
  bookingDate: '2026-03-03',
  amount: '2460.00',
  title: 'FV 4/2026',
  counterpartyName: 'JAN KOWALSKI ŻABKA',
  counterpartyAccount: null,
  status: 'unmatched',
  match: null,
  transactions: {},
  ...over,
})

const income = bankLine({})
const fuel = bankLine({
  lineId: 'fedcba9876543210',
  amount: '-45.00',
  title: 'STACJA PALIW ORLEN KRAKÓW',
  counterpartyName: null,
})

const open = (over: Partial<OpenItem>): OpenItem => ({
  id: 'i3-2026-02',
  kind: 'payable',
  name: 'Hosting',
  documentNumber: 'FZ/9',
  counterparty: '',
  date: '2026-02-05',
  sum: '123.00',
  paid: '0.00',
  remaining: '123.00',
  paidOn: null,
  dueDate: null,
  state: 'unpaid',
  daysOverdue: 0,
  ...over,
})

const data = (queue: readonly BankLine[]): BankData => ({
  overview: { accounts: [], statements: [], gaps: [], zusAccount: null, unmatched: queue.length, rules: [] },
  queue: queue.map((line) => ({ line, suggestions: [], transactions: {} })),
  lines: [],
  openItems: [
    open({}),
    open({
      id: 'i4-2026-01',
      name: 'Licence',
      documentNumber: 'FZ/1',
      dueDate: '2026-01-20',
      state: 'overdue',
      daysOverdue: 42,
    }),
  ],
})

const vat = (percent: string): RecordDto => ({
  id: 1,
  dataType: 'Vat',
  eventType: 'VAT',
  dataObject: { date: '2026-01-01', percent, paymentInterval: 1 },
})

const setUp = async (settings: RecordDto[], locale: 'pl' | 'en' = 'en') => {
  let queue: readonly BankLine[] = [income, fuel]
  const createItem = vi.fn(async (lineId: string, item: Record<string, unknown>): Promise<RecordDto> => {
    queue = queue.filter((l) => l.lineId !== lineId)
    return { id: 9, dataType: 'Income', eventType: '', dataObject: item, version: 1 }
  })
  const effects: BankApi = {
    ...createBankApi(),
    load: vi.fn(async () => data(queue)),
    importFile: vi.fn(),
    act: vi.fn(async () => {}),
    createItem,
  }
  await renderWith(<BankPage effects={effects} />, memoryServices(settings), locale)
  await screen.findByText(locale === 'en' ? 'To match (2)' : 'Do dopasowania (2)')
  return { effects, createItem }
}

describe('making an income or an expense of a line', () => {
  it('names the button for what it makes, in Polish and English', async () => {
    await setUp([vat('23')], 'pl')
    expect(screen.getByRole('button', { name: 'Utwórz przychód z operacji FV 4/2026' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Utwórz wydatek z operacji STACJA PALIW ORLEN KRAKÓW' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Utwórz wydatek z operacji FV 4\/2026/ })).toBeNull()
  })

  it('opens the income form prefilled, books nothing until saved, then makes the item and matches the line', async () => {
    const { effects, createItem } = await setUp([vat('23')])
    const button = screen.getByRole('button', { name: 'Make an income of FV 4/2026' })
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const form = await screen.findByRole('form', { name: 'Income from the line' })
    // The keyboard is in the form.
    await waitFor(() => expect(form.contains(document.activeElement)).toBe(true))
    expect(within(form).getByLabelText('Date *')).toHaveProperty('value', '2026-03-03')
    expect(within(form).getByLabelText('Name *')).toHaveProperty('value', 'FV 4/2026')
    // 2 460,00 gross at the 23 % in force: 2 000,00 net.
    expect((within(form).getByLabelText('Net amount *') as HTMLInputElement).value).toMatch(/^2,?000\.00$/)
    expect(within(form).getByLabelText(/VAT percent/)).toHaveProperty('value', '23')
    expect(within(form).getByLabelText('Name or company')).toHaveProperty('value', 'JAN KOWALSKI ŻABKA')
    expect(createItem).not.toHaveBeenCalled()
    expect(effects.act).not.toHaveBeenCalled()
    fireEvent.click(within(form).getByRole('button', { name: 'Save the income and match the line' }))
    await waitFor(() => expect(createItem).toHaveBeenCalledTimes(1))
    expect(createItem.mock.calls[0]![0]).toBe(income.lineId)
    expect(createItem.mock.calls[0]![1]).toMatchObject({
      date: '2026-03-03',
      name: 'FV 4/2026',
      amount: '2000.00',
      percent: '23',
      isCompany: true,
      invoiceDate: '2026-03-03',
      documentVat: null,
      counterparty: { name: 'JAN KOWALSKI ŻABKA' },
    })
    // The line is matched: the queue is read again and the form is gone.
    await screen.findByText('To match (1)')
    expect(screen.queryByRole('form', { name: 'Income from the line' })).toBeNull()
    expect(await screen.findByText('Income added')).toBeTruthy()
  })

  it('without a VAT setting (not a VAT payer) the amount is the gross, without VAT', async () => {
    const { createItem } = await setUp([])
    fireEvent.click(screen.getByRole('button', { name: 'Make an expense of STACJA PALIW ORLEN KRAKÓW' }))
    const form = await screen.findByRole('form', { name: 'Expense from the line' })
    expect((within(form).getByLabelText('Net amount *') as HTMLInputElement).value).toBe('45.00')
    expect(within(form).getByLabelText(/VAT percent/)).toHaveProperty('value', '0')
    fireEvent.click(within(form).getByRole('button', { name: 'Save the expense and match the line' }))
    await waitFor(() => expect(createItem).toHaveBeenCalledTimes(1))
    expect(createItem.mock.calls[0]![1]).toMatchObject({
      amount: '45.00',
      percent: '0',
      name: 'STACJA PALIW ORLEN KRAKÓW',
    })
  })

  it('saves an expense whose net and rate the user changed: the stated VAT of the prefill goes with them', async () => {
    // A −45,00 line prefilled as 36,59 net at 23 % (8,41 VAT stated, a grosz off the rule), saved as 45,00 at 0 %.
    const { createItem } = await setUp([vat('23')])
    fireEvent.click(screen.getByRole('button', { name: 'Make an expense of STACJA PALIW ORLEN KRAKÓW' }))
    const form = await screen.findByRole('form', { name: 'Expense from the line' })
    expect((within(form).getByLabelText('Net amount *') as HTMLInputElement).value).toBe('36.59')
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '45.00' } })
    fireEvent.change(within(form).getByLabelText(/VAT percent/), { target: { value: '0' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save the expense and match the line' }))
    await waitFor(() => expect(createItem).toHaveBeenCalledTimes(1))
    expect(createItem.mock.calls[0]![1]).toMatchObject({ amount: '45.00', percent: '0', documentVat: null })
  })

  it('keeps the stated VAT of the prefill when saved unchanged', async () => {
    const { createItem } = await setUp([vat('23')])
    fireEvent.click(screen.getByRole('button', { name: 'Make an expense of STACJA PALIW ORLEN KRAKÓW' }))
    const form = await screen.findByRole('form', { name: 'Expense from the line' })
    // No stated VAT on the form: it follows the prefilled net and rate.
    expect(within(form).queryByLabelText('VAT on the document')).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: 'Save the expense and match the line' }))
    await waitFor(() => expect(createItem).toHaveBeenCalledTimes(1))
    expect(createItem.mock.calls[0]![1]).toMatchObject({ amount: '36.59', percent: '23', documentVat: '8.41' })
  })

  it('says before saving that the item’s gross differs from the line’s, in Polish and English', async () => {
    await setUp([vat('23')])
    fireEvent.click(screen.getByRole('button', { name: 'Make an expense of STACJA PALIW ORLEN KRAKÓW' }))
    const form = await screen.findByRole('form', { name: 'Expense from the line' })
    expect(within(form).queryByText(/differs from the line/)).toBeNull()
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '100.00' } })
    expect(within(form).getByText(/differs from the line/).textContent).toMatch(
      /^The item's gross PLN\s123\.00 differs from the line's PLN\s45\.00\./,
    )
    fireEvent.change(within(form).getByLabelText(/VAT percent/), { target: { value: '0' } })
    fireEvent.change(within(form).getByLabelText('Net amount *'), { target: { value: '45.00' } })
    expect(within(form).queryByText(/differs from the line/)).toBeNull()
  })

  it('says the difference in Polish', async () => {
    await setUp([vat('23')], 'pl')
    fireEvent.click(screen.getByRole('button', { name: 'Utwórz wydatek z operacji STACJA PALIW ORLEN KRAKÓW' }))
    const form = await screen.findByRole('form', { name: 'Wydatek z operacji' })
    fireEvent.change(within(form).getByLabelText('Kwota netto *'), { target: { value: '100,00' } })
    expect(within(form).getByText(/różni się od kwoty operacji/).textContent).toMatch(
      /^Kwota brutto pozycji 123,00\szł różni się od kwoty operacji 45,00\szł\./,
    )
  })

  it('Escape or Cancel closes the form and writes nothing', async () => {
    const { createItem } = await setUp([vat('23')])
    fireEvent.click(screen.getByRole('button', { name: 'Make an income of FV 4/2026' }))
    const form = await screen.findByRole('form', { name: 'Income from the line' })
    fireEvent.keyDown(within(form).getByLabelText('Name *'), { key: 'Escape' })
    expect(screen.queryByRole('form', { name: 'Income from the line' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Make an income of FV 4/2026' }))
    fireEvent.click(within(await screen.findByRole('form')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form', { name: 'Income from the line' })).toBeNull()
    expect(createItem).not.toHaveBeenCalled()
  })

  it('shows the server’s refusal beside the field the form names', async () => {
    const client = {
      post: async () => {
        throw new ApiError({
          status: 400,
          statusText: 'Bad Request',
          errors: ['Amount must not be negative'],
          fieldErrors: { 'item.amount': 'Amount must not be negative' },
        })
      },
    } as unknown as ApiClient
    const refused = await createBankApi(client)
      .createItem('0123456789abcdef', {})
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).fieldErrors).toEqual({ amount: 'Amount must not be negative' })
  })
})

describe('the prefill of a line', () => {
  it('splits the gross at the rate in force on the line’s day, stating the VAT a grosz off the rule', () => {
    const settings = [vat('8'), { ...vat('23'), dataObject: { date: '2026-03-01', percent: '23', paymentInterval: 1 } }]
    expect(itemOfLine(income, settings, 'Bank fee').split).toEqual({
      amount: '2000.00',
      percent: '23',
      documentVat: null,
    })
    expect(itemOfLine({ ...income, bookingDate: '2026-02-27' }, settings, 'x').split.percent).toBe('8')
    const cent = itemOfLine({ ...income, amount: '-1.04' }, settings, 'x')
    expect(cent.split).toEqual({ amount: '0.85', percent: '23', documentVat: '0.19' })
    // The stated VAT goes only while the user keeps the net and the rate.
    expect(itemToSave({ ...cent.draft }, cent.split).documentVat).toBe('0.19')
    expect(itemToSave({ ...cent.draft, amount: '0.90' }, cent.split).documentVat).toBeNull()
  })

  it('an exempt setting keeps the gross and says so; a line without a title takes the fallback name', () => {
    const exempt = itemOfLine({ ...fuel, title: '—' }, [vat('zw')], 'Bank fee')
    expect(exempt.draft).toMatchObject({ name: 'Bank fee', amount: '45.00', percent: '0', vatTreatment: 'zw' })
  })
})

describe('recent lines', () => {
  const paidInPart = bankLine({
    lineId: 'aaaaaaaaaaaaaaaa',
    bookingDate: '2026-10-30',
    amount: '1230.00',
    title: 'Zapłata za fakturę 11/10/2026',
    counterpartyName: 'NOWAK CONSULTING',
    status: 'matched',
    match: {
      allocations: [{ kind: 'transaction', id: 'i7-2026-10', amount: '1230.00' }],
      reason: 'bank.reason.invoiceNumber',
      confidence: 90,
      source: 'auto',
    },
    transactions: { 'i7-2026-10': { name: 'Audyt – Nowak', date: '2026-10-16', amount: '2460.00' } },
  })
  const paidInFull = bankLine({
    lineId: 'bbbbbbbbbbbbbbbb',
    bookingDate: '2026-10-31',
    amount: '-123.00',
    title: 'Faktura internet 10/2026',
    status: 'matched',
    match: {
      allocations: [{ kind: 'transaction', id: 'i8-2026-10', amount: '123.00' }],
      reason: 'bank.reason.user',
      confidence: 100,
      source: 'user',
    },
    transactions: { 'i8-2026-10': { name: 'Internet', date: '2026-10-13', amount: '123.00' } },
  })
  const render = async (locale: 'pl' | 'en') => {
    const effects: BankApi = {
      ...createBankApi(),
      load: vi.fn(async () => ({ ...data([]), lines: [paidInPart, paidInFull] })),
      importFile: vi.fn(),
      act: vi.fn(async () => {}),
      createItem: vi.fn(),
    }
    await renderWith(<BankPage effects={effects} />, memoryServices([]), locale)
    const title = await screen.findByText(locale === 'en' ? 'Recent lines' : 'Ostatnie operacje')
    return title.closest('section') as HTMLElement
  }

  it('show the part a line paid of an item, with the item’s total where they differ, in English', async () => {
    const section = await render('en')
    const text = (section.textContent ?? '').replace(/\s/g, ' ')
    expect(text).toContain('Audyt – Nowak, 16 Oct 2026, PLN 1,230.00 of PLN 2,460.00')
    expect(text).toContain('Internet, 13 Oct 2026, PLN 123.00 —')
  })

  it('and in Polish', async () => {
    const section = await render('pl')
    const text = (section.textContent ?? '').replace(/\s/g, ' ')
    expect(text).toContain('Audyt – Nowak, 16 paź 2026, 1230,00 zł z 2460,00 zł')
    expect(text).not.toContain('Internet, 13 paź 2026, 123,00 zł z')
  })
})

describe('receivables and payables', () => {
  it('say overdue only past a payment term; without one the item is open', async () => {
    await setUp([])
    const table = screen.getByText('Receivables and payables').closest('section') as HTMLElement
    const rows = within(table).getAllByRole('row')
    expect(rows[1]!.textContent).toContain('not paid yet')
    expect(rows[1]!.textContent).not.toContain('overdue')
    expect(rows[2]!.textContent).toContain('overdue 42 days')
    expect(rows[2]!.textContent).toContain('20 Jan 2026')
  })

  // FV/2026/11/1 of 3 000,00 net at 23 % and 500,00 at 8 %, as GET /api/bank/open-items answers it: one row.
  const invoice = open({
    id: 'i7-2026-11',
    kind: 'receivable',
    name: 'Programowanie (+1)',
    documentNumber: 'FV/2026/11/1',
    counterparty: 'Klient sp. z o.o.',
    date: '2026-11-05',
    sum: '4230.00',
    paid: '4000.00',
    remaining: '230.00',
    paidOn: '2026-11-20',
    dueDate: '2026-11-19',
    state: 'overdue',
    daysOverdue: 11,
    parts: [
      { id: 'i7-2026-11', itemId: 7, sum: '3690.00', paid: '3690.00', remaining: '0.00' },
      { id: 'i8-2026-11', itemId: 8, sum: '540.00', paid: '310.00', remaining: '230.00' },
    ],
  })
  const invoiceRow = async (locale: 'pl' | 'en') => {
    const effects: BankApi = {
      ...createBankApi(),
      load: vi.fn(async () => ({ ...data([]), openItems: [invoice] })),
      importFile: vi.fn(),
      act: vi.fn(async () => {}),
    }
    await renderWith(<BankPage effects={effects} />, memoryServices([]), locale)
    const title = await screen.findByText(locale === 'en' ? 'Receivables and payables' : 'Należności i zobowiązania')
    const rows = within(title.closest('section') as HTMLElement).getAllByRole('row')
    expect(rows).toHaveLength(2)
    return (rows[1]!.textContent ?? '').replace(/\s/g, ' ')
  }

  it('show an invoice of several VAT rates as one row: issue date, term, its totals, overdue, in English', async () => {
    const text = await invoiceRow('en')
    for (const part of [
      'receivable: FV/2026/11/1',
      'Klient sp. z o.o.',
      '(VAT rates: 2)',
      '5 Nov 2026',
      '19 Nov 2026',
      'PLN 4,230.00',
      'PLN 4,000.00',
      'PLN 230.00',
      'overdue 11 days',
    ])
      expect(text).toContain(part)
  })

  it('and in Polish', async () => {
    const text = await invoiceRow('pl')
    for (const part of [
      'FV/2026/11/1',
      'Klient sp. z o.o.',
      '(stawki VAT: 2)',
      '5 lis 2026',
      '19 lis 2026',
      '4230,00 zł',
      '4000,00 zł',
      '230,00 zł',
      'zaległe od 11 dni',
    ])
      expect(text).toContain(part)
  })
})
