/**
 * Two actions of the bank screen: undoing a line's match (a button on every matched line of the recent lines, a
 * confirmation naming the line and what it pays, the screen read again after it, the refusal shown), and the account
 * of a CSV export that names none (PKO BP's): the refused file's report line asks for it (one of the known accounts,
 * or a number typed in and checked) and the file is imported again with it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { memoryServices } from '../../forms/index.ts'
import { renderWith } from '../../forms/testing.ts'
import { pressEscape } from '../../ui/testKeyboard.ts'
import { type BankApi, createBankApi } from './api.ts'
import { BankPage } from './BankPage.tsx'
import type { BankAccount, BankData, BankFileResult, BankLine, PickedFile } from './types.ts'

const paid: BankLine = {
  lineId: '0123456789abcdef',
  accountId: 1,
  bookingDate: '2026-03-03',
  amount: '2460.00',
  title: 'FV 4/2026',
  counterpartyName: 'JAN KOWALSKI',
  counterpartyAccount: null,
  status: 'matched',
  match: {
    allocations: [{ kind: 'transaction', id: 'i7-2026-03', amount: '2460.00' }],
    reason: 'bank.reason.invoiceNumber',
    confidence: 95,
    source: 'auto',
  },
  transactions: { 'i7-2026-03': { name: 'Programming', date: '2026-03-01', amount: '2460.00' } },
}
const waiting: BankLine = {
  ...paid,
  lineId: 'fedcba9876543210',
  title: 'Bank fee',
  amount: '-7.00',
  status: 'unmatched',
  match: null,
  transactions: {},
}

const account: BankAccount = {
  id: 1,
  iban: 'PL61109010140000071219812874',
  name: 'Firmowe',
  currency: 'PLN',
  kind: 'business',
  pairedWith: null,
  balance: '100.00',
  lastDate: '2026-03-03',
  lineCount: 2,
}

const data = (lines: readonly BankLine[], accounts: readonly BankAccount[] = []): BankData => ({
  overview: { accounts, statements: [], gaps: [], zusAccount: null, unmatched: 0, rules: [] },
  queue: [],
  lines,
})

const render = async (effects: Partial<BankApi>, locale: 'en' | 'pl' = 'en') => {
  const all: BankApi = {
    ...createBankApi(),
    load: vi.fn(async () => data([paid, waiting])),
    importFile: vi.fn(),
    act: vi.fn(async () => {}),
    ...effects,
  }
  await renderWith(<BankPage effects={all} />, memoryServices([]), locale)
  // The screen has loaded: the queue is shown.
  await screen.findByText(locale === 'en' ? 'To match (0)' : 'Do dopasowania (0)')
  return all
}

describe('undoing a match', () => {
  it('asks first, naming the line and what it pays; Cancel and Escape write nothing', async () => {
    const effects = await render({})
    // Only a line with a match offers it.
    expect(screen.queryByRole('button', { name: 'Undo the match of Bank fee' })).toBeNull()
    const undo = screen.getByRole('button', { name: 'Undo the match of FV 4/2026' })
    expect(undo.tagName).toBe('BUTTON')
    undo.focus()
    fireEvent.click(undo)
    const dialog = await screen.findByRole('dialog', { name: 'Undo match' })
    // Money is written with non-breaking spaces.
    expect(dialog.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'The match of the line 3 Mar 2026, PLN 2,460.00, FV 4/2026 (Programming, 1 Mar 2026, PLN 2,460.00) will be undone',
    )
    // The keyboard starts on Cancel, the safe choice.
    expect(document.activeElement?.textContent).toBe('Cancel')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(undo)
    await screen.findByRole('dialog', { name: 'Undo match' })
    pressEscape()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(effects.act).not.toHaveBeenCalled()
  })

  it('undoes it on Yes and reads the lines again', async () => {
    let lines: readonly BankLine[] = [paid, waiting]
    const effects = await render({
      load: vi.fn(async () => data(lines)),
      act: vi.fn(async () => {
        lines = [{ ...paid, status: 'unmatched', match: null, transactions: {} }, waiting]
      }),
    })
    fireEvent.click(screen.getByRole('button', { name: 'Undo the match of FV 4/2026' }))
    const dialog = await screen.findByRole('dialog', { name: 'Undo match' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Undo match' }))
    await waitFor(() => expect(effects.act).toHaveBeenCalledWith({ type: 'unmatch', lineId: paid.lineId }))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo the match of FV 4/2026' })).toBeNull())
    expect(effects.load).toHaveBeenCalledTimes(2)
  })

  it('shows the refusal in Polish when undoing fails', async () => {
    await render(
      {
        act: vi.fn(async () => {
          throw new ApiError({ status: 404, statusText: 'Not Found', errors: ['Not found'], fieldErrors: {} })
        }),
      },
      'pl',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cofnij dopasowanie operacji FV 4/2026' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cofnij dopasowanie' })
    expect(dialog.textContent).toContain('zostanie cofnięte, a operacja wróci do kolejki. Czy potwierdzasz?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cofnij dopasowanie' }))
    expect(await screen.findByText('Nie znaleziono')).toBeTruthy()
    // The line keeps its button: nothing changed.
    expect(screen.getByRole('button', { name: 'Cofnij dopasowanie operacji FV 4/2026' })).toBeTruthy()
  })

  it('sends DELETE bank/lines/{id}/match', async () => {
    const del = vi.fn(async () => ({}))
    await createBankApi({ del } as never).act({ type: 'unmatch', lineId: paid.lineId })
    expect(del).toHaveBeenCalledWith(`bank/lines/${paid.lineId}/match`)
  })
})

const pko: PickedFile = { name: 'historia.csv', size: 10, arrayBuffer: async () => new ArrayBuffer(10) }
const noAccount: BankFileResult = {
  fileName: 'historia.csv',
  ok: false,
  error: { code: 'bank.csv.account', message: 'The file does not say which account it is; choose it' },
}
const done: BankFileResult = {
  fileName: 'historia.csv',
  ok: true,
  format: 'csv',
  variant: 'pko',
  encoding: 'windows-1250',
  statements: [
    {
      account: 'PL84102010260000120203456789',
      openingDate: '2026-11-26',
      closingDate: '2026-11-27',
      openingBalance: '0.00',
      closingBalance: '15214.07',
      lines: 2,
      newLines: 2,
      matched: 0,
      createdItems: 0,
      completed: [],
    },
  ],
}

const refusedFile = async (accounts: readonly BankAccount[]) => {
  const importFile = vi.fn(async (_file: PickedFile, _preview?: boolean, account?: string | null) =>
    account ? done : noAccount,
  )
  const effects = await render({ load: vi.fn(async () => data([], accounts)), importFile })
  const input = document.querySelector('input[type=file]') as HTMLInputElement
  fireEvent.change(input, { target: { files: [pko] } })
  await screen.findByText(/The file does not say which account it belongs to/)
  return { effects, importFile }
}

describe('the account of a CSV export that names none', () => {
  it('asks for a number when the books know no account, checks it, and imports the file again with it', async () => {
    const { importFile } = await refusedFile([])
    const form = screen.getByRole('form', { name: 'The account of historia.csv' })
    const field = within(form).getByLabelText('Account number (NRB or IBAN)')
    fireEvent.click(within(form).getByRole('button', { name: 'Import with this account' }))
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      'Enter the account number of this file',
    )
    // One digit wrong: the NRB's check digits do not hold.
    fireEvent.change(field, { target: { value: '84 1020 1026 0000 1202 0345 6788' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Import with this account' }))
    expect(await within(form).findByText(/This is not a valid account number/)).toBeTruthy()
    expect(importFile).toHaveBeenCalledTimes(1)
    fireEvent.change(field, { target: { value: '84 1020 1026 0000 1202 0345 6789' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Import with this account' }))
    await waitFor(() => expect(importFile).toHaveBeenCalledTimes(2))
    expect(importFile.mock.calls[1]).toEqual([pko, false, 'PL84102010260000120203456789'])
    await screen.findByText('Imported 1 of 1 files')
    expect(screen.queryByRole('form', { name: 'The account of historia.csv' })).toBeNull()
  })

  it('offers the accounts the books know, or another one, in Polish', async () => {
    const { importFile } = await refusedFile([account])
    const form = screen.getByRole('form', { name: 'The account of historia.csv' })
    const select = within(form).getByLabelText('Account of this file') as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Firmowe — PL61 1090 1014 0000 0712 1981 2874',
      'Another account…',
    ])
    expect(within(form).queryByLabelText('Account number (NRB or IBAN)')).toBeNull()
    fireEvent.click(within(form).getByRole('button', { name: 'Import with this account' }))
    await waitFor(() => expect(importFile).toHaveBeenCalledTimes(2))
    expect(importFile.mock.calls[1]![2]).toBe(account.iban)
  })
})
