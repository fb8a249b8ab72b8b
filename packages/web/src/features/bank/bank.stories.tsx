import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { BankApi } from './api.ts'
import { BankPage } from './BankPage.tsx'
import type { BankStatementOutcome } from '@finance/ledger-core'
import type { BankAction, BankData, BankFileResult, WhiteListPayment } from './types.ts'

const meta: Meta = { title: 'Bank', parameters: { route: '/companydashboard/bank' } }
export default meta
type Story = StoryObj

const line = (over: Partial<BankData['lines'][number]>): BankData['lines'][number] => ({
  lineId: '0123456789abcdef',
  accountId: 1,
  bookingDate: '2026-02-24',
  amount: '-2300.00',
  title: '/TI/N5260250274/OKR/26M01/SFP/VAT7/',
  counterpartyName: 'Urząd Skarbowy',
  counterpartyAccount: 'PL71101000712222526025027400',
  status: 'matched',
  match: {
    allocations: [{ kind: 'transaction', id: 'vat-2026-01', amount: '2300.00' }],
    reason: 'bank.reason.taxMicroAccount',
    confidence: 98,
    source: 'auto',
  },
  transactions: { 'vat-2026-01': { name: 'VAT 2026-01', date: '2026-02-25', amount: '2300.00' } },
  ...over,
})

/** The invoice the client's transfer pays, as the books show it. */
const programming = { 'i7-2026-01': { name: 'Programowanie', date: '2026-01-20', amount: '12300.00' } }

const waiting = line({
  lineId: 'fedcba9876543210',
  bookingDate: '2026-02-10',
  amount: '12300.00',
  title: 'Przelew',
  counterpartyName: 'Klient sp. z o.o.',
  status: 'unmatched',
  match: null,
  transactions: {},
})

const data = (queue: boolean): BankData => ({
  overview: {
    accounts: [
      {
        id: 1,
        iban: 'PL61109010140000071219812874',
        name: 'Firmowe',
        currency: 'PLN',
        kind: 'business',
        pairedWith: null,
        balance: '18450.12',
        lastDate: '2026-02-24',
        lineCount: 2,
      },
    ],
    statements: [
      {
        key: '1/2026-02-01/2026-02-28',
        accountId: 1,
        format: 'mt940',
        variant: 'mbank',
        openingDate: '2026-02-01',
        closingDate: '2026-02-28',
        openingBalance: '8450.12',
        closingBalance: '18450.12',
        lineCount: 2,
        newLines: 2,
        continuous: true,
      },
    ],
    gaps: [],
    zusAccount: null,
    unmatched: queue ? 1 : 0,
    rules: [
      {
        id: 5,
        data: {
          name: 'Paliwo',
          field: 'counterparty',
          op: 'contains',
          pattern: 'ORLEN',
          expense: { name: 'Paliwo', percent: '23', isCompany: true, kpirColumn: null },
        },
      },
    ],
  },
  openItems: [
    {
      id: 'i7-2026-01',
      kind: 'receivable',
      name: 'Programowanie',
      documentNumber: 'FV/7/2026',
      counterparty: 'Klient sp. z o.o.',
      date: '2026-01-20',
      sum: '12300.00',
      paid: queue ? '0.00' : '5000.00',
      remaining: queue ? '12300.00' : '7300.00',
      paidOn: queue ? null : '2026-02-10',
      dueDate: '2026-02-03',
      state: 'overdue',
      daysOverdue: 21,
    },
  ],
  queue: queue
    ? [
        {
          line: waiting,
          suggestions: [
            {
              allocations: [{ kind: 'transaction', id: 'i7-2026-01', amount: '12300.00' }],
              reason: 'bank.reason.amount',
              confidence: 60,
            },
          ],
          transactions: programming,
        },
      ]
    : [],
  lines: queue
    ? [line({}), waiting]
    : [
        line({}),
        {
          ...waiting,
          status: 'matched',
          match: {
            allocations: [{ kind: 'transaction', id: 'i7-2026-01', amount: '12300.00' }],
            reason: 'bank.reason.user',
            confidence: 100,
            source: 'user',
          },
          transactions: programming,
        },
      ],
})

/** An mBank MT940 file imported with one statement: its lines, the new ones, those matched and the items made. */
const imported = (
  fileName: string,
  counts: Pick<BankStatementOutcome, 'lines' | 'newLines' | 'matched' | 'createdItems'>,
): BankFileResult => ({
  fileName,
  ok: true,
  format: 'mt940',
  variant: 'mbank',
  encoding: null,
  statements: [
    {
      account: 'PL61109010140000071219812874',
      openingDate: '2026-03-01',
      closingDate: '2026-03-31',
      openingBalance: '1000.00',
      closingBalance: '1200.00',
      completed: [],
      ...counts,
    },
  ],
})

/** A fake API: loads the data, accepts a suggestion (the queue empties), reports files. */
const fakeApi = (log: BankAction[] = []): BankApi => {
  let matched = false
  return {
    load: async () => data(!matched),
    importFile: async (file): Promise<BankFileResult> =>
      file.name.endsWith('.sta')
        ? imported(file.name, { lines: 40, newLines: 12, matched: 9, createdItems: 0 })
        : {
            fileName: file.name,
            ok: false,
            error: { code: 'bank.format.unknown', message: 'The file is not a bank statement in a supported format' },
          },
    act: async (action) => {
      log.push(action)
      if (action.type === 'match') matched = true
    },
    createItem: async (_lineId, item) => {
      matched = true
      return { id: 9, dataType: 'Income', eventType: '', dataObject: item, version: 1 }
    },
  }
}

const settled = async (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

/** Accounts with their balance, the statement, a line waiting with a suggestion; accepting it empties the queue. */
export const AcceptSuggestion: Story = {
  render: () => <BankPage effects={fakeApi()} />,
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const canvas = within(canvasElement)
    await expect((await canvas.findAllByText(/18\s450,12\s*zł|PLN\s*18,450\.12/)).length).toBeGreaterThan(0)
    // The suggestion names the invoice by its name, date and amount, never by its id.
    await expect(
      canvas.getAllByText(/(Propozycja|Suggestion): Programowanie, (20 sty 2026|20 Jan 2026), /).length,
    ).toBeGreaterThan(0)
    await expect(canvas.queryAllByText(/i7-2026-01/)).toHaveLength(0)
    for (const button of canvas.getAllByRole('button', { name: /^(Accept|Akceptuj)$/ })) {
      await userEvent.click(button)
      await settled(canvasElement)
    }
    await expect(
      (await canvas.findAllByText(/Every line is matched\.|Wszystkie operacje są dopasowane\./)).length,
    ).toBeGreaterThan(0)
    // The recent lines name what each pays as the books show it: the tax by its period, the invoice by its name.
    await expect(canvas.getAllByText(/^VAT 2026-01, (25 lut 2026|25 Feb 2026), /).length).toBeGreaterThan(0)
    await expect(canvas.getAllByText(/^Programowanie, (20 sty 2026|20 Jan 2026), /).length).toBeGreaterThan(0)
    // The invoice the line paid in part is still a receivable, overdue.
    await expect((await canvas.findAllByText(/overdue 21 days|zaległe od 21 dni/)).length).toBeGreaterThan(0)
  },
}

/** Two files dropped: one statement imported, one refused with its reason. */
export const ImportReport: Story = {
  render: () => <BankPage effects={fakeApi()} />,
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    for (const input of canvasElement.querySelectorAll<HTMLInputElement>('[data-testid="bank-files"]'))
      await userEvent.upload(input, [
        new File([':20:STARTUMS'], 'luty.sta', { type: 'text/plain' }),
        new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      ])
    await settled(canvasElement)
    const canvas = within(canvasElement)
    await expect(
      (await canvas.findAllByText(/Not a bank statement in a supported format|To nie jest wyciąg bankowy/)).length,
    ).toBeGreaterThan(0)
    await expect((await canvas.findAllByText(/12 new lines of|nowych operacji: 12/)).length).toBeGreaterThan(0)
  },
}

/** The ZUS contribution account typed and saved: the save reaches the API as the number typed. */
export const ZusAccountSaved: Story = {
  render: () => <BankPage effects={fakeApi()} />,
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const canvas = within(canvasElement)
    const inputs = canvas.getAllByLabelText(/Account number|Numer rachunku/)
    for (const input of inputs) {
      await userEvent.type(input, '70 6000 0002 0000 0000 0000 0001')
      await expect(input).toHaveValue('70 6000 0002 0000 0000 0000 0001')
    }
    for (const button of canvas.getAllByRole('button', { name: /^(Save|Zapisz)$/ })) {
      await userEvent.click(button)
      await settled(canvasElement)
    }
    await expect(canvas.getAllByRole('button', { name: /^(Save|Zapisz)$/ }).length).toBe(inputs.length)
  },
}

/** A payment above 15 000 zł: unchecked, then checked against a flat file in which its account is missing. */
export const WhiteListWarning: Story = {
  render: () => {
    let checked = false
    const base = fakeApi()
    const payment = {
      lineId: 'aaaaaaaaaaaaaaaa',
      bookingDate: '2026-02-20',
      amount: '24600.00',
      nip: '5260250274',
      account: '27114020040000300201355387',
      counterparty: 'Hardware sp. z o.o.',
      expenses: [{ id: 'i9-2026-02', documentNumber: 'FZ/2/2026', gross: '24600.00' }],
      splitPayment: false,
    }
    const effects: BankApi = {
      ...base,
      load: async () => ({
        ...(await base.load()),
        whiteList: [
          {
            ...payment,
            check: checked ? { listDate: '2026-02-20', source: 'flatFile', result: 'absent', requestId: null } : null,
            warning: checked,
          } satisfies WhiteListPayment,
        ],
      }),
      act: async (action) => {
        if (action.type === 'importWhiteList') checked = true
      },
    }
    return <BankPage effects={effects} />
  },
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const canvas = within(canvasElement)
    await expect((await canvas.findAllByText(/not checked yet|jeszcze nie sprawdzono/)).length).toBeGreaterThan(0)
    for (const input of canvasElement.querySelectorAll<HTMLInputElement>('[data-testid="bank-whitelist-file"]')) {
      await userEvent.upload(input, new File(['{}'], '20260220.json', { type: 'application/json' }))
      await settled(canvasElement)
    }
    await expect((await canvas.findAllByText(/^(not on the list|brak na wykazie)$/)).length).toBeGreaterThan(0)
    await expect(
      (await canvas.findAllByText(/art\. 22p of the PIT act|art\. 22p ustawy o PIT/)).length,
    ).toBeGreaterThan(0)
  },
}

/** Two accounts: the second is marked the VAT account of the first; the change reaches the API as a VAT account. */
export const PairVatAccount: Story = {
  render: () => {
    const log: BankAction[] = []
    const base = fakeApi(log)
    const effects: BankApi = {
      ...base,
      load: async () => {
        const d = await base.load()
        const vat = log.some((a) => a.type === 'pairAccount' && a.pairedWith === 1)
        return {
          ...d,
          overview: {
            ...d.overview,
            accounts: [
              ...d.overview.accounts,
              {
                id: 2,
                iban: 'PL27114020040000300201355387',
                name: 'VAT',
                currency: 'PLN',
                kind: vat ? 'vat' : 'business',
                pairedWith: vat ? 1 : null,
                balance: '2300.00',
                lastDate: '2026-02-24',
                lineCount: 1,
              },
            ],
          },
        }
      },
    }
    return <BankPage effects={effects} />
  },
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const canvas = within(canvasElement)
    for (const select of canvas.getAllByLabelText(/VAT \(PL27 1140.*(is the VAT account of|jest rachunkiem VAT)/)) {
      await userEvent.selectOptions(select, '1')
      await settled(canvasElement)
    }
    await expect(
      (await canvas.findAllByText(/is the VAT account of Firmowe|jest rachunkiem VAT rachunku Firmowe/)).length,
    ).toBeGreaterThan(0)
    await expect((await canvas.findAllByRole('button', { name: /^(Unpair|Odłącz)$/ })).length).toBeGreaterThan(0)
  },
}

/** A file previewed: the report says what it would add, match and make by the rules, and that nothing was written. */
export const ImportPreview: Story = {
  render: () => {
    const base = fakeApi()
    const effects: BankApi = {
      ...base,
      importFile: async (file, preview) =>
        imported(file.name, { lines: 40, newLines: 40, matched: preview ? 9 : 0, createdItems: preview ? 3 : 0 }),
    }
    return <BankPage effects={effects} />
  },
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    const canvas = within(canvasElement)
    for (const box of canvas.getAllByLabelText(/Preview only|Tylko podgląd/)) await userEvent.click(box)
    for (const input of canvasElement.querySelectorAll<HTMLInputElement>('[data-testid="bank-files"]'))
      await userEvent.upload(input, new File([':20:STARTUMS'], 'marzec.sta', { type: 'text/plain' }))
    await settled(canvasElement)
    await expect(
      (await canvas.findAllByText(/Preview — nothing was written|Podgląd — nic nie zapisano/)).length,
    ).toBeGreaterThan(0)
    await expect(
      (await canvas.findAllByText(/3 items made by your rules|pozycji utworzonych przez Twoje reguły: 3/)).length,
    ).toBeGreaterThan(0)
  },
}
