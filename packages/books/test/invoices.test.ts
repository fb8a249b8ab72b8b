/**
 * Invoices through the application layer: numbers under concurrent issues from two instances (each with its own
 * cache and lock, sharing one store) are consecutive and never given twice; an issue is refused whole while the
 * company's data cannot make an FA(3); the FA(3) of an issued invoice and of its correction pass the official schema.
 */
import { createMemoryStore, type EventStore } from '@finance/event-store'
import { isDomainError, type LedgerCommand } from '@finance/ledger-core/light'
import { companyInvoice, invoiceDraft } from '@finance/ledger-core/testing'
import { describe, expect, it } from 'vitest'
import { commandCounters, executeBooks, issueInvoice, issueInvoiceDocument, loadBooks } from '../src/index.ts'

const at = '2026-04-14T10:00:00.000Z'
const company = companyInvoice()
const draft = invoiceDraft('2026-04-14')

const run = async (store: EventStore, c: Record<string, unknown>) => {
  const r = await executeBooks(store, 'u1', { at, userId: 'u1', ...c } as LedgerCommand)
  if (isDomainError(r)) throw new Error(`${String(c.type)}: ${JSON.stringify(r)}`)
  return r
}
const draftId = async (store: EventStore) => {
  const r = await run(store, { type: 'SaveInvoiceDraft', data: draft })
  return (r.events.find((e) => e.type === 'InvoicingDraftSaved')!.data as { id: number }).id
}

describe('issuing', () => {
  it('two instances issuing at once give consecutive numbers, none twice', async () => {
    const shared = createMemoryStore()
    // Two server instances: their own caches and locks over the one store.
    const a: EventStore = Object.create(shared)
    const b: EventStore = Object.create(shared)
    await run(a, { type: 'SaveCompanyRecord', dataType: 'Invoice', data: company })
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push(await draftId(a))
    // Instance a issues one of its drafts between each read of instance b and its append: b loses every first race.
    const forA = ids.slice(6)
    b.append = async (stream, events, expected) => {
      const next = forA.shift()
      if (next !== undefined) expect(isDomainError(await issueInvoiceDocument(a, 'u1', next, { at }))).toBe(false)
      return shared.append(stream, events, expected)
    }
    const conflicts = commandCounters.conflicts
    for (const id of ids.slice(0, 6)) expect(isDomainError(await issueInvoiceDocument(b, 'u1', id, { at }))).toBe(false)
    expect(commandCounters.conflicts - conflicts).toBe(6)
    const { state } = await loadBooks(a, 'u1')
    const numbers = ids.map((id) => state.invoicing.invoices.get(id)!.number!)
    expect(numbers.map((n) => Number(n.split('/')[3])).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    )
    // b's first issue lost a race to each of a's six issues, was decided again each time and took number 7.
    expect([numbers[6], numbers[11], numbers[0]]).toEqual(['FV/2026/04/1', 'FV/2026/04/6', 'FV/2026/04/7'])
    // Every invoice put its two incomes into the books, and nothing else was added.
    expect(ids.every((id) => state.invoicing.invoices.get(id)!.itemIds.length === 2)).toBe(true)
    expect([...state.records.values()].filter((r) => r.dataType === 'Income')).toHaveLength(24)
  })

  it('without the company’s data the issue is refused whole and takes no number', async () => {
    const store = createMemoryStore()
    const id = await draftId(store)
    const r = await issueInvoiceDocument(store, 'u1', id, { at })
    expect(isDomainError(r) && r.errors?.map((e) => e.field)).toEqual(['companyName', 'nip', 'invoiceAddress'])
    const { state } = await loadBooks(store, 'u1')
    expect([state.invoicing.invoices.get(id)!.status, state.invoicing.counters.size]).toEqual(['draft', 0])
  })

  it('the FA(3) of an issued invoice, through the invoice or either of its incomes, and of its correction', async () => {
    const store = createMemoryStore()
    await run(store, { type: 'SaveCompanyRecord', dataType: 'Invoice', data: company })
    const id = await draftId(store)
    const issued = await issueInvoiceDocument(store, 'u1', id, { at })
    if (isDomainError(issued)) throw new Error(JSON.stringify(issued))
    const inv = issued.state.invoicing.invoices.get(id)!
    const now = new Date(at)
    const file = await issueInvoice(issued.state, id, { now })
    if (!file.ok) throw new Error(JSON.stringify(file.problems))
    expect(file.fileName).toBe('FA3_FV_2026_04_1.xml')
    expect(file.xml.match(/<FaWiersz>/g)).toHaveLength(2)
    const viaItem = await issueInvoice(issued.state, inv.itemIds[1]!, { now })
    expect(viaItem.ok && viaItem.xml).toBe(file.xml)
    const kor = await run(store, {
      type: 'SaveInvoiceDraft',
      data: {
        ...draft,
        kind: 'KOR',
        issueDate: '2026-05-04',
        lines: [{ ...draft.lines[0], quantity: '8' }, draft.lines[1]],
        payment: {},
        correction: { invoiceId: id, reason: 'Mniej godzin' },
      },
    })
    const korId = (kor.events.at(-1)!.data as { id: number }).id
    const korIssued = await issueInvoiceDocument(store, 'u1', korId, { at })
    if (isDomainError(korIssued)) throw new Error(JSON.stringify(korIssued))
    const korFile = await issueInvoice(korIssued.state, korId, { now })
    if (!korFile.ok) throw new Error(JSON.stringify(korFile.problems))
    expect(korFile.xml).toContain('<RodzajFaktury>KOR</RodzajFaktury>')
    expect(korFile.xml).toContain('<NrFaKorygowanej>FV/2026/04/1</NrFaKorygowanej>')
    expect(korFile.xml).toContain('<NrKSeFN>1</NrKSeFN>')
    expect(korFile.xml).toContain('<P_13_1>-300.00</P_13_1>')
  })
})
