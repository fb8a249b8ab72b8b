/**
 * Splitting a line: parts chosen among the open invoices (named with their dates) and the suggested transactions
 * (named as the books show them, never by id), what is left shown, saved only when they add up.
 */
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18nFor, withProviders } from '../dashboard/testing.tsx'
import { SplitLine, typedGrosze } from './SplitLine.tsx'
import type { BankAction, BankLine, BankSuggestion, BankTransactions, OpenItem } from './types.ts'

const line = {
  lineId: 'L1',
  bookingDate: '2026-03-10',
  amount: '-1500.00',
  title: 'FV/1 FV/2',
  counterpartyName: 'Hurtownia',
} as unknown as BankLine

const open = (id: string, documentNumber: string, remaining: string): OpenItem => ({
  id,
  kind: 'payable',
  name: documentNumber,
  documentNumber,
  counterparty: 'Hurtownia',
  date: '2026-03-01',
  sum: remaining,
  paid: '0.00',
  remaining,
  paidOn: null,
  dueDate: null,
  state: 'unpaid',
  daysOverdue: 0,
})

const setUp = async (
  act: (a: BankAction) => void,
  suggestions: readonly BankSuggestion[] = [],
  transactions: BankTransactions = {},
) => {
  render(
    withProviders(
      await i18nFor('en'),
      <SplitLine
        line={line}
        suggestions={suggestions}
        transactions={transactions}
        openItems={[
          open('2026-03:Expense:7:0', 'FV/1', '1000.00'),
          open('2026-03:Expense:8:0', 'FV/2', '800.00'),
          { ...open('2026-03:Income:9:0', 'FS/9', '50.00'), kind: 'receivable' },
        ]}
        money={(v) => `${v} zł`}
        act={act}
        busy={false}
        onClose={() => {}}
      />,
    ),
  )
  return screen.getByRole('form')
}

describe('splitting a statement line', () => {
  it('reads amounts as a Polish user types them, and refuses what is not an amount', () => {
    expect(typedGrosze('1 234,56')).toBe(123_456n)
    expect(typedGrosze('500')).toBe(50_000n)
    expect(typedGrosze('0')).toBeNull()
    expect(typedGrosze('1,234')).toBeNull()
    expect(typedGrosze('abc')).toBeNull()
  })

  it('pre-fills the amounts as the language writes them: a decimal comma in Polish, read back when saved', async () => {
    const act = vi.fn()
    render(
      withProviders(
        await i18nFor('pl'),
        <SplitLine
          line={{ ...line, amount: '-7380.00' }}
          suggestions={[]}
          transactions={{}}
          openItems={[open('2026-03:Expense:7:0', 'FV/1', '1000.00'), open('2026-03:Expense:8:0', 'FV/2', '800.00')]}
          money={(v) => `${v} zł`}
          act={act}
          busy={false}
          onClose={() => {}}
        />,
      ),
    )
    const form = screen.getByRole('form')
    const amount = (k: number) => (within(form).getByLabelText(`Część ${k}: kwota`) as HTMLInputElement).value
    expect(amount(1)).toBe('7380,00')
    fireEvent.change(within(form).getByLabelText('Część 1: kwota'), { target: { value: '1000,00' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Dodaj część' }))
    expect(amount(2)).toBe('6380,00')
    fireEvent.change(within(form).getByLabelText('Część 1: kwota'), { target: { value: '5,00' } })
    fireEvent.change(within(form).getByLabelText('Część 2: kwota'), { target: { value: '7375,00' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Zapisz podział' }))
    expect(act).toHaveBeenCalledWith(
      expect.objectContaining({
        allocations: [
          expect.objectContaining({ amount: '5.00' }),
          expect.objectContaining({ kind: 'private', amount: '7375.00' }),
        ],
      }),
    )
  })

  it('reads an English amount with its thousands comma, as it pre-fills it', () => {
    expect(typedGrosze('1,500.00', 'en')).toBe(150_000n)
    expect(typedGrosze('1,500.00', 'pl')).toBeNull()
  })

  it('offers the payables of an outgoing line, says what is left, and saves the parts when they add up', async () => {
    const act = vi.fn()
    const form = await setUp(act)
    const first = within(form).getByLabelText('Part 1: what it pays') as HTMLSelectElement
    const labels = [...first.options].map((o) => o.textContent)
    expect(labels.some((l) => l?.startsWith('FV/1'))).toBe(true)
    expect(labels.some((l) => l?.startsWith('FS/9'))).toBe(false)
    const save = within(form).getByRole('button', { name: 'Save the split' })
    fireEvent.change(within(form).getByLabelText('Part 1: amount'), { target: { value: '1 000,00' } })
    expect(within(form).getByRole('status').textContent).toMatch(/Left to assign: 500\.00 zł/)
    expect((save as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(within(form).getByRole('button', { name: 'Add a part' }))
    fireEvent.change(within(form).getByLabelText('Part 2: what it pays'), {
      target: { value: 'tx:2026-03:Expense:8:0' },
    })
    expect((within(form).getByLabelText('Part 2: amount') as HTMLInputElement).value).toBe('500.00')
    expect(within(form).getByRole('status').textContent).toMatch(/add up/)
    fireEvent.click(save)
    expect(act).toHaveBeenCalledWith({
      type: 'match',
      lineId: 'L1',
      allocations: [
        { kind: 'transaction', id: '2026-03:Expense:7:0', amount: '1000.00' },
        { kind: 'transaction', id: '2026-03:Expense:8:0', amount: '500.00' },
      ],
    })
  })

  it('names each choice as the books show it: open invoices with their dates, suggested taxes by name, never by id', async () => {
    const form = await setUp(
      vi.fn(),
      [
        {
          allocations: [
            { kind: 'transaction', id: 'vat-2026-02', amount: '1000.00' },
            { kind: 'transaction', id: 'i99-2026-01', amount: '500.00' },
          ],
          reason: 'bank.reason.taxTitle',
          confidence: 70,
        },
      ],
      { 'vat-2026-02': { name: 'VAT 2026-02', date: '2026-03-25', amount: '1000.00' } },
    )
    const first = within(form).getByLabelText('Part 1: what it pays') as HTMLSelectElement
    const labels = [...first.options].map((o) => o.textContent)
    expect(labels).toContain('FV/1 — Hurtownia, 1 Mar 2026 (to settle 1000.00 zł)')
    expect(labels.map((l) => l?.replace(/\s/g, ' '))).toContain('VAT 2026-02, 25 Mar 2026, PLN 1,000.00')
    // A transaction the books no longer show keeps its id: there is nothing else to name it by.
    expect(labels).toContain('i99-2026-01')
    expect(labels.some((l) => l?.includes('vat-2026-02'))).toBe(false)
    // The suggestion is the split offered first.
    expect(first.value).toBe('tx:vat-2026-02')
  })

  it('offers an invoice of several VAT rates by each of its incomes, the transactions a part pays', async () => {
    const act = vi.fn()
    render(
      withProviders(
        await i18nFor('en'),
        <SplitLine
          line={{ ...line, amount: '4000.00', title: 'FV/2026/11/1' }}
          suggestions={[]}
          transactions={{}}
          openItems={[
            {
              ...open('i7-2026-11', 'FV/2026/11/1', '4230.00'),
              kind: 'receivable',
              counterparty: 'Klient',
              date: '2026-11-05',
              parts: [
                { id: 'i7-2026-11', itemId: 7, sum: '3690.00', paid: '0.00', remaining: '3690.00' },
                { id: 'i8-2026-11', itemId: 8, sum: '540.00', paid: '0.00', remaining: '540.00' },
              ],
            },
          ]}
          money={(v) => `${v} zł`}
          act={act}
          busy={false}
          onClose={() => {}}
        />,
      ),
    )
    const form = screen.getByRole('form')
    const first = within(form).getByLabelText('Part 1: what it pays') as HTMLSelectElement
    expect([...first.options].map((o) => [o.value, o.textContent]).slice(0, 2)).toEqual([
      ['tx:i7-2026-11', 'FV/2026/11/1 — Klient, 5 Nov 2026, part 1 of 2 (to settle 3690.00 zł)'],
      ['tx:i8-2026-11', 'FV/2026/11/1 — Klient, 5 Nov 2026, part 2 of 2 (to settle 540.00 zł)'],
    ])
  })

  it('does not save parts that are more than the line', async () => {
    const act = vi.fn()
    const form = await setUp(act)
    fireEvent.change(within(form).getByLabelText('Part 1: amount'), { target: { value: '1600' } })
    expect(within(form).getByRole('status').textContent).toMatch(/more than the line by 100\.00 zł/)
    fireEvent.submit(form)
    expect(act).not.toHaveBeenCalled()
  })
})
