/**
 * Property: for random histories (monthly or quarterly VAT, sales and purchases at every treatment, private items,
 * corrections with the VAT their documents state), the JPK_V7 file of every month that ends a VAT period declares
 * P_51, P_53 and P_62 exactly as the dashboard's VAT card of that period shows them; every declaration field is its
 * register field summed over the period's months and rounded once; and the control sums are the register's.
 */
import { fc, test } from '@fast-check/vitest'
import {
  addMonthsToMonth,
  foldBooks,
  type ItemDataType,
  ksefCheckDigits,
  type LedgerEvent,
  monthTransactions,
  roundHalfUpToZloty,
  validateRecord,
  vatFiling,
  vatOfItem,
} from '@finance/ledger-core'
import { expect } from 'vitest'
import { jpkV7File } from '../src/jpkV7.ts'
import { contact, primary } from '../src/testing/scenarios.ts'

const withCheckDigits = (data: string) => `${data}-${ksefCheckDigits(data)}`

const pad = (n: number) => String(n).padStart(2, '0')
const money = (g: bigint) => `${g < 0n ? '-' : ''}${(g < 0n ? -g : g) / 100n}.${pad(Number((g < 0n ? -g : g) % 100n))}`

const itemArb = fc.record({
  income: fc.boolean(),
  company: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  month: fc.integer({ min: 2, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  amount: fc.bigInt({ min: 0n, max: 2_000_000n }),
  treatment: fc.constantFrom('rate', 'rate', 'rate', 'zw', 'np', 'inForce'),
  percent: fc.constantFrom('0', '5', '8', '23'),
  correction: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(-1n, 0n, 1n) },
  ),
  number: fc.integer({ min: 1, max: 6 }),
  marker: fc.constantFrom(null, 'OFF', 'BFK', 'DI', 'KSEF'),
})

const historyArb = fc.record({
  interval: fc.constantFrom(1, 3),
  items: fc.array(itemArb, { minLength: 1, maxLength: 30 }),
})

type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never

const build = (h: History) => {
  const events: LedgerEvent[] = [
    {
      type: 'SettingAdded',
      data: { id: 1, kind: 'Vat', data: { date: '2025-12-01', percent: '23', paymentInterval: h.interval } },
    } as LedgerEvent,
  ]
  let id = 2
  for (const it of h.items) {
    const date = `2026-${pad(it.month)}-${pad(it.day)}`
    const dataType: ItemDataType = it.income ? 'Income' : 'Expense'
    const amount = it.correction === null ? it.amount : -(it.amount / 10n)
    const percent = it.treatment === 'rate' ? it.percent : it.treatment === 'inForce' ? null : '0'
    const stated =
      it.correction !== null && it.treatment === 'rate' ? vatOfItem(amount, it.percent) + it.correction : null
    const data = {
      date,
      name: `Item ${id}`,
      amount: money(amount),
      isCompany: it.company,
      percent,
      vatTreatment: it.treatment,
      documentNumber: `D ${it.number}/${it.month}`,
      counterparty: { name: 'ACME', taxId: '5260001246', country: 'PL', address: '' },
      ksefNumber:
        it.marker === 'KSEF'
          ? withCheckDigits(`5260250274-2026${pad(it.month)}${pad(it.day)}-0100001AF6${pad(it.number)}`)
          : null,
      ksefMarker: it.marker === 'KSEF' ? null : it.marker,
      documentVat: stated === null ? null : money(stated),
      corrects: it.correction === null ? null : { documentNumber: 'X 1', ksefNumber: null, issueDate: null },
    }
    const v = validateRecord(dataType, data)
    if (!v.ok) throw new Error(JSON.stringify(v.errors))
    events.push({ type: 'ItemAdded', data: { id: id++, dataType, data: v.value } } as LedgerEvent)
  }
  return foldBooks(events)
}

const field = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>(-?\\d+)</${name}>`).exec(xml)
  return m ? BigInt(m[1]!) * 100n : 0n
}

test.prop([historyArb], { numRuns: 60 })(
  'the declaration of every period equals the VAT card, and the register adds up to it',
  (h) => {
    const state = build(h)
    for (let m = '2026-02'; m <= '2026-12'; m = addMonthsToMonth(m, 1)) {
      const filing = vatFiling(state, m)
      if (!filing?.closesPeriod) continue
      const r = jpkV7File({ filing, primary, contact, purpose: 1, createdAt: '2027-01-10T10:00:00Z' })
      if (!r.ok) throw new Error(JSON.stringify(r.problems))
      // The dashboard's VAT card of the period (shown in the month the tax is due).
      const due = addMonthsToMonth(filing.period.to, 1)
      const card = monthTransactions(state, due, '2027-06-01').find(
        (t) => t.eventType === '3_Vat' && (t.dataObject as { period?: { to: string } }).period?.to === filing.period.to,
      )
      const breakdown = (card?.dataObject as { breakdown?: Record<string, string> } | undefined)?.breakdown
      for (const f of ['P_51', 'P_53', 'P_62'] as const) {
        const declared = field(r.xml, f)
        expect(declared).toBe(filing.period.declaration[f])
        if (breakdown) expect(money(declared)).toBe(breakdown[f])
      }
      expect(filing.period.due).toBe(filing.period.declaration.P_51)
      // Every field is the period's register summed and rounded once.
      const months = [filing.period.from, addMonthsToMonth(filing.period.from, 1), filing.period.to].filter(
        (x, i, a) => x <= filing.period.to && a.indexOf(x) === i,
      )
      const rows = months.flatMap((x) => {
        const f = vatFiling(state, x)!
        return [...f.sales, ...f.purchases]
      })
      const sum = (k: string) => rows.reduce((a, row) => a + ((row.fields as Record<string, bigint>)[k] ?? 0n), 0n)
      const d = filing.period.declaration
      for (const [k, p] of [
        ['K_10', 'P_10'],
        ['K_11', 'P_11'],
        ['K_13', 'P_13'],
        ['K_15', 'P_15'],
        ['K_16', 'P_16'],
        ['K_17', 'P_17'],
        ['K_18', 'P_18'],
        ['K_19', 'P_19'],
        ['K_20', 'P_20'],
        ['K_42', 'P_42'],
        ['K_43', 'P_43'],
      ] as const)
        expect(roundHalfUpToZloty(sum(k)), `${k} → ${p}`).toBe(d[p])
      // The control sums are the month's register.
      const own = [...filing.sales]
      const output = own.reduce(
        (a, row) => a + (row.fields.K_16 ?? 0n) + (row.fields.K_18 ?? 0n) + (row.fields.K_20 ?? 0n),
        0n,
      )
      expect(r.xml).toContain(`<PodatekNalezny>${money(output)}</PodatekNalezny>`)
      expect(r.xml).toContain(`<LiczbaWierszySprzedazy>${filing.sales.length}</LiczbaWierszySprzedazy>`)
    }
  },
)
