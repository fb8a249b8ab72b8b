/**
 * Invoices over HTTP: a counterparty with a bad NIP and a draft with bad lines refused with every field (Polish
 * catalogs translate the English messages on screen) and nothing written; a draft issued with its number and its
 * incomes (the month's income and VAT rows); concurrent issues take distinct numbers; the FA(3) download; a
 * correction; an invoice in KSeF refuses changes.
 */
import type { ExchangeRates } from '@finance/books'
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const buyer = {
  name: 'ACME sp. z o.o.',
  taxId: '526-000-12-46',
  country: 'PL',
  address: 'ul. Prosta 1, 00-001 Warszawa',
}
const draft = (over: Record<string, unknown> = {}) => ({
  kind: 'VAT',
  buyer,
  issueDate: '2026-03-10',
  lines: [
    { name: 'Programowanie', quantity: '10', unit: 'godz.', unitNet: '150.00', vat: '23' },
    { name: 'Szkolenie', quantity: '1', unit: 'dzień', unitNet: '1200.00', vat: '8' },
  ],
  payment: { dueDate: '2026-03-24', method: 'transfer' },
  ...over,
})

async function company(hh: Harness) {
  const t = await hh.user('a@example.com')
  for (const [path, dataType, dataObject] of [
    ['config', 'Invoice', bodies.Invoice],
    ['fee', 'Vat', { ...bodies.Vat, date: '2026-01-01' }],
  ] as const) {
    const res = await call(hh.app, t, 'POST', `/api/${path}`, { dataType, dataObject })
    if (res.statusCode >= 300) throw new Error(`${dataType}: ${res.body}`)
  }
  return t
}

describe('invoices', () => {
  it('refuses a bad counterparty and a bad draft with every field, writing nothing', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const cp = await call(h.app, t, 'POST', '/api/counterparties', { name: '', taxId: '5260001247' })
    expect(cp.statusCode).toBe(400)
    expect(cp.json().fieldErrors).toEqual({ name: 'Name is required', taxId: 'Nip checksum is not valid' })
    const bad = await call(
      h.app,
      t,
      'POST',
      '/api/invoices',
      draft({ lines: [{ name: 'X', quantity: 'abc', unitNet: '1.5', vat: '22' }], payment: { method: 'barter' } }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({
      'lines.0.quantity': 'Quantity must be a number above zero with at most six decimals',
      'lines.0.vat': 'VAT must be 23, 8, 5, 0, zw or np',
      'payment.method': 'Payment method must be transfer, cash or card',
    })
    expect((await call(h.app, t, 'POST', '/api/invoices', [1, 2])).statusCode).toBe(400)
    expect((await call(h.app, t, 'GET', '/api/invoices')).json()).toEqual({ invoices: [] })
    expect((await call(h.app, t, 'GET', '/api/counterparties')).json()).toEqual({ counterparties: [] })
  })

  it('a draft issued: its number, its incomes in the month (income and VAT), its FA(3); a correction', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const created = await call(h.app, t, 'POST', '/api/invoices', draft())
    expect(created.statusCode).toBe(201)
    const d = created.json()
    expect([d.state, d.number, d.totals.gross, d.totals.rates.map((r: { vat: string }) => r.vat)]).toEqual([
      'draft',
      null,
      '3141.00',
      ['23', '8'],
    ])
    // The buyer was remembered, its NIP normalised.
    expect((await call(h.app, t, 'GET', '/api/counterparties')).json().counterparties).toEqual([
      expect.objectContaining({ name: 'ACME sp. z o.o.', taxId: '5260001246' }),
    ])
    // A stale version is refused.
    expect((await call(h.app, t, 'POST', `/api/invoices/${d.id}/issue?version=${d.version + 5}`)).statusCode).toBe(409)
    const issued = await call(h.app, t, 'POST', `/api/invoices/${d.id}/issue`)
    expect(issued.statusCode).toBe(200)
    expect([issued.json().state, issued.json().number]).toEqual(['issued', 'FV/2026/03/1'])
    // The incomes are in the month: one per rate, with the number.
    const month = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')).json() as {
      eventType: string
      dataObject: Record<string, unknown>
    }[]
    const revenue = month.filter((r) => r.eventType === '1_Revenue').map((r) => r.dataObject)
    expect(revenue.map((r) => [r.amount, r.vatAmount, r.invoiceDate])).toEqual([
      ['1500.00', '345.00', '2026-03-10'],
      ['1200.00', '96.00', '2026-03-10'],
    ])
    // Waiting for KSeF as one invoice, not an income per rate: its total, dated by its issue date (not its term).
    const unsent = (await call(h.app, t, 'GET', '/api/ksef/unsent')).json()
    expect(unsent).toEqual([
      {
        itemId: expect.any(Number),
        itemIds: [expect.any(Number), expect.any(Number)],
        documentNumber: 'FV/2026/03/1',
        name: expect.any(String),
        issueDate: '2026-03-10',
        net: '2700.00',
        gross: '3141.00',
      },
    ])
    expect(unsent[0].itemIds[0]).toBe(unsent[0].itemId)
    // An income typed at the VAT setting's rate in force (23 %) waits with that VAT in its gross.
    const atRate = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'Income',
      dataObject: {
        date: '2026-03-12',
        name: 'Konsultacje',
        amount: '1000.00',
        isCompany: true,
        percent: null,
        vatTreatment: 'inForce',
        invoiceDate: '2026-03-12',
        documentNumber: 'FV 9/2026',
      },
    })
    expect(atRate.statusCode).toBe(201)
    // An income typed without a document number waits under its name (which the screen names it by).
    const unnumbered = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'Income',
      dataObject: { date: '2026-03-13', name: 'Usługa marzec', amount: '500.00', isCompany: true, percent: '23' },
    })
    expect(unnumbered.statusCode).toBe(201)
    const waiting = (await call(h.app, t, 'GET', '/api/ksef/unsent')).json() as {
      documentNumber: string
      name: string
    }[]
    expect(waiting.find((w) => w.documentNumber === 'FV 9/2026')).toMatchObject({
      name: 'Konsultacje',
      net: '1000.00',
      gross: '1230.00',
    })
    expect(waiting.find((w) => w.documentNumber === '')).toMatchObject({ name: 'Usługa marzec', gross: '615.00' })
    const fa3 = await call(h.app, t, 'GET', `/api/invoices/${d.id}/fa3`)
    expect(fa3.statusCode).toBe(200)
    expect(fa3.headers['content-disposition']).toContain('FA3_FV_2026_03_1.xml')
    expect(fa3.body).toContain('<P_13_2>1200.00</P_13_2>')
    // A draft cannot be downloaded; an issued invoice cannot be deleted.
    const other = (await call(h.app, t, 'POST', '/api/invoices', draft())).json()
    expect((await call(h.app, t, 'GET', `/api/invoices/${other.id}/fa3`)).statusCode).toBe(400)
    expect((await call(h.app, t, 'DELETE', `/api/invoices/${d.id}`)).statusCode).toBe(400)
    expect((await call(h.app, t, 'DELETE', `/api/invoices/${other.id}`)).statusCode).toBe(200)
    // A correction: a KOR draft prefilled, issued from the corrections series.
    const kor = await call(h.app, t, 'POST', `/api/invoices/${d.id}/correction`, { issueDate: '2026-04-02' })
    expect(kor.statusCode).toBe(201)
    const k = kor.json()
    const lines = [{ ...k.data.lines[0], quantity: '8' }, k.data.lines[1]]
    const changed = await call(h.app, t, 'PUT', `/api/invoices/${k.id}`, {
      ...k.data,
      lines,
      correction: { ...k.data.correction, reason: 'Mniej godzin' },
      version: k.version,
    })
    expect(changed.statusCode).toBe(200)
    const korIssued = (await call(h.app, t, 'POST', `/api/invoices/${k.id}/issue`)).json()
    expect([korIssued.number, korIssued.totals.gross]).toEqual(['KOR/2026/1', '2772.00'])
    const list = (await call(h.app, t, 'GET', '/api/invoices')).json().invoices
    expect(list.map((i: { number: string; state: string }) => [i.number, i.state])).toEqual([
      ['KOR/2026/1', 'issued'],
      ['FV/2026/03/1', 'corrected'],
    ])
    // A corrected invoice is no longer changed directly.
    const again = await call(h.app, t, 'PUT', `/api/invoices/${d.id}`, draft())
    expect(again.statusCode).toBe(400)
    expect(again.json().fieldErrors).toEqual({ id: 'An invoice sent to KSeF cannot be changed: issue a correction' })
  })

  it('split payment: an Annex 15 line over 15 000 zł gross is marked P_18A in the FA(3); a bad mark is a 400', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const laptops = [{ name: 'Laptop', quantity: '10', unit: 'szt.', unitNet: '1220.00', vat: '23', annex15: true }]
    const bad = await call(h.app, t, 'POST', '/api/invoices', draft({ lines: [{ ...laptops[0], annex15: 'tak' }] }))
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({ 'lines.0.annex15': 'Annex 15 must be yes or no' })
    const d = (await call(h.app, t, 'POST', '/api/invoices', draft({ lines: laptops }))).json()
    expect(d.data.lines[0].annex15).toBe(true)
    const issued = await call(h.app, t, 'POST', `/api/invoices/${d.id}/issue`)
    expect(issued.statusCode).toBe(200)
    const fa3 = await call(h.app, t, 'GET', `/api/invoices/${d.id}/fa3`)
    expect(fa3.statusCode).toBe(200)
    expect(fa3.body).toContain('<P_15>15006.00</P_15>')
    expect(fa3.body).toContain('<P_18A>1</P_18A>')
    // The visualisation drawn from that file prints the mark.
    const html = await call(h.app, t, 'GET', `/api/ksef/invoices/${issued.json().itemIds[0]}/html`)
    expect(html.statusCode).toBe(200)
    expect(html.body).toContain('mechanizm podzielonej płatności')
  })

  it('an invoice in euro: its NBP rate fetched through the port, its złoty figures, KodWaluty and P_14_1W', async () => {
    const asked: string[] = []
    // Table 084/A/NBP/2026 of Thursday 30 April: the last working day before Monday 4 May 2026.
    const rates: ExchangeRates = {
      tablesA: async (from, to) => {
        asked.push(`${from}..${to}`)
        return { ok: true, tables: [{ no: '084/A/NBP/2026', date: '2026-04-30', rates: { EUR: '4.2345' } }] }
      },
      tablesB: async () => ({ ok: true, tables: [] }),
    }
    h = await harness({ now: '2026-05-06T10:00:00.000Z', rates })
    const t = await company(h)
    const eur = draft({
      currency: 'EUR',
      issueDate: '2026-05-04',
      lines: [{ name: 'Consulting', quantity: '10', unit: 'godz.', unitNet: '100.00', vat: '23' }],
      payment: { dueDate: '2026-05-18', method: 'transfer' },
    })
    const bad = await call(h.app, t, 'POST', '/api/invoices', { ...eur, currency: 'ZZZ' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toEqual({
      currency: 'Currency must be PLN or a currency of NBP table A (EUR, USD, …)',
    })
    const d = await call(h.app, t, 'POST', '/api/invoices', eur)
    expect(d.statusCode).toBe(201)
    // Saved, the draft already shows its złoty figures: the rate was fetched once.
    expect(asked).toEqual(['2026-04-20..2026-05-18'])
    expect(d.json().pln).toMatchObject({ ok: true, rate: { rate: '4.2345' }, net: '4234.50', tax: '973.94' })
    const issued = await call(h.app, t, 'POST', `/api/invoices/${d.json().id}/issue`)
    expect(issued.statusCode).toBe(200)
    expect(asked).toHaveLength(1)
    const item = await call(h.app, t, 'GET', `/api/revenue/GetById/${issued.json().itemIds[0]}`)
    expect(item.json().dataObject).toMatchObject({ amount: '4234.50', currency: { code: 'EUR', amount: '1000.00' } })
    const fa3 = (await call(h.app, t, 'GET', `/api/invoices/${d.json().id}/fa3`)).body
    for (const x of ['<KodWaluty>EUR</KodWaluty>', '<P_14_1>230.00</P_14_1>', '<P_14_1W>973.94</P_14_1W>'])
      expect(fa3).toContain(x)
    expect(fa3).toContain('<KursWaluty>4.2345</KursWaluty>')
    // The visualisation shows the amounts in euro and the VAT in złoty.
    const html = (await call(h.app, t, 'GET', `/api/ksef/invoices/${issued.json().itemIds[0]}/html`)).body
    expect(html).toContain('EUR')
    expect(html).toContain('973,94')
  })

  it('concurrent issues take distinct numbers', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const ids: number[] = []
    for (let i = 0; i < 8; i++) ids.push((await call(h.app, t, 'POST', '/api/invoices', draft())).json().id)
    const answers = await Promise.all(ids.map((id) => call(h.app, t, 'POST', `/api/invoices/${id}/issue`)))
    expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200))
    const numbers = answers.map((a) => a.json().number as string)
    expect([...numbers].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `FV/2026/03/${i + 1}`).sort())
  })

  it('number series: a pattern without {N} or the year is refused; the series numbers the next invoice', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const bad = await call(h.app, t, 'POST', '/api/invoice-series', { name: 'X', pattern: 'FV/{N}', reset: 'year' })
    expect(bad.json().fieldErrors).toEqual({ pattern: 'The pattern must contain the year ({YYYY} or {YY})' })
    const s = await call(h.app, t, 'POST', '/api/invoice-series', {
      name: 'Sklep',
      pattern: '{N}/S/{YYYY}',
      reset: 'year',
      kind: 'VAT',
    })
    expect(s.statusCode).toBe(201)
    const d = (await call(h.app, t, 'POST', '/api/invoices', draft({ seriesId: s.json().id }))).json()
    expect((await call(h.app, t, 'POST', `/api/invoices/${d.id}/issue`)).json().number).toBe('1/S/2026')
    // The list previews the number each series gives next today.
    const listed = (await call(h.app, t, 'GET', '/api/invoice-series')).json().series
    expect(listed).toEqual([expect.objectContaining({ pattern: '{N}/S/{YYYY}', used: true, next: '2/S/2026' })])
  })

  it('a draft naming a series or counterparty the caller does not have is a 400 on that id, and no draft is kept', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const other = await h.user('b@example.com')
    const theirs = await call(h.app, other, 'POST', '/api/invoice-series', {
      name: 'Cudza',
      pattern: '{N}/C/{YYYY}',
      reset: 'year',
      kind: 'VAT',
    })
    const theirBuyer = await call(h.app, other, 'POST', '/api/counterparties', { name: 'B', taxId: '526-000-12-46' })
    const corrections = await call(h.app, t, 'POST', '/api/invoice-series', {
      name: 'Korekty',
      pattern: 'K/{N}/{YYYY}',
      reset: 'year',
      kind: 'KOR',
    })
    expect([theirs.statusCode, theirBuyer.statusCode, corrections.statusCode]).toEqual([201, 201, 201])
    const before = await h.store.headPosition()
    const SERIES = 'Choose a number series of this kind of invoice'
    const COUNTERPARTY = 'Choose one of your counterparties'
    for (const [over, fieldErrors] of [
      [{ seriesId: theirs.json().id }, { seriesId: SERIES }],
      [{ seriesId: 99999 }, { seriesId: SERIES }],
      [{ seriesId: corrections.json().id }, { seriesId: SERIES }],
      [{ counterpartyId: 88888 }, { counterpartyId: COUNTERPARTY }],
      [{ counterpartyId: theirBuyer.json().id }, { counterpartyId: COUNTERPARTY }],
    ] as const) {
      const res = await call(h.app, t, 'POST', '/api/invoices', draft(over))
      expect([over, res.statusCode, res.json().fieldErrors]).toEqual([over, 400, fieldErrors])
    }
    expect(await h.store.headPosition()).toBe(before)
    expect((await call(h.app, t, 'GET', '/api/invoices')).json().invoices).toEqual([])
    // A saved draft cannot be changed to name one either.
    const saved = await call(h.app, t, 'POST', '/api/invoices', draft())
    expect(saved.statusCode).toBe(201)
    const changed = await call(h.app, t, 'PUT', `/api/invoices/${saved.json().id}`, draft({ seriesId: 99999 }))
    expect([changed.statusCode, changed.json().fieldErrors]).toEqual([400, { seriesId: SERIES }])
  })

  it('a recurring income: a month’s draft, issued with a number; the month counts once', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const created = await call(h.app, t, 'POST', '/api/revenue', {
      dataType: 'RecurringIncome',
      dataObject: {
        ...bodies.Income,
        date: '2026-01-10',
        invoiceDate: null,
        supplyDate: null,
        name: 'Abonament',
        amount: '1000.00',
        percent: '23',
        isCompany: true,
        repetitions: 12,
        counterparty: { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1' },
      },
    })
    expect(created.statusCode).toBe(201)
    const itemId = created.json().id
    expect((await call(h.app, t, 'POST', '/api/invoices/recurring', { itemId, month: '2026-3' })).statusCode).toBe(400)
    const draft = await call(h.app, t, 'POST', '/api/invoices/recurring', { itemId, month: '2026-03' })
    expect(draft.statusCode).toBe(201)
    const issued = (await call(h.app, t, 'POST', `/api/invoices/${draft.json().id}/issue`)).json()
    expect([issued.number, issued.totals.gross]).toEqual(['FV/2026/03/1', '1230.00'])
    const month = (await call(h.app, t, 'GET', '/api/transaction/getCurrentMonth/2026-03-10')).json() as {
      eventType: string
      dataObject: Record<string, unknown>
    }[]
    expect(month.filter((r) => r.eventType === '1_Revenue').map((r) => r.dataObject.amount)).toEqual(['1000.00'])
  })
})
