/**
 * Invoices as documents: the totals per rate, number series (gap-free, never reused, per month or year), the income
 * items an issued invoice puts into the books (equal to hand-typed incomes), revisions before KSeF, corrections and
 * their month, and the refusals (every field named).
 */
import { describe, expect, it } from 'vitest'
import { decide } from '../decide.ts'
import { foldBooks } from '../model/evolve.ts'
import type { BooksState } from '../model/state.ts'
import { isDomainError } from '../errors.ts'
import type { LedgerEvent } from '../events.ts'
import { formatMoney } from '../money.ts'
import { taxesThrough } from '../projections/derived.ts'
import { vatFiling } from '../projections/vatRegister.ts'
import type { Item } from '../schemas/records.ts'
import { validateRecord } from '../schemas/validate.ts'
import { type CommandInput, cmd, income, invoiceLine, runCommands, vatSetting } from '../testing/index.ts'
import {
  correctionDraftOf,
  documentInPln,
  invoiceDetail,
  invoiceList,
  incomesOfInvoice,
  ksefNumberOfInvoice as invoiceKsefNumber,
  nextInvoiceNumber,
} from './views.ts'
import { documentSplitPayment, formatInvoiceNumber, invoiceTotals, lineNet, patternProblem } from './model.ts'

const line = invoiceLine

const acme = { name: 'ACME sp. z o.o.', taxId: '5260001246', country: 'PL', address: 'ul. Prosta 1, 00-001 Warszawa' }

const draft = (over: Record<string, unknown> = {}) => ({
  kind: 'VAT',
  buyer: acme,
  issueDate: '2026-04-14',
  lines: [line({ quantity: '10', unitNet: '150.00' }), line({ name: 'Szkolenie', unitNet: '1000.00', vat: '8' })],
  payment: { dueDate: '2026-04-28', method: 'transfer' },
  ...over,
})

const apply = (state: BooksState, c: CommandInput): { state: BooksState; events: LedgerEvent[] } => {
  const r = decide(cmd(c), state)
  if (isDomainError(r)) throw new Error(`${c.type}: ${JSON.stringify(r)}`)
  return { state: foldBooks(r, state), events: r }
}

const settings = runCommands([{ type: 'AddSetting', kind: 'Vat', data: vatSetting() }]).state

/** Saves a draft and issues it; answers the state and the issued invoice. */
const issue = (state: BooksState, over: Record<string, unknown> = {}) => {
  const saved = apply(state, { type: 'SaveInvoiceDraft', data: draft(over) })
  const id = (saved.events.find((e) => e.type === 'InvoicingDraftSaved')!.data as { id: number }).id
  const issued = apply(saved.state, { type: 'IssueInvoice', id })
  return { state: issued.state, events: issued.events, invoice: issued.state.invoicing.invoices.get(id)! }
}

describe('totals', () => {
  it('a line is quantity × price rounded half up, less its discount; quantities take six decimals', () => {
    expect(formatMoney(lineNet(line({ quantity: '2.5', unitNet: '10.01', discount: '0.00' })))).toBe('25.03')
    expect(formatMoney(lineNet(line({ quantity: '0.333333', unitNet: '3.00', discount: '0.00' })))).toBe('1.00')
    expect(formatMoney(lineNet(line({ quantity: '3', unitNet: '100.00', discount: '15.50' })))).toBe('284.50')
  })

  it('VAT is computed once per rate from the sum of its net values (not line by line)', () => {
    // Line by line: 3 × round(1.02 × 23 %) = 3 × 0.23 = 0.69; per rate: round(3.06 × 23 %) = 0.70.
    const t = invoiceTotals([
      line({ unitNet: '1.02' }),
      line({ unitNet: '1.02' }),
      line({ unitNet: '1.02' }),
      line({ unitNet: '24.00', vat: '8', discount: '1.00' }),
      line({ unitNet: '50.00', vat: 'zw' }),
    ])
    expect(t.rates.map((r) => [r.vat, formatMoney(r.net), formatMoney(r.tax), formatMoney(r.gross)])).toEqual([
      ['23', '3.06', '0.70', '3.76'],
      ['8', '23.00', '1.84', '24.84'],
      ['zw', '50.00', '0.00', '50.00'],
    ])
    expect([formatMoney(t.net), formatMoney(t.tax), formatMoney(t.gross)]).toEqual(['76.06', '2.54', '78.60'])
  })
})

describe('number series', () => {
  it('patterns: {N} once and the period marks, so that a number never comes back', () => {
    expect(formatInvoiceNumber('FV/{YYYY}/{MM}/{N}', '2026-04-14', 7)).toBe('FV/2026/04/7')
    expect(formatInvoiceNumber('{N}/{YY}', '2026-04-14', 12)).toBe('12/26')
    expect(patternProblem('FV/{YYYY}/{N}', 'year')).toBeNull()
    expect(patternProblem('FV/{YYYY}/{N}', 'month')).toBe('A series numbered per month must contain {MM}')
    expect(patternProblem('FV/{N}', 'year')).toBe('The pattern must contain the year ({YYYY} or {YY})')
    expect(patternProblem('FV/{YYYY}', 'year')).toBe('The pattern must contain {N} exactly once')
    expect(patternProblem('FV/{DD}/{YYYY}/{N}', 'year')).toBe('The pattern may use only {YYYY}, {YY}, {MM} and {N}')
  })

  it('numbers follow each other per month, restart in a new month, and a deleted draft takes none', () => {
    let s = settings
    const a = issue(s)
    s = a.state
    // A draft deleted before issue: the next number is not skipped.
    const d = apply(s, { type: 'SaveInvoiceDraft', data: draft() })
    const draftId = (d.events.at(-1)!.data as { id: number }).id
    s = apply(d.state, { type: 'DeleteInvoiceDraft', id: draftId }).state
    const b = issue(s)
    const c = issue(b.state, { issueDate: '2026-05-02', payment: { dueDate: null } })
    expect([a.invoice.number, b.invoice.number, c.invoice.number]).toEqual([
      'FV/2026/04/1',
      'FV/2026/04/2',
      'FV/2026/05/1',
    ])
    // The default series was created once, with the first issue.
    expect([...c.state.invoicing.series.values()].map((x) => x.data.pattern)).toEqual(['FV/{YYYY}/{MM}/{N}'])
    // An issued invoice cannot be deleted, nor issued again.
    expect(decide(cmd({ type: 'DeleteInvoiceDraft', id: a.invoice.id }), c.state)).toMatchObject({
      code: 'VALIDATION',
      errors: [{ field: 'id', message: 'Only a draft can be deleted' }],
    })
    expect(decide(cmd({ type: 'IssueInvoice', id: a.invoice.id }), c.state)).toMatchObject({ code: 'VALIDATION' })
  })

  it('two issues decided on the same books take the same number: only one can be appended at that revision', () => {
    let s = settings
    const ids: number[] = []
    for (let i = 0; i < 2; i++) {
      const r = apply(s, { type: 'SaveInvoiceDraft', data: draft() })
      ids.push((r.events.at(-1)!.data as { id: number }).id)
      s = r.state
    }
    const first = apply(s, { type: 'IssueInvoice', id: ids[0]! })
    const second = apply(s, { type: 'IssueInvoice', id: ids[1]! })
    const numberOf = (es: LedgerEvent[]) =>
      (es.find((e) => e.type === 'InvoicingInvoiceIssued')!.data as { number: string }).number
    expect(numberOf(first.events)).toBe(numberOf(second.events))
    // Decided again on the books after the first append (what the application layer does), the second takes the next.
    expect(numberOf(apply(first.state, { type: 'IssueInvoice', id: ids[1]! }).events)).toBe('FV/2026/04/2')
  })

  it('a series of its own: several series, unique patterns, a used pattern stays', () => {
    let s = apply(settings, {
      type: 'SaveInvoiceSeries',
      data: { name: 'Sklep', pattern: 'S/{N}/{YYYY}', reset: 'year', kind: 'VAT' },
    }).state
    const seriesId = [...s.invoicing.series.keys()][0]!
    const a = issue(s, { seriesId })
    s = a.state
    expect(a.invoice.number).toBe('S/1/2026')
    expect(
      decide(
        cmd({ type: 'SaveInvoiceSeries', data: { name: 'Inna', pattern: 'S/{N}/{YYYY}', reset: 'year', kind: 'VAT' } }),
        s,
      ),
    ).toMatchObject({ errors: [{ field: 'pattern', message: 'Another series already uses this pattern' }] })
    expect(
      decide(
        cmd({
          type: 'SaveInvoiceSeries',
          id: seriesId,
          data: { name: 'Sklep', pattern: 'S/{YYYY}/{N}', reset: 'year', kind: 'VAT' },
        }),
        s,
      ),
    ).toMatchObject({
      errors: [{ field: 'pattern', message: 'The pattern of a series that has issued numbers cannot change' }],
    })
  })
})

describe('the next number of a series', () => {
  it('previews the number the series gives next in the period of a date, restarting per month or year', () => {
    const monthly = issue(settings).state
    const id = [...monthly.invoicing.series.keys()][0]!
    expect(nextInvoiceNumber(monthly, id, '2026-04-30')).toEqual({ period: '2026-04', seq: 2, number: 'FV/2026/04/2' })
    expect(nextInvoiceNumber(monthly, id, '2026-05-01')).toEqual({ period: '2026-05', seq: 1, number: 'FV/2026/05/1' })
    const yearly = apply(settings, {
      type: 'SaveInvoiceSeries',
      data: { name: 'Roczna', pattern: 'R/{N}/{YY}', reset: 'year', kind: 'VAT' },
    }).state
    const r = [...yearly.invoicing.series.keys()][0]!
    const after = issue(yearly, { seriesId: r }).state
    expect(nextInvoiceNumber(after, r, '2026-12-31')?.number).toBe('R/2/26')
    expect(nextInvoiceNumber(after, r, '2027-01-01')?.number).toBe('R/1/27')
    expect(nextInvoiceNumber(after, 999, '2026-12-31')).toBeNull()
  })
})

describe('the invoice is the income', () => {
  it('an issued invoice adds one income per rate, equal to hand-typed incomes, in the same append as its number', () => {
    const a = issue(settings)
    const types = a.events.map((e) => e.type)
    expect(types).toEqual(['InvoicingSeriesSaved', 'ItemAdded', 'ItemAdded', 'InvoicingInvoiceIssued'])
    const typed = [
      { amount: '1500.00', percent: '23' },
      { amount: '1000.00', percent: '8' },
    ].map((x) => {
      const v = validateRecord(
        'Income',
        income({
          date: '2026-04-28',
          invoiceDate: '2026-04-14',
          name: 'Usługa programistyczna (+1)',
          documentNumber: 'FV/2026/04/1',
          counterparty: { name: acme.name, taxId: acme.taxId, country: 'PL', address: acme.address },
          ...x,
        }),
      )
      if (!v.ok) throw new Error(JSON.stringify(v.errors))
      return v.value
    })
    const items = a.invoice.itemIds.map((id) => a.state.records.get(id)!.data as Item)
    expect(items).toEqual(typed)
    // The books see the same figures as with the incomes typed by hand: the VAT register and the month's taxes.
    const byHand = runCommands(
      typed.map((data) => ({ type: 'AddItem', dataType: 'Income', data })),
      [...runCommands([{ type: 'AddSetting', kind: 'Vat', data: vatSetting() }]).events],
    ).state
    const rows = (s: BooksState) => vatFiling(s, '2026-04')?.sales.map(({ sources: _, ...r }) => r)
    expect(rows(a.state)).toEqual(rows(byHand))
    expect(rows(a.state)?.[0]).toMatchObject({ documentNumber: 'FV/2026/04/1' })
    const vat = (s: BooksState) => taxesThrough(s, '2026-04')?.result.vat.find((p) => p.from === '2026-04')
    expect(vat(a.state)).toEqual(vat(byHand))
  })

  it('its incomes change only through the invoice; the KSeF number may be recorded on them', () => {
    const a = issue(settings)
    const itemId = a.invoice.itemIds[0]!
    const item = a.state.records.get(itemId)!.data as Item
    // Both incomes (one per rate) are the one FA(3) the KSeF numbers.
    expect(incomesOfInvoice(a.state, a.invoice.itemIds[1]!)).toEqual(a.invoice.itemIds)
    expect(a.invoice.itemIds).toHaveLength(2)
    expect(incomesOfInvoice(a.state, 999)).toEqual([999])
    expect(
      decide(cmd({ type: 'UpdateItem', dataType: 'Income', id: itemId, data: { ...item, amount: '1.00' } }), a.state),
    ).toMatchObject({
      errors: [{ field: 'id', message: 'This income belongs to an invoice: change the invoice (or correct it)' }],
    })
    expect(decide(cmd({ type: 'DeleteItem', id: itemId }), a.state)).toMatchObject({ code: 'VALIDATION' })
    const sent = apply(a.state, {
      type: 'UpdateItem',
      dataType: 'Income',
      id: itemId,
      data: { ...item, ksefNumber: '5260250274-20260414-0100003F5C8B-65' },
    })
    expect(invoiceKsefNumber(sent.state, sent.state.invoicing.invoices.get(a.invoice.id)!)).toBe(
      '5260250274-20260414-0100003F5C8B-65',
    )
    // The invoice's other income (the 8 % one) takes the number too.
    const all = apply(sent.state, {
      type: 'RecordInvoiceKsefNumber',
      itemId,
      ksefNumber: '5260250274-20260414-0100003F5C8B-65',
    })
    expect(all.events.map((e) => (e.data as { id: number }).id)).toEqual([a.invoice.itemIds[1]])
    expect(invoiceList(all.state).map((i) => [i.number, i.buyer, i.gross, i.state])).toEqual([
      ['FV/2026/04/1', 'ACME sp. z o.o.', '2925.00', 'sent'],
    ])
    for (const ksefNumber of ['x', '5260250274-20260414-0100003F5C8B-E4'])
      expect(decide(cmd({ type: 'RecordInvoiceKsefNumber', itemId, ksefNumber }), a.state)).toMatchObject({
        code: 'VALIDATION',
        message: 'The KSeF number is not valid',
      })
  })

  it('an issued invoice not yet in KSeF can be changed (its number stays); once in KSeF only corrected', () => {
    const a = issue(settings)
    const changed = apply(a.state, {
      type: 'SaveInvoiceDraft',
      id: a.invoice.id,
      data: draft({ lines: [line({ quantity: '10', unitNet: '150.00' })] }),
    })
    expect(changed.events.map((e) => e.type)).toEqual(['ItemUpdated', 'ItemDeleted', 'InvoicingDraftSaved'])
    const inv = changed.state.invoicing.invoices.get(a.invoice.id)!
    expect([inv.number, inv.itemIds.length]).toEqual(['FV/2026/04/1', 1])
    const itemId = inv.itemIds[0]!
    const item = changed.state.records.get(itemId)!.data as Item
    const sent = apply(changed.state, {
      type: 'UpdateItem',
      dataType: 'Income',
      id: itemId,
      data: { ...item, ksefNumber: '5260250274-20260414-0100003F5C8B-65' },
    }).state
    expect(decide(cmd({ type: 'SaveInvoiceDraft', id: a.invoice.id, data: draft() }), sent)).toMatchObject({
      errors: [{ field: 'id', message: 'An invoice sent to KSeF cannot be changed: issue a correction' }],
    })
  })
})

describe('corrections', () => {
  const correction = (invoiceId: number, over: Record<string, unknown> = {}) => ({
    kind: 'KOR',
    buyer: acme,
    issueDate: '2026-06-03',
    lines: [line({ quantity: '8', unitNet: '150.00' }), line({ name: 'Szkolenie', unitNet: '1000.00', vat: '8' })],
    payment: {},
    correction: { invoiceId, reason: 'Rabat za opóźnienie', reasonDate: null },
    ...over,
  })

  it('a decrease: the differences per rate in the correction’s month, numbered from the corrections series', () => {
    const a = issue(settings)
    // The correction's draft starts from the invoice as it stands.
    expect(correctionDraftOf(a.state, a.invoice.id, '2026-06-03')).toMatchObject({
      kind: 'KOR',
      lines: a.invoice.data.lines,
      correction: { invoiceId: a.invoice.id, reason: '' },
    })
    const k = issue(a.state, correction(a.invoice.id))
    expect(k.invoice.number).toBe('KOR/2026/1')
    expect(invoiceList(k.state).map((i) => [i.number, i.state])).toEqual([
      ['KOR/2026/1', 'issued'],
      ['FV/2026/04/1', 'corrected'],
    ])
    expect(invoiceDetail(k.state, k.invoice.id)?.linesBefore).toEqual(a.invoice.data.lines)
    const items = k.invoice.itemIds.map((id) => k.state.records.get(id)!.data as Item)
    expect(items.map((i) => [i.date, i.amount, i.percent, i.documentVat, i.corrects?.documentNumber])).toEqual([
      // The stated VAT equals the computed one here, so the item keeps `documentVat: null`.
      ['2026-06-03', '-300.00', '23', null, 'FV/2026/04/1'],
    ])
    expect(k.state.invoicing.invoices.get(a.invoice.id)!.correctedBy).toEqual([k.invoice.id])
    // The VAT of June drops by 69.00; April is untouched.
    const june = vatFiling(k.state, '2026-06')!.sales
    expect(june.map((r) => [r.documentNumber, r.fields.K_19, r.fields.K_20])).toEqual([['KOR/2026/1', -30000n, -6900n]])
    expect(vatFiling(k.state, '2026-04')!.sales.map((r) => [r.fields.K_19, r.fields.K_17])).toEqual([
      [150000n, 100000n],
    ])
  })

  it('an increase: its VAT when its reason arose (art. 29a ust. 17), its revenue when it is issued', () => {
    const a = issue(settings)
    const k = issue(
      a.state,
      correction(a.invoice.id, {
        lines: [line({ quantity: '12', unitNet: '150.00' }), line({ name: 'Szkolenie', unitNet: '1000.00', vat: '8' })],
        correction: { invoiceId: a.invoice.id, reason: 'Dodatkowe godziny', reasonDate: '2026-05-20' },
      }),
    )
    const items = k.invoice.itemIds.map((id) => k.state.records.get(id)!.data as Item)
    expect(items.map((i) => [i.date, i.amount, i.documentVat])).toEqual([['2026-05-20', '300.00', null]])
    // VAT in May, when the reason arose; the revenue in June, when the correction is issued (uPIT art. 14 ust. 1m).
    expect(vatFiling(k.state, '2026-05')!.sales.map((r) => [r.documentNumber, r.fields.K_19])).toEqual([
      ['KOR/2026/1', 30000n],
    ])
    const months = taxesThrough(k.state, '2026-12')!.run.run.months
    const revenue = (m: string) => months.find((f) => f.month === m)!.companyRevenue
    expect([revenue('2026-04'), revenue('2026-05'), revenue('2026-06')]).toEqual([250000n, 0n, 30000n])
  })

  it('an increase’s register row: in the month of its reason, dated by the correction’s issue date', () => {
    // FV/2026/08/1 of 10 August, 10 h × 150.00 zł; corrected on 15 September to 12 h, the reason of 25 August.
    const a = issue(settings, {
      issueDate: '2026-08-10',
      lines: [line({ quantity: '10', unitNet: '150.00' })],
      payment: { dueDate: '2026-08-24', method: 'transfer' },
    })
    expect(a.invoice.number).toBe('FV/2026/08/1')
    const k = issue(
      a.state,
      correction(a.invoice.id, {
        issueDate: '2026-09-15',
        lines: [line({ quantity: '12', unitNet: '150.00' })],
        correction: { invoiceId: a.invoice.id, reason: 'Dodatkowe godziny', reasonDate: '2026-08-25' },
      }),
    )
    const row = (month: string) =>
      vatFiling(k.state, month)!.sales.map((r) => [r.documentNumber, r.issueDate, r.supplyDate, r.fields])
    // VAT of August (art. 29a ust. 17); DataWystawienia the correction's own date (its FA(3) P_1).
    expect(row('2026-08')).toEqual([
      ['FV/2026/08/1', '2026-08-10', null, { K_19: 150000n, K_20: 34500n }],
      ['KOR/2026/1', '2026-09-15', null, { K_19: 30000n, K_20: 6900n }],
    ])
    expect(row('2026-09')).toEqual([])
    expect(vatFiling(k.state, '2026-08')!.period.declaration).toMatchObject({ P_19: 180000n, P_20: 41400n })
  })

  it('a correction that changes nothing, without a reason, or of a draft is refused with its fields', () => {
    const a = issue(settings)
    const same = apply(a.state, {
      type: 'SaveInvoiceDraft',
      data: correction(a.invoice.id, { lines: draft().lines, correction: { invoiceId: a.invoice.id, reason: '' } }),
    })
    const id = (same.events.at(-1)!.data as { id: number }).id
    expect(decide(cmd({ type: 'IssueInvoice', id }), same.state)).toMatchObject({
      errors: [
        { field: 'lines', message: 'The correction changes nothing' },
        { field: 'correction.reason', message: 'The reason of the correction is required' },
      ],
    })
  })
})

describe('split payment on a document (uVAT art. 108a ust. 1a)', () => {
  const laptops = (unitNet: string) => [line({ name: 'Laptop', quantity: '10', unitNet, annex15: true })]

  it('required for an Annex 15 line on a gross total over 15 000 zł; voluntary otherwise', () => {
    const buyer = { taxId: '5260001246' }
    // 12 200.00 net + 2 806.00 VAT = 15 006.00 gross.
    expect(documentSplitPayment({ buyer, lines: laptops('1220.00') })).toEqual({ required: true, marked: true })
    // 12 195.10 + 2 804.87 = 14 999.97: not over the threshold.
    expect(documentSplitPayment({ buyer, lines: laptops('1219.51') })).toEqual({ required: false, marked: false })
    expect(documentSplitPayment({ buyer, lines: [line({ quantity: '100', unitNet: '1000.00' })] }).required).toBe(false)
    expect(documentSplitPayment({ buyer, lines: laptops('10.00'), splitPayment: true })).toEqual({
      required: false,
      marked: true,
    })
    // A foreign-currency invoice compares its gross in złoty.
    expect(documentSplitPayment({ buyer, lines: laptops('300.00') }, 16_000_00n).required).toBe(true)
  })

  it('not required on a sale to a consumer (no tax number): the seller may still mark it', () => {
    const consumer = { taxId: '' }
    expect(documentSplitPayment({ buyer: consumer, lines: laptops('1220.00') })).toEqual({
      required: false,
      marked: false,
    })
    expect(documentSplitPayment({ buyer: consumer, lines: laptops('1220.00'), splitPayment: true })).toEqual({
      required: false,
      marked: true,
    })
  })

  it('the editor’s marks are kept; the income item of a rate with an Annex 15 line carries the statement', () => {
    const a = issue(settings, {
      lines: [...laptops('1220.00'), line({ name: 'Szkolenie', unitNet: '1000.00', vat: '8' })],
      splitPayment: true,
    })
    expect(a.invoice.data.lines[0]?.annex15).toBe(true)
    expect(a.invoice.data.lines[1]).not.toHaveProperty('annex15')
    expect(a.invoice.data.splitPayment).toBe(true)
    const items = a.invoice.itemIds.map((id) => a.state.records.get(id)!.data as Item)
    expect(items.map((i) => [i.percent, i.annex15 ?? false])).toEqual([
      ['23', true],
      ['8', false],
    ])
    const bad = decide(
      cmd({ type: 'SaveInvoiceDraft', data: draft({ lines: [{ ...line(), annex15: 'yes' }], splitPayment: 1 }) }),
      settings,
    )
    expect(isDomainError(bad) && bad.errors?.map((e) => e.field)).toEqual(['lines.0.annex15', 'splitPayment'])
  })
})

describe('procedure markers on a document (JPK_V7)', () => {
  it('are kept and carried to every income item of the invoice; an unknown, a margin-scheme or a repeated one is refused', () => {
    const a = issue(settings, {
      lines: [line(), line({ name: 'Szkolenie', unitNet: '1000.00', vat: '8' })],
      procedures: ['TP'],
    })
    expect(a.invoice.data.procedures).toEqual(['TP'])
    const items = a.invoice.itemIds.map((id) => a.state.records.get(id)!.data as Item)
    expect(items.map((i) => i.procedures)).toEqual([['TP'], ['TP']])
    for (const procedures of [['XYZ'], ['MR_T'], ['TP', 'TP'], 'TP']) {
      const bad = decide(cmd({ type: 'SaveInvoiceDraft', data: draft({ procedures }) }), settings)
      expect(isDomainError(bad) && bad.errors?.map((e) => e.field)).toEqual(['procedures'])
    }
  })
})

describe('an invoice in a foreign currency (§15, §28)', () => {
  // Table 084/A/NBP/2026 of Thursday 30 April: the last working day before Monday 4 May (1–3 May: holiday, Saturday, holiday).
  const withRates = apply(settings, {
    type: 'RecordCurrencyRates',
    source: 'nbpArchive',
    from: '2026-04-30',
    to: '2026-05-03',
    tables: [{ no: '084/A/NBP/2026', date: '2026-04-30', rates: { EUR: '4.2345', USD: '3.9000' } }],
  }).state
  const eur = {
    currency: 'EUR',
    issueDate: '2026-05-04',
    lines: [line({ name: 'Consulting', quantity: '10', unitNet: '100.00' })],
    payment: { dueDate: '2026-05-18', method: 'transfer' },
  }

  it('its incomes hold the złoty base at the NBP rate of the day before the tax point, with the euro amount', () => {
    const a = issue(withRates, eur)
    const [item] = a.invoice.itemIds.map((id) => a.state.records.get(id)!.data as Item)
    // 1 000.00 EUR × 4.2345 = 4 234.50 zł; its VAT 973.935 → 973.94 zł.
    expect(item).toMatchObject({
      amount: '4234.50',
      percent: '23',
      currency: {
        code: 'EUR',
        amount: '1000.00',
        vatRate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
        pitAmount: '4234.50',
      },
    })
    // The VAT register of May: K_19 / K_20 in złoty, under the invoice's number.
    expect(vatFiling(a.state, '2026-05')?.sales.map((r) => [r.documentNumber, r.fields])).toEqual([
      ['FV/2026/05/1', { K_19: 4234_50n, K_20: 973_94n }],
    ])
    expect(documentInPln(a.state, a.invoice.data)).toEqual({
      ok: true,
      code: 'EUR',
      rate: { table: '084/A/NBP/2026', date: '2026-04-30', rate: '4.2345' },
      rates: [{ vat: '23', net: '4234.50', tax: '973.94' }],
      net: '4234.50',
      tax: '973.94',
      gross: '5208.44',
    })
    // The totals of the document stay in euro.
    expect(invoiceDetail(a.state, a.invoice.id)?.totals.gross).toBe('1230.00')
  })

  it('a missing rate refuses the issue naming the currency and the day; a currency outside table A is refused', () => {
    const saved = apply(settings, { type: 'SaveInvoiceDraft', data: draft(eur) })
    const id = (saved.events.at(-1)!.data as { id: number }).id
    expect(decide(cmd({ type: 'IssueInvoice', id }), saved.state)).toMatchObject({
      code: 'VALIDATION',
      errors: [
        {
          field: 'currency',
          message: 'No NBP table A rate of EUR for 2026-04-30: import the NBP table for that day',
        },
      ],
    })
    expect(documentInPln(saved.state, saved.state.invoicing.invoices.get(id)!.data)).toMatchObject({ ok: false })
    expect(decide(cmd({ type: 'SaveInvoiceDraft', data: draft({ currency: 'XYZ' }) }), settings)).toMatchObject({
      errors: [{ field: 'currency', message: 'Currency must be PLN or a currency of NBP table A (EUR, USD, …)' }],
    })
    // PLN is złoty: no currency is kept.
    const pln = apply(settings, { type: 'SaveInvoiceDraft', data: draft({ currency: 'PLN' }) })
    expect([...pln.state.invoicing.invoices.values()][0]!.data).not.toHaveProperty('currency')
  })
})

describe('refusals name every field', () => {
  it('a draft with bad values writes nothing', () => {
    const r = decide(
      cmd({
        type: 'SaveInvoiceDraft',
        data: draft({
          buyer: { name: 'X', taxId: '5260001247', country: 'PL' },
          issueDate: '2026-13-01',
          lines: [
            line({ quantity: '-1' }),
            line({ unitNet: '1.001', vat: '7' as never }),
            line({ discount: '500.00' }),
          ],
        }),
      }),
      settings,
    )
    expect(isDomainError(r) && Object.fromEntries((r.errors ?? []).map((e) => [e.field, e.message]))).toEqual({
      'buyer.taxId': 'Nip checksum is not valid',
      issueDate: 'Date is not a real date',
      'lines.0.quantity': 'Quantity must be a number above zero with at most six decimals',
      'lines.1.unitNet': 'Net unit price must be an amount with at most two decimals',
      'lines.1.vat': 'VAT must be 23, 8, 5, 0, zw or np',
      'lines.2.discount': 'Discount must be an amount not above the line value',
    })
  })

  it('a buyer, lines, payment or correction of the wrong JSON type is refused, not kept as empty', () => {
    const fields = (data: Record<string, unknown>) => {
      const r = decide(cmd({ type: 'SaveInvoiceDraft', data }), settings)
      return isDomainError(r) && Object.fromEntries((r.errors ?? []).map((e) => [e.field, e.message]))
    }
    expect(fields(draft({ buyer: 'ACME', lines: { name: 'Work' }, payment: ['transfer'] }))).toEqual({
      buyer: 'The buyer must be an object with name, taxId, country and address',
      lines: 'Lines must be a list of objects with name, quantity, unit, unitNet and vat',
      payment: 'Payment must be an object with dueDate, method and bankAccount',
    })
    expect(fields(draft({ lines: [line(), 'Work', null] }))).toEqual({
      'lines.1': 'Lines must be a list of objects with name, quantity, unit, unitNet and vat',
      'lines.2': 'Lines must be a list of objects with name, quantity, unit, unitNet and vat',
    })
    expect(fields(draft({ kind: 'KOR', correction: 7 }))).toMatchObject({
      correction: 'The correction must be an object with invoiceId, reason and reasonDate',
    })
    // Left out (or null), a draft's buyer, lines and payment are still allowed: the issue asks for them.
    expect(isDomainError(decide(cmd({ type: 'SaveInvoiceDraft', data: { issueDate: '2026-04-14' } }), settings))).toBe(
      false,
    )
    expect(
      isDomainError(
        decide(
          cmd({ type: 'SaveInvoiceDraft', data: { issueDate: '2026-04-14', buyer: null, lines: null, payment: null } }),
          settings,
        ),
      ),
    ).toBe(false)
  })

  it('a new buyer is remembered among the counterparties; a counterparty needs a valid NIP', () => {
    const saved = apply(settings, { type: 'SaveInvoiceDraft', data: draft() })
    expect(saved.events.map((e) => e.type)).toEqual(['InvoicingCounterpartySaved', 'InvoicingDraftSaved'])
    const [c] = [...saved.state.invoicing.counterparties.values()]
    expect(c?.data).toEqual({ ...acme, email: '' })
    const inv = [...saved.state.invoicing.invoices.values()][0]!
    expect(inv.data.counterpartyId).toBe(c?.id)
    expect(
      decide(cmd({ type: 'SaveCounterparty', data: { name: 'Y', taxId: '123-456-32-19' } }), settings),
    ).toMatchObject({
      errors: [{ field: 'taxId', message: 'Nip checksum is not valid' }],
    })
    const ok = apply(settings, { type: 'SaveCounterparty', data: { name: 'Y', taxId: '526-000-12-46', country: 'pl' } })
    expect(ok.events[0]?.data).toMatchObject({ data: { taxId: '5260001246', country: 'PL' } })
  })
})

describe('a recurring income', () => {
  const monthly = {
    ...income({ date: '2026-01-10', name: 'Abonament serwisowy', amount: '1000.00', percent: '23' }),
    counterparty: { name: acme.name, taxId: acme.taxId, country: 'PL', address: acme.address },
    repetitions: 12,
  }
  const books = runCommands([
    { type: 'AddSetting', kind: 'Vat', data: vatSetting() },
    { type: 'AddItem', dataType: 'RecurringIncome', data: monthly },
  ]).state
  const itemId = [...books.records.values()].find((r) => r.dataType === 'RecurringIncome')!.id

  it('issues a month’s invoice from a draft: that month is numbered, the other months stay, the figures do not change', () => {
    const drafted = apply(books, { type: 'DraftRecurringInvoice', itemId, month: '2026-03' })
    const draftId = (drafted.events.at(-1)!.data as { id: number }).id
    const d = drafted.state.invoicing.invoices.get(draftId)!
    expect([d.data.issueDate, d.data.lines[0]?.unitNet, d.data.lines[0]?.vat, d.data.buyer.name]).toEqual([
      '2026-03-10',
      '1000.00',
      '23',
      'ACME sp. z o.o.',
    ])
    // One invoice per month.
    expect(decide(cmd({ type: 'DraftRecurringInvoice', itemId, month: '2026-03' }), drafted.state)).toMatchObject({
      errors: [{ field: 'month', message: 'This month of the recurring income already has its invoice' }],
    })
    expect(decide(cmd({ type: 'DraftRecurringInvoice', itemId, month: '2027-01' }), drafted.state)).toMatchObject({
      errors: [{ field: 'month', message: 'The recurring income has no occurrence in this month' }],
    })
    const issued = apply(drafted.state, { type: 'IssueInvoice', id: draftId })
    expect(issued.events.map((e) => e.type)).toEqual([
      'InvoicingSeriesSaved',
      'ItemUpdated',
      'ItemAdded',
      'ItemAdded',
      'InvoicingInvoiceIssued',
    ])
    const rows = (s: BooksState, m: string) =>
      vatFiling(s, m as never)?.sales.map((r) => [r.documentNumber, r.fields.K_19, r.fields.K_20])
    expect(rows(issued.state, '2026-03')).toEqual([['FV/2026/03/1', 100000n, 23000n]])
    for (const m of ['2026-01', '2026-02', '2026-04', '2026-12'])
      expect(rows(issued.state, m)).toEqual([['', 100000n, 23000n]])
    // The year's VAT is what it was.
    const vat = (s: BooksState) => taxesThrough(s, '2026-12')?.result.vat.map((p) => p.output)
    expect(vat(issued.state)).toEqual(vat(books))
    expect(vat(books)).toEqual(Array(12).fill(23000n))
  })
})

describe('an invoice of several VAT rates marked offline', () => {
  it('is marked through its first income, whichever of its incomes is named', () => {
    const { state, invoice } = issue(settings)
    const [first, second] = invoice.itemIds
    expect(invoice.itemIds).toHaveLength(2)
    const marked = apply(state, { type: 'MarkKsefOffline', itemId: second!, mode: 'offline', reason: 'unavailable' })
    expect(marked.events).toMatchObject([{ type: 'KsefOfflineInvoiceMarked', data: { itemId: first } }])
    expect([...(marked.state.ksefOffline?.keys() ?? [])]).toEqual([first])
    // Named through either income, the same mark again changes nothing.
    expect(
      apply(marked.state, { type: 'MarkKsefOffline', itemId: first!, mode: 'offline', reason: 'unavailable' }).events,
    ).toEqual([])
  })
})
