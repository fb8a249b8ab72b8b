/** `finance assets`: the register and a plan, from the same projection as the API, in both languages. */
import { booksStream, createAccounts } from '@finance/books'
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { decide, foldBooks, isDomainError, type LedgerEvent, serializeEvent } from '@finance/ledger-core'
import { describe, expect, it } from 'vitest'
import { run } from './helpers.ts'

const JAN = 'jan@example.com'

/** Jan's register: a laptop (2025) and a van on the degressive method (2025). */
const seeded = async (later: readonly Record<string, unknown>[] = []): Promise<EventStore> => {
  const store = createMemoryStore()
  const accounts = createAccounts(store, { hashCost: 4 })
  const jan = await accounts.register({ email: JAN, password: 'Jan-Pass1', role: 'USER', actor: 'cli' })
  if (!jan.ok) throw new Error(jan.errors.join())
  const events: LedgerEvent[] = []
  for (const data of [
    { name: 'Laptop', acquisitionDate: '2025-03-14', kst: '491', initialValue: '8000', document: 'FV 3/2025' },
    {
      name: 'Dostawczy',
      acquisitionDate: '2025-03-10',
      kst: '742',
      initialValue: '100000',
      method: 'degressive',
      document: 'FV 9/2025',
    },
  ]) {
    const out = decide(
      { type: 'EnterAsset', data, at: '2025-03-20T10:00:00Z', userId: jan.value.id },
      foldBooks(events),
    )
    if (isDomainError(out)) throw new Error(out.message)
    events.push(...out)
  }
  for (const command of later) {
    const out = decide({ ...command, at: '2026-06-20T10:00:00Z', userId: jan.value.id } as never, foldBooks(events))
    if (isDomainError(out)) throw new Error(out.message)
    events.push(...out)
  }
  const meta = { userId: jan.value.id, correlationId: 'test', createdAt: '2025-03-20T10:00:00Z' }
  await store.append(
    booksStream(jan.value.id),
    events.map((e) => ({ ...serializeEvent(e), metadata: meta })) as never,
    'no_stream',
  )
  return store
}

describe('finance assets', () => {
  it('lists the register as of a year’s end with its totals (pl)', async () => {
    const store = await seeded()
    const r = await run(['assets', 'list', '--year', '2026', '--user', JAN], { store })
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      'Ewidencja środków trwałych oraz wartości niematerialnych i prawnych (stan na koniec roku 2026)',
    )
    expect(r.stdout).toMatch(
      /1\s+2025-03-14\s+2025-03-14\s+FV 3\/2025\s+Laptop\s+491\s+8000,00\s+liniowa\s+30%\s+2400,00/,
    )
    expect(r.stdout).toMatch(/Razem\s+108\s?000,00/)
  })

  it('shows the VAT of a transfer to private use beside it, as the other amounts in each language', async () => {
    const laptop = 1
    const store = await seeded([
      { type: 'AddSetting', kind: 'Vat', data: { date: '2025-01-01', percent: '23', paymentInterval: 1 } },
      {
        type: 'DisposeAsset',
        id: laptop,
        data: { date: '2026-06-15', reason: 'privateUse', price: '6000', vatRate: '23' },
      },
    ])
    const pl = await run(['assets', 'list', '--year', '2026', '--user', JAN], { store })
    expect(pl.stdout).toMatch(/2026-06-15 na cele prywatne VAT 1380,00/)
    const en = await run(['assets', 'list', '--year', '2026', '--user', JAN, '--lang', 'en'], { store })
    expect(en.stdout).toMatch(/2026-06-15 to private use VAT 1,380\.00/)
  })

  it('prints under a plan the art. 91 corrections of input VAT, a sale’s one for the years left included', async () => {
    const van = 2
    const store = await seeded([
      { type: 'AddSetting', kind: 'Vat', data: { date: '2025-01-01', percent: '23', paymentInterval: 1 } },
      { type: 'ChangeAssetVatUse', id: van, data: { date: '2025-06-01', taxedPercent: '0', inputVat: '23000.00' } },
      {
        type: 'AddSetting',
        kind: 'Vat',
        data: { date: '2026-05-01', percent: 'zw', paymentInterval: 1, exemptionBasis: 'art113' },
      },
      {
        type: 'DisposeAsset',
        id: van,
        data: { date: '2026-06-15', reason: 'sale', price: '50000', changeOfActivity: false, document: 'UM 1' },
      },
    ])
    // 23 000 × (0 − 100 %) / 5 = −4 600 for 2025 in January 2026; sold exempt in June 2026: 2026–2029 at once, −18 400.
    const en = await run(['assets', 'plan', '2', '--user', JAN, '--lang', 'en'], { store })
    expect(en.stdout).toContain('Input VAT corrections (art. 91)\ntaxed use from 2025-06-01: 0 % (before: 100 %)\n')
    expect(en.stdout).toMatch(/2026-01\s+-4,600\.00\s+for 2025\n/)
    expect(en.stdout).toMatch(/2026-06\s+-18,400\.00\s+the years left at once, on the sale or transfer \(2026–2029\)\n/)
    const pl = await run(['assets', 'plan', '2', '--user', JAN], { store })
    expect(pl.stdout).toMatch(/2026-06\s+-18\s?400,00\s+pozostałe lata naraz/)
    // The laptop has no change of use: its plan has no such lines.
    expect((await run(['assets', 'plan', '1', '--user', JAN], { store })).stdout).not.toContain('art. 91')
  })

  it('prints an exempt sale’s correction of an asset bought with its VAT deducted, no change of use recorded', async () => {
    const store = await seeded([
      { type: 'AddSetting', kind: 'Vat', data: { date: '2025-01-01', percent: '23', paymentInterval: 1 } },
      {
        type: 'AddItem',
        dataType: 'Expense',
        data: { date: '2025-04-01', name: 'Server', amount: '30000.00', isCompany: true, percent: '23' },
      },
      { type: 'EnterAsset', data: { itemId: 4, kst: '491' } },
      {
        type: 'DisposeAsset',
        id: 5,
        data: { date: '2026-01-20', reason: 'sale', price: '12000', vatExempt: true, changeOfActivity: false },
      },
    ])
    // 6 900 deducted in full; sold exempt in January 2026: 2026–2029 at once, 4 × −1 380 = −5 520.
    const en = await run(['assets', 'plan', '3', '--user', JAN, '--lang', 'en'], { store })
    expect(en.stdout).toMatch(/2026-01\s+-5,520\.00\s+the years left at once, on the sale or transfer \(2026–2029\)\n/)
    expect(en.stdout).not.toContain('taxed use from')
  })

  it('writes the register as CSV with plain decimals, and a plan year by year and by month', async () => {
    const store = await seeded()
    const csv = await run(['assets', 'list', '--year', '2025', '--user', JAN, '--format', 'csv', '--lang', 'en'], {
      store,
    })
    expect(csv.code).toBe(0)
    const lines = csv.stdout.trim().split(/\r?\n/)
    expect(lines[0]).toBe(
      'No.,Acquired,Entered,Document,Name,KŚT,Initial value,Method,Rate,Write-offs in the year,Deductible,Write-offs to date,Remaining,Disposal',
    )
    // The register's order is the day of entry: the van (10 March) before the laptop (14 March).
    expect(lines[1]).toBe(
      '2,2025-03-10,2025-03-10,FV 9/2025,Dostawczy,742,100000.00,degressive,20,29999.97,29999.97,29999.97,70000.03,',
    )
    const plan = await run(['assets', 'plan', '2', '--user', JAN, '--lang', 'en'], { store })
    expect(plan.stdout).toContain('straight-line from: 2027-01')
    expect(plan.stdout).toMatch(/2027\s+20,000\.04/)
    const monthly = await run(['assets', 'plan', '1', '--monthly', '--format', 'csv', '--user', JAN], { store })
    expect(monthly.stdout.split(/\r?\n/)[1]).toBe('2025-04,200.00,200.00')
    const missing = await run(['assets', 'plan', '7', '--user', JAN], { store })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('nie ma w ewidencji środka o numerze 7')
  })
})
