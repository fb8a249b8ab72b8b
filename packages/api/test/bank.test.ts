/**
 * Bank statements over HTTP: a file the parser refuses, statements imported (then re-imported: nothing added), an
 * unbalanced statement refused whole with its field, the VAT payment completing the VAT row with the day paid, the
 * queue and accepting a suggestion, rules, accounts and the ZUS account validated with fields, the open items.
 */
import { Buffer } from 'node:buffer'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ACCOUNT, line, statement } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { bodies } from './fixtures.ts'
import { call, type Harness, harness, closeHarnessAfterEach } from './helpers.ts'

let h: Harness
closeHarnessAfterEach(() => h)

const NIP = bodies.Primary.nip as string
const micro = (nip: string) => {
  const bban = `101000712222${nip}00`
  return `PL${String(98n - (BigInt(`${bban}252100`) % 97n)).padStart(2, '0')}${bban}`
}

async function company(hh: Harness) {
  const t = await hh.user('a@example.com')
  const post = async (path: string, dataType: string, dataObject: unknown) => {
    const res = await call(hh.app, t, 'POST', `/api/${path}`, { dataType, dataObject })
    if (res.statusCode >= 300) throw new Error(`${dataType}: ${res.body}`)
  }
  await post('config', 'Primary', bodies.Primary)
  await post('fee', 'Vat', { ...bodies.Vat, date: '2026-01-01', paymentInterval: 1 })
  await post('revenue', 'Income', {
    ...bodies.Income,
    date: '2026-01-20',
    invoiceDate: '2026-01-20',
    amount: '1000.00',
    percent: '23',
    isCompany: true,
    documentNumber: 'FV/7/2026',
  })
  return t
}

describe('bank import', () => {
  it('refuses a file no parser reads, whole, with its reason', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const res = await call(h.app, t, 'POST', '/api/bank/import', {
      files: [{ fileName: 'x.txt', base64: Buffer.from('hello').toString('base64') }],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      imported: 0,
      refused: 1,
      results: [{ ok: false, error: { code: 'bank.format.unknown' } }],
    })
    expect((await call(h.app, t, 'GET', '/api/bank')).json().accounts).toEqual([])
  })

  it('validates the request: no files is a 400 with the field', async () => {
    h = await harness()
    const t = await company(h)
    const res = await call(h.app, t, 'POST', '/api/bank/import', { files: [] })
    expect(res.statusCode).toBe(400)
    expect(res.json().fieldErrors).toHaveProperty('files')
  })

  it('reads a CSV export that names no account (PKO BP) as the account given, and refuses an account that is none', async () => {
    h = await harness({ now: '2026-05-10T10:00:00.000Z' })
    const t = await company(h)
    const pko = readFileSync(fileURLToPath(new URL('../../books/test/fixtures/bank/pko.csv', import.meta.url)))
    const files = [{ fileName: 'pko.csv', base64: pko.toString('base64') }]
    const without = await call(h.app, t, 'POST', '/api/bank/import', { files })
    expect(without.json().results[0]).toMatchObject({ ok: false, error: { code: 'bank.csv.account' } })
    for (const account of ['84 1020 1026 0000 1202 0345 6788', 'PL8410201026', 42]) {
      const bad = await call(h.app, t, 'POST', '/api/bank/import', { files, account })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().fieldErrors).toEqual({ account: 'Account number is not a valid IBAN' })
    }
    expect((await call(h.app, t, 'GET', '/api/bank')).json().accounts).toEqual([])
    const res = await call(h.app, t, 'POST', '/api/bank/import', {
      files,
      account: '84 1020 1026 0000 1202 0345 6789',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      imported: 1,
      results: [{ ok: true, variant: 'pko', statements: [{ account: 'PL84102010260000120203456789', newLines: 2 }] }],
    })
    expect((await call(h.app, t, 'GET', '/api/bank')).json().accounts).toMatchObject([
      { iban: 'PL84102010260000120203456789' },
    ])
  })

  it('imports statements, adds nothing on a re-import, and completes the VAT paid to the micro-account', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const month = (await call(h.app, t, 'GET', '/api/transaction/obligations/2026')).json()
    const vat = (month as { transactionId: string; amount: string }[]).find((o) => o.transactionId === 'vat-2026-01')!
    const s = statement([
      line({ bookingDate: '2026-02-03', amount: '600.00', title: 'Zaliczka FV/7/2026' }),
      line({
        bookingDate: '2026-02-24',
        amount: `-${vat.amount}`,
        counterpartyAccount: micro(NIP),
        title: `/TI/N${NIP}/OKR/26M01/SFP/VAT7/`,
      }),
      line({ bookingDate: '2026-02-25', amount: '-7.00', title: 'Opłata za przelew' }),
    ])
    const first = await call(h.app, t, 'POST', '/api/bank/statements', { statements: [s] })
    expect(first.statusCode).toBe(200)
    expect(first.json().results[0]).toMatchObject({ ok: true, statements: [{ lines: 3, newLines: 3, matched: 2 }] })
    const again = await call(h.app, t, 'POST', '/api/bank/statements', { statements: [s] })
    expect(again.json().results[0].statements).toMatchObject([{ lines: 3, newLines: 0, matched: 0 }])
    const overview = (await call(h.app, t, 'GET', '/api/bank')).json()
    expect(overview.accounts).toMatchObject([{ iban: ACCOUNT, lineCount: 3 }])
    expect(overview.unmatched).toBe(1)
    const tx = (await call(h.app, t, 'GET', '/api/transaction/obligations/2026')).json()
    expect(tx.find((o: { transactionId: string }) => o.transactionId === 'vat-2026-01')).toMatchObject({
      completed: true,
      paidAmount: vat.amount,
    })
    // The invoice is partly paid; it is a receivable, not overdue: it names no payment term.
    const open = (await call(h.app, t, 'GET', '/api/bank/open-items?from=2026-01&to=2026-02')).json()
    expect(open.receivables).toMatchObject([
      {
        documentNumber: 'FV/7/2026',
        paid: '600.00',
        remaining: '630.00',
        state: 'partlyPaid',
        dueDate: null,
        daysOverdue: 0,
      },
    ])
  })

  it('an invoice of several VAT rates is one receivable: its number, issue date and totals; a payment of it as a whole', async () => {
    h = await harness({ now: '2026-12-01T10:00:00.000Z' })
    const t = await company(h)
    const config = await call(h.app, t, 'POST', '/api/config', { dataType: 'Invoice', dataObject: bodies.Invoice })
    expect(config.statusCode).toBeLessThan(300)
    // FV/2026/11/1: 3 000,00 net at 23 % and 500,00 net at 8 %, 4 230,00 gross, to be paid by 19 November.
    const d = (
      await call(h.app, t, 'POST', '/api/invoices', {
        kind: 'VAT',
        buyer: { name: 'Klient sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1' },
        issueDate: '2026-11-05',
        lines: [
          { name: 'Programowanie', quantity: '1', unit: 'usł.', unitNet: '3000.00', vat: '23' },
          { name: 'Szkolenie', quantity: '1', unit: 'usł.', unitNet: '500.00', vat: '8' },
        ],
        payment: { dueDate: '2026-11-19', method: 'transfer' },
      })
    ).json()
    const issued = (await call(h.app, t, 'POST', `/api/invoices/${d.id}/issue`)).json()
    expect(issued.number).toBe('FV/2026/11/1')
    const s = statement([line({ bookingDate: '2026-11-20', amount: '4000.00', title: 'Zapłata FV/2026/11/1' })])
    const imported = await call(h.app, t, 'POST', '/api/bank/statements', { statements: [s] })
    expect(imported.json().results[0]).toMatchObject({ ok: true, statements: [{ matched: 1 }] })
    const open = (await call(h.app, t, 'GET', '/api/bank/open-items?from=2026-11&to=2026-11')).json()
    expect(open.receivables).toEqual([
      expect.objectContaining({
        kind: 'receivable',
        documentNumber: 'FV/2026/11/1',
        counterparty: 'Klient sp. z o.o.',
        date: '2026-11-05',
        dueDate: '2026-11-19',
        sum: '4230.00',
        paid: '4000.00',
        remaining: '230.00',
        paidOn: '2026-11-20',
        state: 'overdue',
        daysOverdue: 12,
        parts: [
          expect.objectContaining({ sum: '3690.00', paid: '3690.00', remaining: '0.00' }),
          expect.objectContaining({ sum: '540.00', paid: '310.00', remaining: '230.00' }),
        ],
      }),
    ])
  })

  it('refuses a statement that does not balance with its field and writes nothing', async () => {
    h = await harness()
    const t = await company(h)
    const s = { ...statement([line()]), closingBalance: '1.00' }
    const res = await call(h.app, t, 'POST', '/api/bank/statements', { statements: [s] })
    expect(res.json().results[0]).toMatchObject({
      ok: false,
      error: { code: 'bank.statement.unbalanced', fields: [{ field: 'closingBalance' }] },
    })
    expect((await call(h.app, t, 'GET', '/api/bank')).json().accounts).toEqual([])
  })

  it('refuses statements dated outside 2000–2099 in every format, preview included, naming the dates, writing nothing', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const outside = 'Date must be between 2000-01-01 and 2099-12-31'
    const refused = {
      ok: false,
      error: {
        code: 'bank.statement.invalid',
        fields: expect.arrayContaining([{ field: 'lines.0.bookingDate', message: outside }]),
      },
    }
    for (const year of ['2150', '2100', '9999', '1999']) {
      const s = statement([line({ bookingDate: `${year}-11-02` })])
      for (const preview of [false, true]) {
        const res = await call(h.app, t, 'POST', '/api/bank/statements', { statements: [s], preview })
        expect([res.statusCode, res.json().results[0]]).toMatchObject([200, refused])
        expect(res.json().results[0].error.fields).toContainEqual({ field: 'openingDate', message: outside })
      }
    }
    // camt.053 and a CSV export with the dates of 2150, as the bank's files would carry them.
    const fixture = (name: string) =>
      readFileSync(fileURLToPath(new URL(`../../books/test/fixtures/bank/${name}`, import.meta.url)), 'utf8')
    const files = [
      { fileName: 'c.xml', base64: Buffer.from(fixture('pko.camt053.02.xml').replaceAll('2026-03', '2150-03')) },
      { fileName: 'pko.csv', base64: Buffer.from(fixture('pko.csv').replaceAll('2026-04', '2150-04')) },
    ].map((f) => ({ ...f, base64: f.base64.toString('base64') }))
    const res = await call(h.app, t, 'POST', '/api/bank/import', { files, account: ACCOUNT })
    expect(res.json()).toMatchObject({ imported: 0, refused: 2, results: [refused, refused] })
    expect((await call(h.app, t, 'GET', '/api/bank')).json().accounts).toEqual([])
  })

  it('previews without writing', async () => {
    h = await harness()
    const t = await company(h)
    const res = await call(h.app, t, 'POST', '/api/bank/statements', {
      statements: [statement([line()])],
      preview: true,
    })
    expect(res.json()).toMatchObject({ preview: true, results: [{ ok: true, statements: [{ newLines: 1 }] }] })
    expect((await call(h.app, t, 'GET', '/api/bank')).json().accounts).toEqual([])
  })
})

describe('queue, matching and rules', () => {
  it('accepts a suggestion from the queue, marks a line private, creates an item from a fee', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    await call(h.app, t, 'POST', '/api/bank/statements', {
      statements: [
        statement([
          line({ bookingDate: '2026-01-22', amount: '1230.00', title: 'Przelew' }),
          line({ bookingDate: '2026-01-23', amount: '-50.00', title: 'Prywatne' }),
          line({ bookingDate: '2026-01-24', amount: '-12.30', title: 'Opłata' }),
        ]),
      ],
    })
    const queue = (await call(h.app, t, 'GET', '/api/bank/queue')).json() as {
      line: { lineId: string; title: string }
      suggestions: { allocations: unknown[]; reason: string }[]
      transactions: Record<string, unknown>
    }[]
    expect(queue).toHaveLength(3)
    const payment = queue.find((q) => q.line.title === 'Przelew')!
    expect(payment.suggestions[0]).toMatchObject({
      reason: 'bank.reason.amount',
      allocations: [{ kind: 'transaction', id: 'i3-2026-01', amount: '1230.00' }],
    })
    // What the suggestion pays, as the books show it: no request per row to name it.
    expect(payment.transactions).toEqual({
      'i3-2026-01': { name: 'Invoice 1/03', date: '2026-01-20', amount: '1230.00' },
    })
    expect(queue.find((q) => q.line.title === 'Prywatne')!.transactions).toEqual({})
    const accepted = await call(h.app, t, 'PUT', `/api/bank/lines/${payment.line.lineId}/match`, {
      allocations: payment.suggestions[0]!.allocations,
    })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({
      status: 'matched',
      transactions: { 'i3-2026-01': { name: 'Invoice 1/03', date: '2026-01-20', amount: '1230.00' } },
    })
    const lines = (await call(h.app, t, 'GET', '/api/bank/lines?from=2026-01-22&to=2026-01-22')).json()
    expect(lines).toMatchObject({
      total: 1,
      lines: [{ status: 'matched', transactions: { 'i3-2026-01': { name: 'Invoice 1/03' } } }],
    })
    // The lines' dates are dates: a day the calendar has not is named as such.
    const badDay = await call(h.app, t, 'GET', '/api/bank/lines?from=2026-02-30')
    expect(badDay.statusCode).toBe(400)
    expect(badDay.json().fieldErrors).toEqual({ from: 'Date is not a real date' })
    const priv = queue.find((q) => q.line.title === 'Prywatne')!
    const bad = await call(h.app, t, 'PUT', `/api/bank/lines/${priv.line.lineId}/match`, {
      allocations: [{ kind: 'private', amount: '49.00' }],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toHaveProperty('allocations')
    expect(
      (
        await call(h.app, t, 'PUT', `/api/bank/lines/${priv.line.lineId}/match`, {
          allocations: [{ kind: 'private', amount: '50.00' }],
        })
      ).json(),
    ).toMatchObject({ status: 'private' })
    const fee = queue.find((q) => q.line.title === 'Opłata')!
    const item = await call(h.app, t, 'POST', `/api/bank/lines/${fee.line.lineId}/item`, {
      name: 'Opłata bankowa',
      percent: '23',
    })
    expect(item.statusCode).toBe(201)
    expect(item.json()).toMatchObject({ dataType: 'Expense', data: { amount: '10.00' } })
    // A line marked private is matched: an item of it comes once it is unmatched.
    const matched = await call(h.app, t, 'POST', `/api/bank/lines/${priv.line.lineId}/item`, { name: 'Zakupy' })
    expect(matched.json().fieldErrors).toEqual({
      lineId: 'This line is already matched: unmatch it first to make an item of it',
    })
    await call(h.app, t, 'DELETE', `/api/bank/lines/${priv.line.lineId}/match`)
    // The item the user confirmed on the form: validated as any item, its fields named under `item`.
    const badItem = await call(h.app, t, 'POST', `/api/bank/lines/${priv.line.lineId}/item`, {
      item: { date: '2026-01-23', name: 'Zakupy', amount: '-1', isCompany: false, percent: '0', invoiceDate: null },
    })
    expect(badItem.statusCode).toBe(400)
    expect(Object.keys(badItem.json().fieldErrors)).toEqual(['item.amount'])
    // An item whose gross is not the line's 50,00 is refused on its amount, nothing written.
    const otherGross = await call(h.app, t, 'POST', `/api/bank/lines/${priv.line.lineId}/item`, {
      item: { date: '2026-01-23', name: 'Zakupy', amount: '10.00', isCompany: false, percent: '0', invoiceDate: null },
    })
    expect(otherGross.statusCode).toBe(400)
    expect(otherGross.json().fieldErrors).toEqual({ 'item.amount': "The item's gross must be the line's amount" })
    const after = (await call(h.app, t, 'GET', '/api/bank/lines')).json().lines as { lineId: string; status: string }[]
    expect(after.find((l) => l.lineId === priv.line.lineId)?.status).toBe('unmatched')
    const confirmed = await call(h.app, t, 'POST', `/api/bank/lines/${priv.line.lineId}/item`, {
      item: { date: '2026-01-23', name: 'Zakupy', amount: '50.00', isCompany: false, percent: '0', invoiceDate: null },
    })
    expect(confirmed.statusCode).toBe(201)
    expect(confirmed.json()).toMatchObject({ dataType: 'Expense', data: { name: 'Zakupy', amount: '50.00' } })
    expect((await call(h.app, t, 'GET', '/api/bank/queue')).json()).toEqual([])
    expect(
      (
        await call(h.app, t, 'PUT', '/api/bank/lines/0000000000000000/match', {
          allocations: [{ kind: 'private', amount: '1.00' }],
        })
      ).statusCode,
    ).toBe(404)
  })

  it('refuses a part paying a row of the other direction on allocations.N.id, writing nothing', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    await call(h.app, t, 'POST', '/api/bank/statements', {
      statements: [statement([line({ bookingDate: '2026-01-22', amount: '-1230.00', title: 'Laptop' })])],
    })
    const [entry] = (await call(h.app, t, 'GET', '/api/bank/queue')).json() as {
      line: { lineId: string }
      suggestions: unknown[]
    }[]
    // The income of 1 230,00 is due on the same amount, but to the trader: money out is not suggested to pay it.
    expect(entry!.suggestions).toEqual([])
    const res = await call(h.app, t, 'PUT', `/api/bank/lines/${entry!.line.lineId}/match`, {
      allocations: [{ kind: 'transaction', id: 'i3-2026-01', amount: '1230.00' }],
    })
    expect([res.statusCode, res.json().fieldErrors]).toEqual([
      400,
      {
        'allocations.0.id':
          'Money out of the account pays only what you owe: an expense, a tax, a contribution or a refund to a buyer',
      },
    ])
    expect((await call(h.app, t, 'GET', '/api/transaction/GetById/i3-2026-01')).json()).toMatchObject({
      completed: false,
      paidAmount: null,
    })
    expect((await call(h.app, t, 'GET', '/api/bank')).json().unmatched).toBe(1)
  })

  it('refuses a second item from a line already matched (a double submit): 400 on lineId, one item written', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    await call(h.app, t, 'POST', '/api/bank/statements', {
      statements: [statement([line({ bookingDate: '2026-01-24', amount: '-12.30', title: 'Opłata' })])],
    })
    const [entry] = (await call(h.app, t, 'GET', '/api/bank/queue')).json() as { line: { lineId: string } }[]
    const body = {
      item: { date: '2026-01-24', name: 'Opłata', amount: '10.00', isCompany: true, percent: '23', invoiceDate: null },
    }
    const path = `/api/bank/lines/${entry!.line.lineId}/item`
    const expenses = async () => (await call(h.app, t, 'GET', '/api/fee/GetListByType/Expense')).json().length
    const before = await expenses()
    expect((await call(h.app, t, 'POST', path, body)).statusCode).toBe(201)
    for (const again of [body, { name: 'Opłata', percent: '23' }]) {
      const res = await call(h.app, t, 'POST', path, again)
      expect([res.statusCode, res.json().fieldErrors]).toEqual([
        400,
        { lineId: 'This line is already matched: unmatch it first to make an item of it' },
      ])
    }
    expect(await expenses()).toBe(before + 1)
  })

  it('runs a rule’s regular expression in linear time on import, and refuses one RE2 does not take on pattern', async () => {
    h = await harness({ now: '2026-03-10T10:00:00.000Z' })
    const t = await company(h)
    const rule = (pattern: string) =>
      call(h.app, t, 'POST', '/api/bank/rules', {
        name: 'r',
        field: 'title',
        op: 'matches',
        pattern,
        expense: { name: 'x', percent: '23', isCompany: true, kpirColumn: null },
      })
    for (const pattern of ['(a)\\1', '(?=Opłata)Opł', '(?<=x)y']) {
      const res = await rule(pattern)
      expect([res.statusCode, res.json().fieldErrors]).toEqual([
        400,
        { pattern: 'The pattern uses syntax that rules do not support, such as a backreference or a lookaround' },
      ])
    }
    expect((await rule('(a+)+$')).statusCode).toBe(201)
    // With RegExp, 29 'a' and a '!' took 10 s, doubling with each 'a': 160 of them (an MT940 title's length).
    const res = await call(h.app, t, 'POST', '/api/bank/statements', {
      statements: [
        statement([
          line({ bookingDate: '2026-01-24', amount: '-1.00', title: `${'a'.repeat(160)}!` }),
          line({ bookingDate: '2026-01-25', amount: '-2.00', title: 'A'.repeat(160) }),
        ]),
      ],
      preview: true,
    })
    expect(res.json().results[0]).toMatchObject({
      ok: true,
      statements: [{ newLines: 2, matched: 1, createdItems: 1 }],
    })
  })

  it('validates accounts, the ZUS account and rules with fields', async () => {
    h = await harness()
    const t = await company(h)
    const bad = await call(h.app, t, 'POST', '/api/bank/accounts', { iban: 'PL00 1234', kind: 'business' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().fieldErrors).toHaveProperty('iban')
    // A name is text without control characters: a number is no name (not replaced by the IBAN), nothing is written.
    for (const [name, message] of [
      [5, 'Name must be text'],
      [true, 'Name must be text'],
      ['a\u0000b', 'Name must not contain control characters'],
      ['Firma \u202eabc', 'Name must not contain control characters'],
      ['x'.repeat(101), 'Name must be at most 100 characters'],
    ] as const) {
      const res = await call(h.app, t, 'POST', '/api/bank/accounts', { iban: ACCOUNT, name, kind: 'business' })
      expect([res.statusCode, res.json().fieldErrors]).toEqual([400, { name: message }])
    }
    expect((await call(h.app, t, 'GET', '/api/bank')).json().accounts).toEqual([])
    const ok = await call(h.app, t, 'POST', '/api/bank/accounts', { iban: ACCOUNT, name: 'Firmowe', kind: 'business' })
    expect(ok.statusCode).toBe(201)
    const unnamed = await call(h.app, t, 'POST', '/api/bank/accounts', {
      iban: 'PL50105014451000009012345678',
      name: null,
      kind: 'business',
    })
    expect([unnamed.statusCode, unnamed.json().name]).toEqual([201, 'PL50 1050 1445 1000 0090 1234 5678'])
    const vat = await call(h.app, t, 'POST', '/api/bank/accounts', {
      iban: 'PL27114020040000300201355387',
      name: 'VAT',
      kind: 'vat',
      pairedWith: ok.json().id,
    })
    expect(vat.statusCode).toBe(201)
    expect(vat.json()).toMatchObject({ kind: 'vat', pairedWith: ok.json().id })
    const zus = await call(h.app, t, 'PUT', '/api/bank/zus-account', { account: ACCOUNT })
    expect(zus.statusCode).toBe(400)
    expect(zus.json().fieldErrors).toHaveProperty('account')
    const rule = await call(h.app, t, 'POST', '/api/bank/rules', {
      name: 'Paliwo',
      field: 'counterparty',
      op: 'matches',
      pattern: '[',
      expense: { name: 'Paliwo', percent: '23', isCompany: true, kpirColumn: 'sideCosts' },
    })
    expect(rule.statusCode).toBe(400)
    expect(rule.json().fieldErrors).toEqual({ pattern: 'The pattern is not a valid regular expression' })
    // A field of the wrong type is named itself, not the whole rule.
    const wrong = await call(h.app, t, 'POST', '/api/bank/rules', {
      name: 'Paliwo',
      field: 'counterparty',
      op: 'startsWith',
      pattern: 'ORLEN',
      expense: { name: 'Paliwo', percent: 23, isCompany: true, kpirColumn: 'sideCosts' },
    })
    expect([wrong.statusCode, wrong.json().fieldErrors]).toEqual([
      400,
      { op: 'How to match must be contains or matches', 'expense.percent': 'VAT must be 0, 5, 8 or 23 percent' },
    ])
  })
})
