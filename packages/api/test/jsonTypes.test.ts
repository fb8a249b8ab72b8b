/**
 * JSON types: a part of a body that has the wrong JSON type (an object where an amount goes, a text where an
 * object goes, base64 that is not base64) is a 400 naming the field with its usual message, and nothing is written.
 */
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach, seeded } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

describe('PIT deductions of the wrong shape', () => {
  it('an object other than { socialSecurity, healthInsurance, other }, or a part that is no amount, is a 400', async () => {
    h = await harness()
    const t = await seeded(h)
    const before = await h.store.headPosition()
    const SHAPE = 'Deductions must be an amount or an object with socialSecurity, healthInsurance and other'
    for (const [deductions, fieldErrors] of [
      [{ evil: 1 }, { deductions: SHAPE }],
      [{ other: 'abc' }, { 'deductions.other': 'Deductions must be a number with at most 2 decimals' }],
      [true, { deductions: 'Deductions must be a number with at most 2 decimals' }],
    ] as const) {
      const res = await call(h.app, t, 'POST', '/api/fee', {
        dataType: 'Pit',
        dataObject: { ...bodies.Pit, deductions },
      })
      expect([res.statusCode, res.json().fieldErrors]).toEqual([400, fieldErrors])
    }
    expect(await h.store.headPosition()).toBe(before)
    const ok = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Pit',
      dataObject: { ...bodies.Pit, date: '2026-02-01', deductions: { other: '120' } },
    })
    expect([ok.statusCode, ok.json().dataObject.deductions]).toEqual([201, '120.00'])
  })
})

describe('an invoice draft with parts of the wrong type', () => {
  it('a buyer, lines or payment that is not an object (or a list) is a 400 naming it, and no draft is kept', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const before = await h.store.headPosition()
    const res = await call(h.app, t, 'POST', '/api/invoices', {
      issueDate: '2026-03-10',
      buyer: 'ACME',
      lines: 'Work',
      payment: 14,
    })
    expect([res.statusCode, res.json().fieldErrors]).toEqual([
      400,
      {
        buyer: 'The buyer must be an object with name, taxId, country and address',
        lines: 'Lines must be a list of objects with name, quantity, unit, unitNet and vat',
        payment: 'Payment must be an object with dueDate, method and bankAccount',
      },
    ])
    const line = await call(h.app, t, 'POST', '/api/invoices', { issueDate: '2026-03-10', lines: [42] })
    expect(line.json().fieldErrors).toEqual({
      'lines.0': 'Lines must be a list of objects with name, quantity, unit, unitNet and vat',
    })
    expect(await h.store.headPosition()).toBe(before)
    expect((await call(h.app, t, 'GET', '/api/invoices')).json().invoices).toEqual([])
    // Missing parts stay allowed in a draft.
    expect((await call(h.app, t, 'POST', '/api/invoices', { issueDate: '2026-03-10' })).statusCode).toBe(201)
  })
})

describe('annual inputs and a VAT refund with a part that is no object', () => {
  it('a spouse (or an offset) of another type is a 400 naming it, and nothing is written', async () => {
    h = await harness()
    const t = await seeded(h)
    const before = await h.store.headPosition()
    for (const spouse of [true, 'Anna', 50000]) {
      const res = await call(h.app, t, 'PUT', '/api/transaction/annual/2026/inputs', { spouse })
      expect([res.statusCode, res.json().fieldErrors]).toEqual([
        400,
        { spouse: 'Spouse must be an object with jointFiling, income and advances' },
      ])
    }
    const offset = await call(h.app, t, 'PUT', '/api/vat/refund/2026-03', { term: 'days40', offset: 'PIT' })
    expect([offset.statusCode, offset.json().fieldErrors]).toEqual([
      400,
      { offset: 'The offset must be an object with amount and liability' },
    ])
    expect(await h.store.headPosition()).toBe(before)
  })
})

describe('text, intervals and parts of the wrong JSON type', () => {
  it('a text field given a number or a boolean, an interval given true, a part given "" or {} is a 400 on it', async () => {
    h = await harness()
    const t = await seeded(h)
    const before = await h.store.headPosition()
    const counterparty = 'Counterparty must be an object with name, taxId, country and address'
    for (const [url, body, fieldErrors] of [
      [
        '/api/revenue',
        { dataType: 'Income', dataObject: { ...bodies.Income, name: true } },
        { name: 'Name must be text' },
      ],
      [
        '/api/data/Income',
        { dataType: 'Income', dataObject: { ...bodies.Income, documentNumber: 0 } },
        { documentNumber: 'Document number must be text' },
      ],
      ['/api/revenue', { dataType: 'Income', dataObject: { ...bodies.Income, counterparty: '' } }, { counterparty }],
      ['/api/revenue', { dataType: 'Income', dataObject: { ...bodies.Income, counterparty: {} } }, { counterparty }],
      [
        '/api/fee',
        { dataType: 'Vat', dataObject: { ...bodies.Vat, date: '2026-04-01', paymentInterval: true } },
        { paymentInterval: 'Payment interval must be 1 or 3' },
      ],
      [
        '/api/fee',
        { dataType: 'Pit', dataObject: { ...bodies.Pit, date: '2026-04-01', paymentInterval: true } },
        { paymentInterval: 'Payment interval must be 1 or 3' },
      ],
      [
        '/api/setup',
        {
          company: { ...bodies.Primary, companyName: 0, nip: true, ownerName: 1 },
          vat: { ...bodies.Vat, paymentInterval: true },
          pit: [{ ...bodies.Pit, paymentInterval: false }],
          socialSecurity: bodies.SocialSecurity,
        },
        {
          'company.companyName': 'Company name must be text',
          'company.nip': 'Nip must be text',
          'company.ownerName': 'Owner name must be text',
          'vat.paymentInterval': 'Payment interval must be 1 or 3',
          'pit.0.paymentInterval': 'Payment interval must be 1 or 3',
        },
      ],
      [
        '/api/rates/preview',
        { dataType: 'Income', data: { ...bodies.Income, currency: '' } },
        { currency: 'Currency must be an object with code, amount and paidOn' },
      ],
    ] as const) {
      const res = await call(h.app, t, 'POST', url, body)
      expect([url, res.statusCode, res.json().fieldErrors]).toEqual([url, 400, fieldErrors])
    }
    expect(await h.store.headPosition()).toBe(before)
    // The select of the web's forms sends the interval as text.
    const monthly = await call(h.app, t, 'POST', '/api/fee', {
      dataType: 'Vat',
      dataObject: { ...bodies.Vat, date: '2026-04-01', paymentInterval: '3' },
    })
    expect([monthly.statusCode, monthly.json().dataObject.paymentInterval]).toEqual([201, 3])
  })
})

describe('uploads that are not base64', () => {
  it('are a 400 naming the file content as not base64, on every upload route, writing nothing', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    const NOT_BASE64 = 'File content must be base64 text'
    // The raw text of a file, a truncated upload and stray characters: Node's decoder would read each as a few bytes.
    const bad = ['<?xml version="1.0"?>', 'PGEvPg=', 'PGEv Pg==x', 'PG%2FPg==', 'a']
    const before = await h.store.headPosition()
    for (const base64 of bad) {
      for (const [url, body, field] of [
        ['/api/bank/import', { files: [{ fileName: 'a.sta', base64 }] }, 'files.0.base64'],
        ['/api/ksef/import', { files: [{ fileName: 'a.xml', base64 }] }, 'files.0.base64'],
        ['/api/bank/whitelist', { fileName: '20260310.json', base64 }, 'base64'],
        ['/api/rates/import', { fileName: 'archiwum_tab_a_2026.csv', base64 }, 'base64'],
        ['/api/rates/ecb/import', { fileName: 'eurofxref-hist.csv', base64 }, 'base64'],
      ] as const) {
        const res = await call(h.app, t, 'POST', url, body)
        expect([url, base64, res.statusCode, res.json().fieldErrors]).toEqual([
          url,
          base64,
          400,
          { [field]: NOT_BASE64 },
        ])
      }
    }
    expect(await h.store.headPosition()).toBe(before)
    // Base64 as browsers and MIME write it (padded, or broken into lines) still reads.
    const mime = Buffer.from('<a/>')
      .toString('base64')
      .replace(/(.{4})/g, '$1\r\n')
    const ok = await call(h.app, t, 'POST', '/api/ksef/import', { files: [{ fileName: 'a.xml', base64: mime }] })
    expect([ok.statusCode, ok.json().results[0].problems[0].code]).toEqual([200, 'SCHEMA'])
  })

  it('name a list element that is no file by the list’s own message, never the validator’s "0 is not valid"', async () => {
    h = await harness()
    const t = await h.user('a@example.com')
    for (const [url, message] of [
      ['/api/bank/import', 'Files must be a list of { fileName, base64 }'],
      ['/api/ksef/import', 'Files must be a list of { fileName, xml or base64, ksefNumber }'],
    ] as const) {
      const res = await call(h.app, t, 'POST', url, { files: [null] })
      expect([url, res.statusCode, res.json().fieldErrors]).toEqual([url, 400, { 'files.0': message }])
    }
  })
})
