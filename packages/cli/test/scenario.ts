/**
 * The fixed scenario of the golden tests: one trader (anna@example.com) and one administrator, with company
 * data, VAT/PIT/ZUS settings, recurring and one-time items, a received income and two paid obligations, all
 * executed through the API's books glue with fixed timestamps so every output is reproducible.
 */
import { createAccounts, executeBooks, loadBooks } from '@finance/books'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { isDomainError, type LedgerCommand, monthTransactions } from '@finance/ledger-core/light'
import { pitSetting, vatSetting } from '@finance/ledger-core/testing'

export const ANNA = 'anna@example.com'
export const ADMIN = 'admin@example.com'

type CommandBody = LedgerCommand extends infer C ? (C extends LedgerCommand ? Omit<C, 'at' | 'userId'> : never) : never

export interface Scenario {
  readonly store: EventStore
  readonly annaId: string
  /** Moments between steps, for --as-of and diff. */
  readonly moments: { readonly afterSettings: string; readonly afterJanuary: string; readonly afterPayment: string }
}

export const seedScenario = async (store: EventStore = createMemoryStore()): Promise<Scenario> => {
  let clock = Date.parse('2026-01-05T09:00:00.000Z')
  const tick = (minutes = 1) => {
    clock += minutes * 60_000
    return new Date(clock)
  }
  const accounts = createAccounts(store, { hashCost: 4, now: () => new Date(clock) })
  const admin = await accounts.register({ email: ADMIN, password: 'Admin-Pass1', role: 'ADMIN', actor: 'cli' })
  if (!admin.ok) throw new Error(admin.errors.join())
  tick()
  const anna = await accounts.register({ email: ANNA, password: 'Anna-Pass1', role: 'USER', actor: 'cli' })
  if (!anna.ok) throw new Error(anna.errors.join())
  const annaId = anna.value.id

  const exec = async (body: CommandBody, at: Date = tick()) => {
    const command = { ...body, at: at.toISOString(), userId: annaId } as LedgerCommand
    const r = await executeBooks(store, annaId, command, { correlationId: `scenario-${clock}` })
    if (isDomainError(r)) throw new Error(`${body.type}: ${r.message} ${JSON.stringify(r.errors ?? [])}`)
    return r
  }

  await exec({
    type: 'SaveCompanyRecord',
    dataType: 'Primary',
    data: { companyName: 'Kowalska IT', nip: '5260250274', ownerName: 'Anna', ownerLastName: 'Kowalska', regon: '' },
  })
  await exec({ type: 'AddSetting', kind: 'Vat', data: vatSetting() })
  await exec({
    type: 'AddSetting',
    kind: 'Pit',
    data: pitSetting({ deductions: '0' }),
  })
  await exec({
    type: 'AddSetting',
    kind: 'SocialSecurity',
    data: { date: '2026-01-01', amount: '1773.96', percent: '4.9' },
  })
  const afterSettings = new Date(clock).toISOString()
  tick(60)
  await exec({
    type: 'AddItem',
    dataType: 'RecurringIncome',
    data: {
      date: '2026-01-10',
      name: 'Software development, Acme Sp. z o.o.',
      amount: '15000.00',
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-01-10',
      repetitions: 12,
    },
  })
  await exec({
    type: 'AddItem',
    dataType: 'RecurringExpense',
    data: {
      date: '2026-01-15',
      name: 'Office rent',
      amount: '1200',
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-01-15',
      repetitions: 12,
    },
  })
  await exec({
    type: 'AddItem',
    dataType: 'RecurringExpense',
    data: {
      date: '2026-01-20',
      name: 'Groceries',
      amount: '900.50',
      isCompany: false,
      percent: '0',
      invoiceDate: null,
      repetitions: 24,
    },
  })
  // January as it stood at its end (Anna ticked her salary as received).
  clock = Date.parse('2026-01-31T18:00:00.000Z')
  await exec({ type: 'SetTransactionFlags', id: 'i5-2026-01', completed: true }, new Date(clock))
  const afterJanuary = new Date(clock).toISOString()
  clock = Date.parse('2026-02-01T08:00:00.000Z')
  await exec({
    type: 'AddItem',
    dataType: 'Expense',
    data: {
      date: '2026-02-03',
      name: 'Laptop "Pro", 14-inch',
      amount: '6000',
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-02-03',
    },
  })
  await exec({
    type: 'AddItem',
    dataType: 'Income',
    data: {
      date: '2026-02-20',
      name: 'Private sale',
      amount: '300',
      isCompany: false,
      percent: '0',
      invoiceDate: null,
    },
  })
  // Pay January's PIT and ZUS (rows of February, the month they are due in); VAT stays unpaid.
  const { state } = await loadBooks(store, annaId)
  const february = monthTransactions(state, '2026-02', '2026-02-01')
  clock = Date.parse('2026-02-16T12:00:00.000Z')
  const paid = february.filter((t) => t.eventType === '4_Pit' || t.eventType === '5_SocialSecurity')
  if (paid.length !== 2) throw new Error(`expected the PIT and ZUS rows of 2026-02, found ${paid.length}`)
  for (const t of paid) await exec({ type: 'SetTransactionFlags', id: t.id, completed: true })
  // …and ask to be reminded of the VAT.
  await exec({ type: 'SetTransactionFlags', id: 'vat-2026-01', notification: true })
  const afterPayment = new Date(clock).toISOString()
  return { store, annaId, moments: { afterSettings, afterJanuary, afterPayment } }
}
