/**
 * VAT across borders, on fixed assets and on cars through the API: items with their kinds, the month's VAT card
 * and the JPK_V7 file agreeing field by field, an item's refused fields (400, nothing written), and a fixed asset's
 * change of use with its art. 91 corrections; a hotel or restaurant whose VAT is not deductible (art. 88 ust. 1 pkt 4).
 */
import { validateXml } from '@finance/tax-files'
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

async function trader(hh: Harness) {
  const t = await hh.user('a@example.com')
  const records: [string, string, unknown][] = [
    ['config', 'Primary', { ...bodies.Primary, birthDate: '1985-04-02', taxOfficeCode: '1471' }],
    ['config', 'Contact', bodies.Contact],
    ['fee', 'Vat', bodies.Vat],
    ['fee', 'Pit', bodies.Pit],
  ]
  for (const [path, dataType, dataObject] of records) {
    const res = await call(hh.app, t, 'POST', `/api/${path}`, { dataType, dataObject })
    if (res.statusCode >= 300) throw new Error(`${dataType}: ${res.body}`)
  }
  const item = (path: 'revenue' | 'fee', dataType: 'Income' | 'Expense', over: Record<string, unknown>) =>
    call(hh.app, t, 'POST', `/api/${path}`, {
      dataType,
      dataObject: { ...bodies.Income, invoiceDate: null, ...over },
    })
  return { t, item }
}

const field = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1])

describe('items across borders', () => {
  it('the VAT card and the JPK_V7 file carry each kind in its own field', async () => {
    h = await harness({ now: '2026-04-20T10:00:00.000Z' })
    const { t, item } = await trader(h)
    const ie = { name: 'Software Ltd', taxId: 'IE6388047V', country: 'IE', address: 'Dublin' }
    const created = [
      await item('fee', 'Expense', {
        name: 'Licence',
        amount: '1000.00',
        crossBorder: 'importServices',
        counterparty: ie,
      }),
      await item('revenue', 'Income', { name: 'Parts', amount: '8000.00', crossBorder: 'wdt', documentNumber: 'FV 1' }),
      await item('revenue', 'Income', {
        name: 'Export',
        amount: '3000.00',
        crossBorder: 'export',
        documentNumber: 'FV 2',
      }),
      await item('revenue', 'Income', { name: 'Design', amount: '4000.00', crossBorder: 'euServices' }),
      await item('fee', 'Expense', { name: 'Laptop', amount: '6000.00', fixedAsset: true }),
      await item('fee', 'Expense', { name: 'Fuel', amount: '500.00', car: { use: 'mixed' } }),
    ]
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201])
    // The imported service is paid net: its self-assessed VAT is no part of the sum.
    expect(created[0]!.json().dataObject).toMatchObject({ crossBorder: 'importServices', percent: '23' })
    expect(created[1]!.json().dataObject).toMatchObject({ vatTreatment: 'rate', percent: '0' })

    const month = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-04-25')).json() as {
      dataType: string
      dataObject: { breakdown?: Record<string, string> }
    }[]
    const card = month.find((r) => r.dataType === 'Vat')!.dataObject.breakdown!
    expect(card).toMatchObject({
      P_11: '4000.00',
      P_12: '4000.00',
      P_21: '8000.00',
      P_22: '3000.00',
      P_29: '1000.00',
      P_30: '230.00',
      P_40: '6000.00',
      P_41: '1380.00',
      P_42: '1500.00',
      P_43: '288.00',
    })
    const jpk = await call(h.app, t, 'GET', '/api/jpk/v7/2026-03')
    expect(jpk.statusCode).toBe(200)
    for (const f of ['P_12', 'P_21', 'P_22', 'P_29', 'P_30', 'P_40', 'P_41', 'P_42', 'P_43', 'P_51'])
      expect([`${field(jpk.body, f)[0]}.00`]).toEqual([card[f]])
    expect(field(jpk.body, 'K_43')).toEqual(['230.00', '57.50'])
  })

  it('refuses a wrong kind, a car income and an exempt self-assessed purchase with their fields; writes nothing', async () => {
    h = await harness({ now: '2026-04-20T10:00:00.000Z' })
    const { t, item } = await trader(h)
    const before = await h.store.headPosition()
    const cases: [Awaited<ReturnType<typeof item>>, string][] = [
      [await item('revenue', 'Income', { crossBorder: 'wnt' }), 'crossBorder'],
      [await item('revenue', 'Income', { car: { use: 'mixed' } }), 'car'],
      [await item('fee', 'Expense', { crossBorder: 'importServices', vatTreatment: 'np' }), 'vatTreatment'],
    ]
    for (const [res, name] of cases) {
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json().fieldErrors)).toEqual([name])
    }
    expect(await h.store.headPosition()).toBe(before)
    expect((await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json()).toEqual([])
  })
})

describe('an import of services from outside the EU (JPK_V7 K_27 / K_28)', () => {
  it('goes to K_27 / K_28, one from the EU to K_29 / K_30; the file is valid', async () => {
    h = await harness({ now: '2026-04-20T10:00:00.000Z' })
    const { t, item } = await trader(h)
    const us = { name: 'Cloud Inc', taxId: '12-3456789', country: 'US', address: 'Seattle' }
    const de = { name: 'Cloud GmbH', taxId: 'DE123456789', country: 'DE', address: 'Berlin' }
    const created = [
      await item('fee', 'Expense', {
        name: 'Hosting',
        amount: '1000.00',
        crossBorder: 'importServices',
        counterparty: us,
      }),
      await item('fee', 'Expense', {
        name: 'Licence',
        amount: '500.00',
        crossBorder: 'importServices',
        counterparty: de,
      }),
    ]
    expect(created.map((r) => r.statusCode)).toEqual([201, 201])
    const jpk = await call(h.app, t, 'GET', '/api/jpk/v7/2026-03')
    expect(jpk.statusCode).toBe(200)
    expect([field(jpk.body, 'K_27'), field(jpk.body, 'K_28')]).toEqual([['1000.00'], ['230.00']])
    expect([field(jpk.body, 'K_29'), field(jpk.body, 'K_30')]).toEqual([['500.00'], ['115.00']])
    expect([field(jpk.body, 'P_27'), field(jpk.body, 'P_29'), field(jpk.body, 'P_37')]).toEqual([
      ['1000'],
      ['500'],
      ['1500'],
    ])
    expect(await validateXml(jpk.body, jpk.body.includes('JPK_V7M (3)') ? 'JPK_V7M(3)' : 'JPK_V7M(2)')).toEqual({
      valid: true,
      errors: [],
    })
  })
})

describe('accommodation and gastronomy (art. 88 ust. 1 pkt 4)', () => {
  it('a hotel marked noVatDeduction deducts no VAT and is a cost at its gross; on an income it is a 400', async () => {
    h = await harness({ now: '2026-04-20T10:00:00.000Z' })
    const { t, item } = await trader(h)
    const hotel = await item('fee', 'Expense', {
      name: 'Hotel',
      amount: '400.00',
      percent: '8',
      documentNumber: 'H 1',
      noVatDeduction: true,
    })
    expect(hotel.statusCode).toBe(201)
    expect(hotel.json().dataObject).toMatchObject({ noVatDeduction: true, vatAmount: '32.00' })
    // An ordinary purchase, later marked on its record: PUT keeps the field too.
    const meal = await item('fee', 'Expense', { name: 'Dinner', amount: '200.00', percent: '8', documentNumber: 'R 1' })
    const put = await call(h.app, t, 'PUT', `/api/fee/${meal.json().id}`, {
      dataType: 'Expense',
      dataObject: { ...meal.json().dataObject, kpirColumn: 'notCost', noVatDeduction: true },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json().dataObject).toMatchObject({ kpirColumn: 'notCost', noVatDeduction: true })
    await item('fee', 'Expense', { name: 'Paper', amount: '100.00', documentNumber: 'FZ 1' })

    const jpk = await call(h.app, t, 'GET', '/api/jpk/v7/2026-03')
    expect(jpk.statusCode).toBe(200)
    expect(field(jpk.body, 'DowodZakupu')).toEqual(['FZ 1'])
    expect([field(jpk.body, 'P_42')[0], field(jpk.body, 'P_43')[0]]).toEqual(['100', '23'])
    const book = (await call(h.app, t, 'GET', '/api/books/2026?month=3')).json() as {
      kpir: { rows: { documentNumber: string; otherExpenses: string | null }[] }
    }
    expect(book.kpir.rows.map((r) => [r.documentNumber, r.otherExpenses])).toEqual([
      ['H 1', '432.00'],
      ['FZ 1', '100.00'],
    ])

    const before = await h.store.headPosition()
    const bad = [
      await item('revenue', 'Income', { noVatDeduction: true }),
      await item('fee', 'Expense', { noVatDeduction: 'yes' }),
    ]
    expect(bad.map((r) => [r.statusCode, r.json().fieldErrors])).toEqual([
      [400, { noVatDeduction: 'Only an expense can have input VAT that may not be deducted' }],
      [400, { noVatDeduction: 'VAT not deductible must be true or false' }],
    ])
    expect(await h.store.headPosition()).toBe(before)
  })
})

/** A trader on 1 October 2028 with a laptop of 20 000 zł net bought on 10 March 2026, entered as an asset. */
const laptopAsset = async () => {
  h = await harness({ now: '2028-10-01T10:00:00.000Z' })
  const { t, item } = await trader(h)
  const laptop = await item('fee', 'Expense', { name: 'Laptop', amount: '20000.00', date: '2026-03-10' })
  const asset = await call(h.app, t, 'POST', '/api/assets', { itemId: laptop.json().id, kst: '491' })
  return { t, id: asset.json().asset.id as number }
}
/** Its sale on 10 September 2028, within the period 2026–2030. */
const sale = { date: '2028-09-10', reason: 'sale', price: '8000.00', changeOfActivity: false, document: 'FV 9/2028' }

describe('assets/{id}/vat', () => {
  it('a change of use answers the asset’s corrections; a bad share is a 400', async () => {
    h = await harness({ now: '2027-07-01T10:00:00.000Z' })
    const { t, item } = await trader(h)
    const laptop = await item('fee', 'Expense', { name: 'Laptop', amount: '20000.00', date: '2026-03-10' })
    const asset = await call(h.app, t, 'POST', '/api/assets', { itemId: laptop.json().id, kst: '491' })
    expect(asset.statusCode).toBe(201)
    const id = asset.json().asset.id as number
    const bad = await call(h.app, t, 'POST', `/api/assets/${id}/vat`, { date: '2027-06-01', taxedPercent: '150' })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['taxedPercent'])
    const res = await call(h.app, t, 'POST', `/api/assets/${id}/vat`, { date: '2027-06-01', taxedPercent: '0' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      correctionYears: 5,
      lastYear: 2030,
      changes: [{ date: '2027-06-01', taxedPercent: '0', previousPercent: '100', inputVat: '4600.00' }],
      corrections: [
        { month: '2028-01', year: 2027, amount: '-920.00' },
        { month: '2029-01', year: 2028, amount: '-920.00' },
        { month: '2030-01', year: 2029, amount: '-920.00' },
        { month: '2031-01', year: 2030, amount: '-920.00' },
      ],
    })
    expect((await call(h.app, t, 'GET', `/api/assets/${id}/vat`)).json()).toEqual(res.json())
    expect((await call(h.app, t, 'GET', '/api/assets/999/vat')).statusCode).toBe(404)
  })

  it('a sale within the period ends the yearly corrections: a taxed one corrects the years left to the share deducted', async () => {
    const { t, id } = await laptopAsset()
    expect(
      (await call(h.app, t, 'POST', `/api/assets/${id}/vat`, { date: '2027-06-01', taxedPercent: '0' })).statusCode,
    ).toBe(200)
    expect((await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, sale)).statusCode).toBe(200)
    // Sold with VAT: 2028–2030 count as taxed use, as deducted at the purchase (art. 91 ust. 4–5): no correction.
    expect((await call(h.app, t, 'GET', `/api/assets/${id}/vat`)).json().corrections).toEqual([
      { month: '2028-01', year: 2027, amount: '-920.00', forRemainingYears: false },
    ])
  })

  it('an exempt sale (art. 43) of an asset bought with its VAT deducted corrects the years left; vatExempt only on a sale', async () => {
    const { t, id } = await laptopAsset()
    const bad = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, {
      ...sale,
      reason: 'liquidation',
      vatExempt: true,
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({ vatExempt: 'Only a sale can be exempt from VAT' })
    const done = await call(h.app, t, 'POST', `/api/assets/${id}/disposal`, { ...sale, vatExempt: true })
    expect(done.statusCode).toBe(200)
    expect(done.json().asset.disposal).toMatchObject({ reason: 'sale', vatExempt: true })
    // 4 600 × (0 − 100 %) / 5 for each of 2028, 2029 and 2030, at once in September 2028.
    expect((await call(h.app, t, 'GET', `/api/assets/${id}/vat`)).json()).toMatchObject({
      changes: [],
      corrections: [{ month: '2028-09', year: 2028, amount: '-2760.00', forRemainingYears: true }],
    })
  })
})
