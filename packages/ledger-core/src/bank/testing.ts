/** Builders of statements for tests and stories. */
import { formatMoney, parseMoney } from '../money.ts'
import type { BankStatementInput, BankStatementLineInput } from './commands.ts'

export const ACCOUNT = 'PL61109010140000071219812874'

export const line = (over: Partial<BankStatementLineInput> = {}): BankStatementLineInput => ({
  bookingDate: '2026-02-02',
  valueDate: over.bookingDate ?? '2026-02-02',
  amount: '-10.00',
  currency: 'PLN',
  title: 'Opłata za prowadzenie rachunku',
  ...over,
})

/** A statement of `lines` that balances: the closing balance is the opening plus the lines. */
export const statement = (
  lines: readonly BankStatementLineInput[],
  over: Partial<BankStatementInput> = {},
): BankStatementInput => {
  const opening = over.openingBalance ?? '1000.00'
  const dates = lines.map((l) => l.bookingDate).sort()
  const closing = lines.reduce((s, l) => s + parseMoney(l.amount), parseMoney(opening))
  return {
    format: 'mt940',
    variant: 'generic',
    account: ACCOUNT,
    currency: 'PLN',
    openingDate: dates[0] ?? '2026-02-01',
    closingDate: dates.at(-1) ?? '2026-02-01',
    openingBalance: opening,
    closingBalance: formatMoney(closing),
    lines,
    ...over,
  }
}

/**
 * A user's column mapping (books' `CsvMapping`) of a bank's CSV export with the header
 * `Data;Opis;Kontrahent;Wypłaty;Wpłaty;Saldo` on line 2: Polish dates and decimal commas, debits and credits apart.
 */
export const csvMapping = (over: Record<string, unknown> = {}) => ({
  delimiter: ';' as const,
  headerLine: 2,
  dateFormat: 'DD.MM.YYYY' as const,
  decimalComma: true,
  columns: { bookingDate: 0, title: 1, counterpartyName: 2, debit: 3, credit: 4, balanceAfter: 5 },
  account: '61 1090 1014 0000 0712 1981 2874',
  ...over,
})

/**
 * A statement with one payment of 24 600 zł (above the 15 000 zł of uPIT art. 22p) for the invoice FZ/2/2026, booked on
 * 10 February 2026, to the Polish account whose 26 digits are `account`.
 */
export const largePaymentStatement = (account: string): BankStatementInput =>
  statement(
    [line({ bookingDate: '2026-02-10', amount: '-24600.00', title: 'FZ/2/2026', counterpartyAccount: `PL${account}` })],
    { openingBalance: '30000.00' },
  )
