/**
 * `finance ksef status|fetch|send` against the KSeF simulator (127.0.0.1): the token stored as the app stores it,
 * received invoices fetched into the expenses once, and failures said in the user's language with exit code 1.
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadBooks, setKsefToken } from '@finance/books'
import { type KsefSimulator, pdfText, startSimulator } from '@finance/ksef/testing'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { ANNA, run, seedKsefTrader } from './helpers.ts'

const US = '5260250274'
const SUPPLIER = '7740001454'
const SECRET = 'cli-test-server-secret-0123456789'

let sim: KsefSimulator
afterEach(async () => {
  expect(sim.violations).toEqual([])
  await sim.close()
})

const seeded = () => seedKsefTrader()

const purchase = (number: string) => buildInvoice23({ sellerNip: SUPPLIER, buyerNip: US, number })

describe('finance ksef', { timeout: 60_000 }, () => {
  it('fetches received invoices into the books once, and reports the status', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, userId } = await seeded()
    const env = { FINANCE_JWT_SECRET: SECRET, FINANCE_KSEF_URL: sim.url }
    const none = await run(['ksef', 'fetch', '--user', ANNA], { store, env })
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('brak tokenu KSeF')
    await setKsefToken({ store, serverSecret: SECRET, now: () => new Date() }, userId, { token: sim.token })

    sim.receive(purchase('ZAK 1/03'))
    sim.receive(purchase('ZAK 2/03'))
    const first = await run(['ksef', 'fetch', '--user', ANNA], { store, env })
    expect(first.stderr).toBe('')
    expect(first.stdout).toBe('pobrano faktur: 2, zaimportowano: 2, duplikatów: 0, odrzucono: 0\n')
    const second = await run(['--lang', 'en', 'ksef', 'fetch', '--user', ANNA, '--json'], { store, env })
    expect(JSON.parse(second.stdout)).toMatchObject({ ok: true, imported: 0 })

    const status = await run(['--lang', 'en', 'ksef', 'status', '--user', ANNA], { store, env })
    expect(status.code).toBe(0)
    expect(status.stdout).toContain('KSeF environment: TEST')
    expect(status.stdout).toContain('KSeF token: stored')
    expect(status.stdout).not.toContain(sim.token)
    expect(status.stdout).toContain(
      'offline24 invoices: cannot be issued — they need a KSeF certificate of type Offline',
    )
  })

  it('says what to do when KSeF is unavailable or the income does not exist', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, userId } = await seeded()
    const env = { FINANCE_JWT_SECRET: SECRET, FINANCE_KSEF_URL: sim.url }
    await setKsefToken({ store, serverSecret: SECRET, now: () => new Date() }, userId, { token: sim.token })
    sim.fail({ method: 'POST', path: /^\/auth\/challenge$/, answer: 429, retryAfter: 3600 })
    const limited = await run(['ksef', 'fetch', '--user', ANNA], { store, env })
    expect(limited.code).toBe(1)
    expect(limited.stderr).toContain('KSeF ogranicza liczbę zapytań: spróbuj później (za 3600 s)')
    const missing = await run(['--lang', 'en', 'ksef', 'send', '999', '--user', ANNA], { store, env })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('there is no such one-time income')
    const bad = await run(['ksef', 'send', 'abc', '--user', ANNA], { store, env })
    expect(bad.code).toBe(2)
    const neither = await run(['ksef', 'send', '--user', ANNA], { store, env })
    expect(neither.code).toBe(1)
    expect(neither.stderr).toContain('podaj numer pozycji albo --all')
    // Nothing waits to be sent: an empty batch, said so, and no session opened.
    const all = await run(['ksef', 'send', '--all', '--user', ANNA], { store, env })
    expect(all.stdout).toBe('wysłano do KSeF faktur: 0, nie wysłano: 0\n')
    expect(sim.log.filter((l) => l.path === '/sessions/batch')).toHaveLength(0)
  })

  it('writes the PDF of a supplier’s invoice fetched from KSeF, with its KSeF number and KOD I', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, userId } = await seeded()
    const env = { FINANCE_JWT_SECRET: SECRET, FINANCE_KSEF_URL: sim.url }
    await setKsefToken({ store, serverSecret: SECRET, now: () => new Date() }, userId, { token: sim.token })
    const received = sim.receive(purchase('ZAK 7/03'))
    expect((await run(['ksef', 'fetch', '--user', ANNA], { store, env })).code).toBe(0)
    const { state } = await loadBooks(store, userId)
    const id = [...state.records].find(([, r]) => r.dataType === 'Expense')![0]
    const out = join(mkdtempSync(join(tmpdir(), 'finance-pdf-')), 'zak.pdf')
    const r = await run(['ksef', 'pdf', String(id), '--user', ANNA, '--out', out], { store, env })
    expect(r.stderr).toBe('')
    expect(r.stdout).toBe(`zapisano fakturę: ${out}\n`)
    const text = await pdfText(readFileSync(out))
    expect(text).toContain('ZAK 7/03')
    expect(text).toContain(received.ksefNumber)
    expect(text).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${SUPPLIER}/05-03-2026/`)
    const missing = await run(['--lang', 'en', 'ksef', 'pdf', '999', '--user', ANNA, '--out', out], { store, env })
    expect(missing.code).toBe(1)
  })
})
