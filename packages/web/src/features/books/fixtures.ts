/**
 * Books for stories and tests, computed by ledger-core's own projection from small recorded histories: a Linear
 * year with a correction entered after January closed, and a ryczałt year with two rates.
 */
import { bookHistory, ITEM_V3_DEFAULTS, type LedgerEvent } from '@finance/ledger-core'
import type { BookView, JpkFileState } from './types.ts'

const pit = (taxType: string, firstPercent: string) =>
  ({
    type: 'SettingAdded',
    data: {
      id: 1,
      kind: 'Pit',
      data: {
        date: '2026-01-01',
        taxType,
        firstPercent,
        secondPercent: null,
        freeOfTaxAmount: null,
        secondPercentAmount: null,
        paymentInterval: 1,
        deductions: '0.00',
      },
    },
  }) as LedgerEvent

const item = (id: number, dataType: string, over: Record<string, unknown>, type = 'ItemAdded') =>
  ({
    type,
    data: {
      id,
      dataType,
      data: {
        date: '2026-01-10',
        name: 'Item',
        amount: '100.00',
        isCompany: true,
        percent: '23',
        invoiceDate: null,
        ...ITEM_V3_DEFAULTS,
        ...over,
      },
    },
  }) as LedgerEvent

const acme = { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1, Warszawa' }

const invoice = {
  date: '2026-01-08',
  name: 'Invoice 1/2026',
  amount: '10000.00',
  documentNumber: 'FV 1/2026',
  description: 'Usługi programistyczne',
  counterparty: acme,
}

export const kpirHistory: readonly { event: LedgerEvent; recordedAt: string }[] = [
  { event: pit('Linear', '19'), recordedAt: '2026-01-02T09:00:00Z' },
  { event: item(2, 'Income', invoice), recordedAt: '2026-01-08T09:00:00Z' },
  {
    event: item(3, 'Expense', {
      date: '2026-01-09',
      name: 'Goods',
      amount: '2500.00',
      kpirColumn: 'goods',
      documentNumber: 'FZ 3/2026',
      description: 'Zakup towarów',
      counterparty: { ...acme, name: 'Hurtownia Nowak' },
    }),
    recordedAt: '2026-01-09T09:00:00Z',
  },
  {
    event: item(4, 'Expense', {
      date: '2026-01-20',
      name: 'Phone',
      amount: '80.00',
      description: 'Abonament telefoniczny',
    }),
    recordedAt: '2026-01-20T09:00:00Z',
  },
  {
    event: item(5, 'Income', {
      date: '2026-02-05',
      name: 'Invoice 2/2026',
      amount: '4000.00',
      documentNumber: 'FV 2/2026',
      counterparty: acme,
    }),
    recordedAt: '2026-02-05T09:00:00Z',
  },
  // After January closed (20 February): the first invoice is lowered — a correction in March.
  { event: item(2, 'Income', { ...invoice, amount: '9000.00' }, 'ItemUpdated'), recordedAt: '2026-03-02T09:00:00Z' },
]

export const ewpHistory: readonly { event: LedgerEvent; recordedAt: string }[] = [
  { event: pit('Flat', '12'), recordedAt: '2026-01-02T09:00:00Z' },
  {
    event: item(2, 'Income', {
      date: '2026-01-05',
      name: 'Software',
      amount: '10000.00',
      documentNumber: 'FV 1/2026',
      counterparty: acme,
    }),
    recordedAt: '2026-01-05T09:00:00Z',
  },
  {
    event: item(3, 'Income', {
      date: '2026-01-20',
      name: 'Training',
      amount: '3000.00',
      flatRate: '8.5',
      documentNumber: 'FV 2/2026',
    }),
    recordedAt: '2026-01-20T09:00:00Z',
  },
  {
    event: item(4, 'RecurringIncome', {
      date: '2026-02-01',
      name: 'Rent',
      amount: '2000.00',
      flatRate: '8.5',
      repetitions: 2,
    }),
    recordedAt: '2026-02-01T09:00:00Z',
  },
]

const ready: JpkFileState[] = [{ form: 'JPK_PKPIR', problems: [] }]

/** The view `GET books/2026` answers for the Linear year (`month`: the rows of one month only). */
export const kpirBook = (month: number | null = null, files: readonly JpkFileState[] = ready): BookView => {
  const book = bookHistory(kpirHistory).book(2026, { today: '2026-03-10' })
  const only = <R extends { month: string }>(rows: readonly R[]) =>
    month === null ? rows : rows.filter((r) => Number(r.month.slice(5)) === month)
  return {
    ...book,
    kpir: { ...book.kpir, rows: only(book.kpir.rows) },
    ewp: { ...book.ewp, rows: only(book.ewp.rows) },
    month,
    files,
  }
}

/** The ryczałt year (two rates). */
export const ewpBook = (): BookView => ({
  ...bookHistory(ewpHistory).book(2026, { today: '2026-03-10' }),
  month: null,
  files: [{ form: 'JPK_EWP', problems: [] }],
})

/** A year without entries, whose file cannot be written yet. */
export const emptyBook = (): BookView => ({
  ...bookHistory([]).book(2025),
  month: null,
  files: [
    {
      form: 'JPK_PKPIR',
      problems: [
        { field: 'birthDate', code: 'REQUIRED', message: 'Birth date is required for a JPK file' },
        {
          field: 'rows',
          code: 'EMPTY',
          message: 'The KPiR has no entries in this period; a JPK file needs at least one',
        },
      ],
    },
  ],
})
