/** The books' refusals on the bank screen (the API answers in English), shown in Polish. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { memoryServices } from '../../forms/index.ts'
import { renderWith } from '../../forms/testing.ts'
import { type BankApi, createBankApi } from './api.ts'
import { BankPage } from './BankPage.tsx'
import type { BankData, BankFileResult, BankLine } from './types.ts'

const outgoing: BankLine = {
  lineId: 'fedcba9876543210',
  accountId: 1,
  bookingDate: '2026-10-12',
  amount: '-4920.00',
  title: 'Laptop FZ 5/2026',
  counterpartyName: null,
  counterpartyAccount: null,
  status: 'unmatched',
  match: null,
  transactions: {},
}

const data: BankData = {
  overview: { accounts: [], statements: [], gaps: [], zusAccount: null, unmatched: 1, rules: [] },
  queue: [{ line: outgoing, suggestions: [], transactions: {} }],
  lines: [],
  openItems: [],
}

const refusal = (message: string, field: string) =>
  new ApiError({ status: 400, statusText: 'Bad Request', errors: [message], fieldErrors: { [field]: message } })

const render = async (effects: Partial<BankApi>) => {
  await renderWith(
    <BankPage
      effects={{
        ...createBankApi(),
        load: vi.fn(async () => data),
        importFile: vi.fn(),
        act: vi.fn(async () => {}),
        createItem: vi.fn(),
        ...effects,
      }}
    />,
    memoryServices([]),
    'pl',
  )
  await screen.findByText('Do dopasowania (1)')
}

describe('the books’ refusals on the bank screen, in Polish', () => {
  it('a statement dated outside 2000–2099: the file is refused with the date’s reason', async () => {
    const refused: BankFileResult = {
      fileName: 'c.xml',
      ok: false,
      error: {
        code: 'bank.statement.invalid',
        message: 'Date must be between 2000-01-01 and 2099-12-31',
        fields: [{ field: 'openingDate', message: 'Date must be between 2000-01-01 and 2099-12-31' }],
      },
    }
    await render({ importFile: vi.fn(async () => refused) })
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    fireEvent.change(input, { target: { files: [new File(['<Document/>'], 'c.xml')] } })
    const report = (await screen.findByText('c.xml')).closest('li')
    await waitFor(() => expect(report?.textContent).toContain('Data'))
    expect(report?.textContent).toBe(
      'c.xml: odrzucono — Wyciąg zawiera nieprawidłowe dane: Data: dozwolone od 2000-01-01 do 2099-12-31',
    )
  })

  it('money out matched to an income: the refusal says which way a line pays', async () => {
    const act = vi.fn(async () => {
      throw refusal(
        'Money out of the account pays only what you owe: an expense, a tax, a contribution or a refund to a buyer',
        'allocations.0.id',
      )
    })
    await render({ act })
    fireEvent.click(screen.getByRole('button', { name: 'Prywatna' }))
    expect(
      await screen.findByText(
        'Wypływ z rachunku opłaca tylko to, co jesteś winien: wydatek, podatek, składkę albo zwrot dla nabywcy',
      ),
    ).toBeTruthy()
  })

  it('an item from a line already matched: the form says to unmatch it first', async () => {
    const createItem = vi.fn(async () => {
      throw refusal('This line is already matched: unmatch it first to make an item of it', 'lineId')
    })
    await render({ createItem })
    fireEvent.click(screen.getByRole('button', { name: 'Utwórz wydatek z operacji Laptop FZ 5/2026' }))
    const form = await screen.findByRole('form', { name: 'Wydatek z operacji' })
    fireEvent.click(within(form).getByRole('button', { name: /Zapisz wydatek/ }))
    await waitFor(() => expect(createItem).toHaveBeenCalledTimes(1))
    expect(
      await within(form).findByText(
        'Ta operacja jest już dopasowana: najpierw cofnij dopasowanie, aby utworzyć z niej pozycję',
      ),
    ).toBeTruthy()
  })
})
