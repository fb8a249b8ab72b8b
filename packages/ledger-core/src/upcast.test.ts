import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { itemDataArb } from './testing/arbitraries.ts'
import { ITEM_V3_DEFAULTS, upcast, upcastItemStepwise, upcastOwned } from './upcast.ts'

type Json = Record<string, unknown>

/** Keys no version defines: an upcaster must carry them through where they stand. */
const extraArb = fc.dictionary(fc.constantFrom('note', 'legacyTag', 'x'), fc.oneof(fc.string(), fc.integer()), {
  maxKeys: 2,
})

/** v3 fields with values other than their defaults, or none of them. */
const v3FieldsArb = fc.option(
  fc.record({
    vatTreatment: fc.constantFrom('rate', 'exempt', 'reverseCharge'),
    supplyDate: fc.option(fc.constant('2026-02-03'), { nil: null }),
    documentNumber: fc.constantFrom('', 'FV 1/2026'),
    description: fc.string({ maxLength: 5 }),
    counterparty: fc.constant(null),
    kpirColumn: fc.option(fc.constantFrom('goods', 'other'), { nil: null }),
    flatRate: fc.constant(null),
    ksefNumber: fc.constant(null),
    ksefMarker: fc.constant(null),
    documentType: fc.constant(null),
    gtu: fc.constantFrom([], ['GTU_01']),
    procedures: fc.constant([]),
  }),
  { nil: undefined },
)

/** An item payload as version `v` stored it (1–3), beside extra keys inside and outside `data`. */
const oldItemArb = fc
  .record({
    version: fc.integer({ min: 1, max: 3 }),
    id: fc.integer({ min: 1, max: 1000 }),
    dataType: fc.constantFrom('Income', 'RecurringIncome', 'Expense', 'RecurringExpense'),
    data: itemDataArb,
    v3: v3FieldsArb,
    cents: fc.integer({ min: 0, max: 10_000_000 }),
    percent: fc.option(fc.constantFrom(0, 5, 8, 23), { nil: undefined }),
    dropInvoiceDate: fc.boolean(),
    inner: extraArb,
    outer: extraArb,
  })
  .map(({ version, id, dataType, data, v3, cents, percent, dropInvoiceDate, inner, outer }) => {
    let d: Json = { ...inner, ...data }
    if (version === 1) {
      const { invoiceDate, ...rest } = d
      d = { ...rest, amount: cents / 100, ...(percent === undefined ? { percent: undefined } : { percent }) }
      if (!dropInvoiceDate) d.invoiceDate = invoiceDate
    }
    if (version === 3) d = { ...d, ...(v3 ?? ITEM_V3_DEFAULTS) }
    return { version, payload: { ...outer, id, dataType, data: d } as Json }
  })

describe('the fused item upcast', () => {
  it('equals the step-by-step chain on any old item, key order included, and leaves its input alone', () =>
    fc.assert(
      fc.property(oldItemArb, fc.constantFrom('ItemAdded', 'ItemUpdated'), ({ version, payload }, type) => {
        const before = structuredClone(payload)
        const fused = upcast(type, version, payload)
        const stepwise = upcastItemStepwise(version, structuredClone(payload))
        expect(fused).toStrictEqual({ type, data: stepwise })
        expect(JSON.stringify(fused.data)).toBe(JSON.stringify(stepwise))
        expect(payload).toStrictEqual(before)
      }),
      { numRuns: 500 },
    ))

  it('upcastOwned completes the payload in place into what upcast copies out, key order included', () =>
    fc.assert(
      fc.property(oldItemArb, fc.constantFrom('ItemAdded', 'ItemUpdated'), ({ version, payload }, type) => {
        const copied = upcast(type, version, structuredClone(payload))
        const owned = structuredClone(payload)
        const completed = upcastOwned(type, version, owned)
        expect(completed.data).toBe(owned)
        expect(completed).toStrictEqual(copied)
        expect(JSON.stringify(completed)).toBe(JSON.stringify(copied))
      }),
      { numRuns: 500 },
    ))

  it('upcastOwned lifts any other event as upcast does', () => {
    const flag = { id: 7, completed: true }
    expect(upcastOwned('TransactionCompletedSet', 1, flag)).toStrictEqual(upcast('TransactionCompletedSet', 1, flag))
    const primary = { id: 1, dataType: 'Primary', data: { companyName: 'A' } }
    expect(upcastOwned('CompanyRecordSaved', 1, primary)).toStrictEqual(upcast('CompanyRecordSaved', 1, primary))
    expect(() => upcastOwned('NoSuchEvent', 1, {})).toThrow()
  })

  it('refuses what the chain refuses: a v1 amount that is not a whole number of grosze', () => {
    const v1 = { id: 1, dataType: 'Income', data: { date: '2026-01-01', name: 'a', amount: 0.001, percent: 23 } }
    expect(() => upcastItemStepwise(1, v1)).toThrow(TypeError)
    expect(() => upcast('ItemAdded', 1, v1)).toThrow(TypeError)
    expect(() => upcastOwned('ItemAdded', 1, structuredClone(v1))).toThrow(TypeError)
  })

  it('the chain itself: a v2 item gains the v3 and then the v4 fields, after its own', () => {
    const v2 = {
      id: 2,
      dataType: 'Expense',
      data: { date: '2026-01-01', amount: '1.00', percent: '23', invoiceDate: null },
    }
    const keys = Object.keys(upcastItemStepwise(2, v2).data as Json)
    expect(keys.slice(0, 4)).toEqual(['date', 'amount', 'percent', 'invoiceDate'])
    expect(keys.slice(4, -2)).toEqual(Object.keys(ITEM_V3_DEFAULTS))
    expect(keys.slice(-2)).toEqual(['documentVat', 'corrects'])
  })
})
