/**
 * tax-files benchmark (`npm run bench -- tax-files`): the tax book and its JPK file for a year of 10 000 entries —
 * the user's history folded with its recording moments (`BookHistory`, with late changes that become corrections),
 * the year's book (rows, month and running totals) and the JPK_PKPIR(3) XML written from it; the same for a
 * ryczałt year and JPK_EWP(4). The target is under 1 s for book and XML together. Reference measured in the same
 * run: `JSON.stringify` of the book's rows (the cheapest way to serialise the same data). Validation against the
 * official schema (libxml2 in WebAssembly) is timed apart: it runs once per download, not per view.
 * Then JPK_V7M(3) of a month of 5 000 documents (target < 1 s with its schema check, which every download runs).
 */
import { BookHistory, foldBooks, type LedgerEvent, vatFiling } from '@finance/ledger-core/light'
import { income, pitSetting, seededRandom as rng, vatSetting } from '@finance/ledger-core/testing'
import { jpkFile } from '../src/jpk.ts'
import { jpkV7File } from '../src/jpkV7.ts'
import { contact, primary } from '../src/testing/scenarios.ts'
import { validateXml } from '../src/validate.ts'

const N = 10_000
const pad = (n: number) => String(n).padStart(2, '0')
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** 10 000 items of 2026, each recorded on its day; one in twenty edited a month later (after its month closed). */
const history = (taxType: 'Linear' | 'Flat') => {
  const r = rng(11)
  const out: { event: LedgerEvent; recordedAt: string }[] = [
    {
      event: {
        type: 'SettingAdded',
        data: { id: 1, kind: 'Pit', data: pitSetting({ taxType, firstPercent: taxType === 'Flat' ? '12' : '19' }) },
      } as LedgerEvent,
      recordedAt: '2026-01-01T08:00:00Z',
    },
  ]
  const late: { event: LedgerEvent; recordedAt: string }[] = []
  const columns = ['goods', 'sideCosts', 'salaries', 'other', 'free', 'research']
  for (let i = 0; i < N; i++) {
    const id = i + 2
    const m = 1 + Math.floor((i * 12) / N)
    const day = `2026-${pad(m)}-${pad(1 + Math.floor(r() * 28))}`
    const isIncome = taxType === 'Flat' || r() < 0.4
    const data = income({
      date: day,
      name: `Item ${id}`,
      amount: `${1 + Math.floor(r() * 9000)}.${pad(Math.floor(r() * 100))}`,
      documentNumber: `FV ${id}/2026`,
      description: isIncome ? 'Sprzedaż usług' : 'Zakup',
      counterparty: {
        name: `Kontrahent ${id % 300}`,
        taxId: '5260001246',
        country: 'PL',
        address: 'ul. Prosta 1, Warszawa',
      },
      kpirColumn: isIncome ? null : columns[Math.floor(r() * columns.length)],
      flatRate: taxType === 'Flat' && r() < 0.3 ? '8.5' : null,
    })
    const dataType = isIncome ? 'Income' : 'Expense'
    out.push({
      event: { type: 'ItemAdded', data: { id, dataType, data } } as LedgerEvent,
      recordedAt: `${day}T12:00:00Z`,
    })
    if (i % 20 === 0 && m < 12)
      late.push({
        event: { type: 'ItemUpdated', data: { id, dataType, data: { ...data, amount: '100.00' } } } as LedgerEvent,
        recordedAt: `2026-${pad(m + 1)}-25T12:00:00Z`,
      })
  }
  return [...out, ...late].sort((a, b) => (a.recordedAt < b.recordedAt ? -1 : a.recordedAt > b.recordedAt ? 1 : 0))
}

const measure = async (taxType: 'Linear' | 'Flat') => {
  const events = history(taxType)
  const form = taxType === 'Flat' ? 'JPK_EWP' : 'JPK_PKPIR'
  const fold: number[] = []
  const bookMs: number[] = []
  const xmlMs: number[] = []
  const refMs: number[] = []
  let rows = 0
  let bytes = 0
  let xml = ''
  for (let i = 0; i < 5; i++) {
    let t0 = process.hrtime.bigint()
    const h = new BookHistory()
    for (const e of events) h.push(e.event, e.recordedAt)
    fold.push(ms(t0))
    t0 = process.hrtime.bigint()
    const book = h.book(2026, { today: '2027-01-25' })
    bookMs.push(ms(t0))
    t0 = process.hrtime.bigint()
    const file = jpkFile({ form, book, primary, contact, purpose: 1, createdAt: '2027-01-25T10:00:00Z' })
    xmlMs.push(ms(t0))
    if (!file.ok) throw new Error(JSON.stringify(file.problems))
    xml = file.xml
    rows = file.rows
    bytes = file.xml.length
    t0 = process.hrtime.bigint()
    JSON.stringify(form === 'JPK_PKPIR' ? book.kpir.rows : book.ewp.rows)
    refMs.push(ms(t0))
  }
  const total = median(fold) + median(bookMs) + median(xmlMs)
  const t0 = process.hrtime.bigint()
  const check = await validateXml(xml, form === 'JPK_PKPIR' ? 'JPK_PKPIR(3)' : 'JPK_EWP(4)')
  const validateMs = ms(t0)
  if (!check.valid) throw new Error(JSON.stringify(check.errors.slice(0, 3)))
  console.log(
    `${form} of ${N.toLocaleString('en')} items (${events.length.toLocaleString('en')} events, ${rows.toLocaleString('en')} rows, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB): history ${median(fold).toFixed(0)} ms + book ${median(bookMs).toFixed(0)} ms + ` +
      `XML ${median(xmlMs).toFixed(0)} ms = ${total.toFixed(0)} ms (median of 5; target < 1000 ms: ${total < 1000 ? 'met' : 'MISSED'}); ` +
      `reference JSON.stringify of the rows ${median(refMs).toFixed(0)} ms, book+XML / reference = ${(total / median(refMs)).toFixed(1)}×; ` +
      `schema validation ${validateMs.toFixed(0)} ms (valid)`,
  )
}

export async function run(): Promise<void> {
  await measure('Linear')
  await measure('Flat')
  await measureV7()
}

/** 5 000 company items in March 2026: sales at 23 / 8 / 5 % and exempt, purchases; each its own document. */
const vatMonth = (rows: number): LedgerEvent[] => {
  const r = rng(7)
  const events: LedgerEvent[] = [
    {
      type: 'SettingAdded',
      data: { id: 1, kind: 'Vat', data: vatSetting({ date: '2025-01-01', paymentInterval: 1 }) },
    } as LedgerEvent,
  ]
  const rates = ['23', '23', '23', '8', '5']
  for (let i = 0; i < rows; i++) {
    const id = i + 2
    const isIncome = r() < 0.6
    const exempt = isIncome && r() < 0.05
    const day = `2026-03-${pad(1 + Math.floor(r() * 28))}`
    const data = income({
      date: day,
      name: `Document ${id}`,
      amount: `${1 + Math.floor(r() * 9000)}.${pad(Math.floor(r() * 100))}`,
      percent: exempt ? '0' : rates[Math.floor(r() * rates.length)],
      vatTreatment: exempt ? 'zw' : 'rate',
      documentNumber: `${isIncome ? 'FV' : 'FZ'} ${id}/03/2026`,
      counterparty: { name: `Kontrahent ${id % 300}`, taxId: '7740001454', country: 'PL', address: 'Płock' },
      ksefNumber:
        i % 4 === 0
          ? null
          : `${isIncome ? '5260250274' : '7740001454'}-20260310-${String(id).padStart(10, '0')}AF-${pad(id % 100)}`,
      ksefMarker: i % 4 === 0 ? 'BFK' : null,
    })
    events.push({ type: 'ItemAdded', data: { id, dataType: isIncome ? 'Income' : 'Expense', data } } as LedgerEvent)
  }
  return events
}

/** JPK_V7M(3) of a month of 5 000 rows: the register and declaration from the books, then the XML. */
const measureV7 = async () => {
  const ROWS = 5_000
  const events = vatMonth(ROWS)
  const foldMs: number[] = []
  const fileMs: number[] = []
  const refMs: number[] = []
  let xml = ''
  let rows = 0
  for (let i = 0; i < 5; i++) {
    let t0 = process.hrtime.bigint()
    const state = foldBooks(events)
    foldMs.push(ms(t0))
    t0 = process.hrtime.bigint()
    const filing = vatFiling(state, '2026-03')
    if (!filing) throw new Error('no VAT period')
    const file = jpkV7File({ filing, primary, contact, purpose: 1, createdAt: '2026-04-10T10:00:00Z' })
    fileMs.push(ms(t0))
    if (!file.ok) throw new Error(JSON.stringify(file.problems))
    xml = file.xml
    rows = filing.sales.length + filing.purchases.length
    t0 = process.hrtime.bigint()
    JSON.stringify(
      filing.sales.map((s) => ({
        ...s,
        fields: Object.fromEntries(Object.entries(s.fields).map(([k, v]) => [k, String(v)])),
      })),
    )
    refMs.push(ms(t0))
  }
  const t0 = process.hrtime.bigint()
  const check = await validateXml(xml, 'JPK_V7M(3)')
  const validateMs = ms(t0)
  if (!check.valid) throw new Error(JSON.stringify(check.errors.slice(0, 3)))
  const total = median(fileMs) + validateMs
  console.log(
    `JPK_V7M(3) of a month of ${rows.toLocaleString('en')} register rows (${(xml.length / 1024 / 1024).toFixed(1)} MB): ` +
      `register + declaration + XML ${median(fileMs).toFixed(0)} ms (median of 5), schema validation ${validateMs.toFixed(0)} ms, ` +
      `together ${total.toFixed(0)} ms (target < 1000 ms: ${total < 1000 ? 'met' : 'MISSED'}); ` +
      `folding the ${events.length.toLocaleString('en')} events ${median(foldMs).toFixed(0)} ms apart; ` +
      `reference JSON.stringify of the sales rows ${median(refMs).toFixed(0)} ms`,
  )
}
