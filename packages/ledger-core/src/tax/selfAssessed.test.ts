/**
 * The self-assessed purchases of JPK_V7's K_25 … K_32 (docs/tax-rules.md §29): import of goods under art. 33a,
 * import of services other than art. 28b, goods whose buyer is the taxpayer (art. 17 ust. 1 pkt 5) — the worked May
 * 2026 of `testing/selfAssessed.ts` field by field, and the property that a self-assessed purchase leaves the tax to
 * pay unchanged in its month.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { foldBooks } from '../deciders/books.ts'
import { taxesThrough } from '../projections/derived.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import { validateRecord } from '../schemas/validate.ts'
import type { LedgerEvent } from '../events.ts'
import { income, vatSetting } from '../testing/fixtures.ts'
import { selfAssessedEvents } from '../testing/selfAssessed.ts'
import { crossBorderVatDate, SELF_ASSESSED_FIELDS } from './crossBorder.ts'
import { declareVat } from './vat.ts'

const zl = (n: number) => BigInt(n) * 100n
const state = foldBooks(selfAssessedEvents)

describe('golden §29: the worked May 2026', () => {
  const may = vatFiling(state, '2026-05')!

  it('declares each kind in its own P_ fields; P_37 / P_38 count them; the same tax is input tax', () => {
    const d = may.period.declaration
    expect([d.P_25, d.P_26, d.P_27, d.P_28, d.P_31, d.P_32, d.P_29, d.P_30]).toEqual([
      zl(20000),
      zl(4600),
      zl(3000),
      zl(690),
      zl(10000),
      zl(2300),
      0n,
      0n,
    ])
    expect([d.P_37, d.P_38, d.P_42, d.P_43, d.P_48, d.P_51]).toEqual([
      zl(33000),
      zl(7590),
      zl(33000),
      zl(7590),
      zl(7590),
      0n,
    ])
  })

  it('puts each purchase in the sales register under its own K_ fields and in the purchase register', () => {
    expect(may.sales.map((r) => [r.documentNumber, r.fields])).toEqual([
      ['26PL44302000012345', { K_25: 2_000_000n, K_26: 460_000n }],
      ['R-2026-0520', { K_27: 300_000n, K_28: 69_000n }],
      ['FV 2026/118', { K_31: 1_000_000n, K_32: 230_000n }],
    ])
    expect(may.purchases.map((r) => r.fields)).toEqual([
      { K_42: 2_000_000n, K_43: 460_000n },
      { K_42: 300_000n, K_43: 69_000n },
      { K_42: 1_000_000n, K_43: 230_000n },
    ])
  })

  it('the engine’s month agrees: output and input VAT 7 590.00, nothing to pay', () => {
    const v = taxesThrough(state, '2026-05')!.result.vat.find((p) => p.from === '2026-05')!
    expect([v.output, v.input]).toEqual([759_000n, 759_000n])
  })

  it('their tax points: the supply (performance, installation, the customs declaration) — not the invoice', () => {
    const dates = { isIncome: false, date: '2026-06-05', invoiceDate: '2026-06-05', supplyDate: '2026-05-25' }
    for (const k of ['importGoods', 'importServicesOther', 'buyerTaxpayerGoods'] as const)
      expect(crossBorderVatDate(k, dates)).toBe('2026-05-25')
  })

  it('the item validation accepts the new kinds for expenses only', () => {
    expect(validateRecord('Expense', income({ amount: '1.00', crossBorder: 'importGoods' })).ok).toBe(true)
    const sale = validateRecord('Income', income({ amount: '1.00', crossBorder: 'buyerTaxpayerGoods' }))
    expect(sale.ok).toBe(false)
  })
})

describe('property: a self-assessed purchase adds the same tax on both sides', () => {
  it('for any kind and amount, P_38 and P_48 rise together and P_51 stays', () => {
    const kinds = Object.keys(SELF_ASSESSED_FIELDS) as (keyof typeof SELF_ASSESSED_FIELDS)[]
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.integer({ min: 1, max: 100_000_000 }), (kind, grosze) => {
        const base = BigInt(grosze)
        const vat = (base * 23n + 50n) / 100n
        const d = declareVat([{ treatment: kind, percent: '23', base, vat }], base, vat, 0n)
        const [b, t] = SELF_ASSESSED_FIELDS[kind]
        const field = (n: number) => (d as unknown as Record<string, bigint>)[`P_${n}`]
        return d.P_38 === field(t) && d.P_37 === field(b) && d.P_48 === d.P_43 && d.P_51 === 0n && d.P_38 === d.P_43
      }),
    )
  })
})

describe('an import of services of art. 28b: the supplier’s country chooses K_27 / K_28 or K_29 / K_30', () => {
  // JPK_V7M(2): K_29 / K_30 "import usług nabywanych od podatników podatku od wartości dodanej, do których stosuje się
  // art. 28b" (art. 2 pkt 16: identified for VAT in another member state); K_27 / K_28 every other import of services.
  const subscription = (id: number, country: string | null) => {
    const v = validateRecord(
      'Expense',
      income({
        date: '2026-01-20',
        name: 'Subscription',
        amount: '1000.00',
        percent: '23',
        crossBorder: 'importServices',
        documentNumber: `INV-${id}`,
        counterparty: country === null ? null : { name: 'Cloud', taxId: '123456', country, address: '' },
      }),
    )
    if (!v.ok) throw new Error(JSON.stringify(v.errors))
    return { type: 'ItemAdded', data: { id, dataType: 'Expense', data: v.value } } as LedgerEvent
  }
  const vatPayer = { type: 'SettingAdded', data: { id: 1, kind: 'Vat', data: vatSetting({ date: '2026-01-01' }) } }
  const january = (country: string | null) => {
    const f = vatFiling(foldBooks([vatPayer as LedgerEvent, subscription(50, country)]), '2026-01')!
    const d = f.period.declaration
    return { sales: f.sales.map((r) => r.fields), p: [d.P_27, d.P_28, d.P_29, d.P_30, d.P_37, d.P_38] }
  }

  it('a US supplier: K_27 1 000.00 / K_28 230.00; P_37 / P_38 the same as from an EU supplier', () => {
    expect(january('US')).toEqual({
      sales: [{ K_27: 100_000n, K_28: 23_000n }],
      p: [zl(1000), zl(230), 0n, 0n, zl(1000), zl(230)],
    })
  })

  it('a German supplier, or one whose country the item does not give: K_29 / K_30', () => {
    for (const country of ['DE', 'GR', null])
      expect(january(country)).toEqual({
        sales: [{ K_29: 100_000n, K_30: 23_000n }],
        p: [0n, 0n, zl(1000), zl(230), zl(1000), zl(230)],
      })
  })
})
