/**
 * `finance ksef status|fetch|send` against the KSeF simulator (127.0.0.1): the token stored as the app stores it,
 * received invoices fetched into the expenses once, and failures said in the user's language with exit code 1.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { executeBooks, loadBooks, setKsefToken } from '@finance/books'
import type { EventStore } from '@finance/event-store'
import { type KsefSimulator, makeKsefCertificate, pdfText, startSimulator } from '@finance/ksef/testing'
import type { LedgerCommand } from '@finance/ledger-core'
import { companyAddress } from '@finance/ledger-core/testing'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { ANNA, run, seedKsefTrader } from './helpers.ts'

const US = '5260250274'
const SUPPLIER = '7740001454'
const SECRET = 'cli-test-server-secret-0123456789'

let sim: KsefSimulator
afterEach(() => sim.closeChecked())

const seeded = () => seedKsefTrader()

/** A simulator (`sim`, checked after the test), the trader's books and the CLI's environment, the KSeF token stored. */
const connected = async () => {
  sim = await startSimulator({ nip: US, pendingPolls: 0 })
  const { store, userId } = await seeded()
  const env = { FINANCE_JWT_SECRET: SECRET, FINANCE_KSEF_URL: sim.url }
  await setKsefToken({ store, serverSecret: SECRET, now: () => new Date() }, userId, { token: sim.token })
  return { store, userId, env }
}

const purchase = (number: string) => buildInvoice23({ sellerNip: SUPPLIER, buyerNip: US, number })

/** The company's contact and invoice data (its address): what an FA(3) file of its invoices needs. */
const invoiceData = async (store: EventStore, userId: string): Promise<void> => {
  const company = { companyName: 'Kowalska IT', nip: US, ownerName: 'Anna', ownerLastName: 'Kowalska', regon: '' }
  for (const [dataType, data] of [
    ['Contact', { email: 'anna@example.com', phoneNumber: '' }],
    ['Invoice', { ...company, invoiceAddress: companyAddress() }],
  ] as const) {
    const saved = await executeBooks(store, userId, {
      type: 'SaveCompanyRecord',
      dataType,
      data,
      at: '2026-01-02T10:00:00.000Z',
      userId,
    } as LedgerCommand)
    if (!('events' in saved)) throw new Error(JSON.stringify(saved))
  }
}

/** A one-time company income of 1 June 2026 invoiced as `documentNumber` to ACME; answers its id. */
const invoicedIncome = async (store: EventStore, userId: string, documentNumber: string): Promise<string> => {
  const added = await executeBooks(store, userId, {
    type: 'AddItem',
    dataType: 'Income',
    data: {
      date: '2026-06-01',
      name: 'Programowanie',
      amount: '1000.00',
      isCompany: true,
      percent: '23',
      invoiceDate: '2026-06-01',
      documentNumber,
      counterparty: { name: 'ACME sp. z o.o.', taxId: SUPPLIER, country: 'PL', address: 'Warszawa' },
    },
    at: '2026-01-02T10:00:00.000Z',
    userId,
  } as LedgerCommand)
  if (!('events' in added)) throw new Error(JSON.stringify(added))
  return String((added.events[0] as { data: { id: number } }).data.id)
}

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
    const { store, env } = await connected()
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
    expect(neither.code).toBe(2)
    expect(neither.stderr).toContain('podaj jedno z: numer pozycji, --all albo --offline')
    // Nothing waits to be sent: an empty batch, said so, and no session opened.
    const all = await run(['ksef', 'send', '--all', '--user', ANNA], { store, env })
    expect(all.stdout).toBe('wysłano do KSeF faktur: 0, nie wysłano: 0\n')
    expect(sim.log.filter((l) => l.path === '/sessions/batch')).toHaveLength(0)
  })

  it('says in Polish why an invoice cannot be made, and marks none offline when it cannot', async () => {
    const { store, userId, env } = await connected()
    // No invoice data of the company (its address): FA(3) cannot be made.
    const id = await invoicedIncome(store, userId, 'FV 7/2026')
    const address = 'Do faktury potrzebny jest adres firmy (ulica lub numer budynku i kod kraju)'
    const send = await run(['ksef', 'send', id, '--user', ANNA], { store, env })
    expect(send.code).toBe(1)
    expect(send.stderr).toContain(address)
    const head = await store.headPosition()
    const offline = await run(['ksef', 'offline', id, '--mode', 'awaryjny', '--ended', '2026-06-01', '--user', ANNA], {
      store,
      env,
    })
    expect(offline.code).toBe(1)
    expect(offline.stderr).toContain(address)
    expect(await store.headPosition()).toBe(head)
    const status = await run(['ksef', 'status', '--user', ANNA], { store, env })
    expect(status.stdout).toContain('faktury offline czekające na wysyłkę: brak')
  })

  it('issues an invoice offline, lists it with its deadline and sends it with --offline', async () => {
    const { store, userId, env } = await connected()
    await invoiceData(store, userId)
    const id = await invoicedIncome(store, userId, 'FV 6/2026')
    const noCert = await run(['ksef', 'offline', id, '--user', ANNA], { store, env })
    expect(noCert.code).toBe(1)
    expect(noCert.stderr).toContain('faktury offline24 nie można wystawić bez certyfikatu KSeF typu Offline')
    // An end before the issue date (1 June 2026) is refused, saying which option and why; nothing is marked.
    const early = await run(['ksef', 'offline', id, '--mode', 'awaryjny', '--ended', '2026-05-31', '--user', ANNA], {
      store,
      env,
    })
    expect(early.code).toBe(1)
    expect(early.stderr).toBe(
      'błąd: koniec niedostępności (--ended) musi być datą od dnia wystawienia faktury do roku po nim\n',
    )
    // A failure that ended on Monday 1 June 2026; Corpus Christi is Thursday the 4th: seven working days → the 11th.
    const marked = await run(['ksef', 'offline', id, '--mode', 'awaryjny', '--ended', '2026-06-01', '--user', ANNA], {
      store,
      env,
    })
    expect(marked.stdout).toBe(
      `faktura pozycji ${id} wystawiona offline (tryb awaryjny, data wystawienia 2026-06-01): wyślij ją do KSeF do 2026-06-11\n`,
    )
    const status = await run(['--lang', 'en', 'ksef', 'status', '--user', ANNA], { store, env })
    expect(status.stdout).toContain(
      `offline invoices waiting to be sent:\n  item ${id} (FV 6/2026), issued 2026-06-01, mode awaryjny: send by 2026-06-11`,
    )
    const sent = await run(['ksef', 'send', '--offline', '--user', ANNA], { store, env })
    expect(sent.code).toBe(0)
    expect(sent.stdout).toContain('wysłano faktur offline: 1, nie wysłano: 0')
    expect(sim.invoices.map((i) => [i.invoiceNumber, i.offlineMode])).toEqual([['FV 6/2026', true]])
    const after = await run(['ksef', 'status', '--user', ANNA], { store, env })
    expect(after.stdout).toContain('faktury offline czekające na wysyłkę: brak')
  })

  it('accounts with --offline for every waiting invoice when none can be sent, each named with its reason', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store, userId } = await seeded()
    const env = { FINANCE_JWT_SECRET: SECRET, FINANCE_KSEF_URL: sim.url }
    await invoiceData(store, userId)
    const ids: string[] = []
    for (const n of [1, 2]) {
      const id = await invoicedIncome(store, userId, `FV ${n}/2026`)
      const marked = await run(['ksef', 'offline', id, '--mode', 'awaryjny', '--ended', '2026-06-01', '--user', ANNA], {
        store,
        env,
      })
      expect(marked.code).toBe(0)
      ids.push(id)
    }
    // No token: the first invoice stops the sending, and the second is told the same reason.
    const pl = await run(['ksef', 'send', '--offline', '--user', ANNA], { store, env })
    expect(pl.code).toBe(1)
    expect(pl.stdout).toBe(
      ids
        .map(
          (id, i) =>
            `pozycja ${id} (FV ${i + 1}/2026): brak tokenu KSeF albo nie da się go odczytać tym kluczem serwera: wpisz go w aplikacji\n`,
        )
        .join(''),
    )
    expect(pl.stderr).toContain('wysłano faktur offline: 0, nie wysłano: 2')
    const en = await run(['--lang', 'en', 'ksef', 'send', '--offline', '--user', ANNA], { store, env })
    expect(en.stdout).toBe(
      ids
        .map(
          (id, i) =>
            `item ${id} (FV ${i + 1}/2026): no KSeF token, or it cannot be read with this server key: enter it in the app\n`,
        )
        .join(''),
    )
    expect(en.stderr).toContain('0 offline invoice(s) sent, 2 not sent')
    const json = await run(['ksef', 'send', '--offline', '--json', '--user', ANNA], { store, env })
    expect(JSON.parse(json.stdout)).toMatchObject({
      sent: 0,
      failed: 2,
      results: ids.map((id) => ({ itemId: Number(id), ksefNumber: null, error: { code: 'NO_TOKEN' } })),
    })
    expect(sim.log).toHaveLength(0)
  })

  it('stores a KSeF certificate of type Offline from files, the password from the environment, never as an argument', async () => {
    sim = await startSimulator({ nip: US, pendingPolls: 0 })
    const { store } = await seeded()
    const made = await makeKsefCertificate({ password: 'hasło', notBefore: new Date('2020-01-01') })
    const dir = mkdtempSync(join(tmpdir(), 'cert-'))
    writeFileSync(join(dir, 'offline.crt'), made.certificateDer)
    writeFileSync(join(dir, 'offline.key'), made.privateKeyPem)
    const files = ['--cert', join(dir, 'offline.crt'), '--key', join(dir, 'offline.key')]
    const base = { FINANCE_JWT_SECRET: SECRET, FINANCE_KSEF_URL: sim.url }
    const none = await run(['ksef', 'certificate', '--user', ANNA], { store, env: base })
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('podaj plik certyfikatu (--cert) i klucza prywatnego (--key) albo --forget')
    const wrong = await run(['ksef', 'certificate', ...files, '--user', ANNA], {
      store,
      env: { ...base, FINANCE_KSEF_KEY_PASSWORD: 'złe' },
    })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('certyfikat nie został zapisany: hasło nie otwiera klucza prywatnego')
    const ok = await run(['ksef', 'certificate', ...files, '--user', ANNA], {
      store,
      env: { ...base, FINANCE_KSEF_KEY_PASSWORD: 'hasło' },
    })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/^zapisano certyfikat KSeF typu Offline nr 01F20A5D352AE590, ważny do \d{4}-\d{2}-\d{2}/)
    const status = await run(['ksef', 'status', '--user', ANNA], { store, env: base })
    expect(status.stdout).toContain('faktury offline24: można wystawiać (certyfikat KSeF zapisany)')
    const forgot = await run(['ksef', 'certificate', '--forget', '--user', ANNA], { store, env: base })
    expect(forgot.stdout).toBe('usunięto certyfikat KSeF\n')
    expect((await run(['ksef', 'status', '--user', ANNA], { store, env: base })).stdout).toContain(
      'faktury offline24: nie można ich wystawić',
    )
  })

  it('writes the PDF of a supplier’s invoice fetched from KSeF, with its KSeF number and KOD I', async () => {
    const { store, userId, env } = await connected()
    const received = sim.receive(purchase('ZAK 7/03'))
    expect((await run(['ksef', 'fetch', '--user', ANNA], { store, env })).code).toBe(0)
    const { state } = await loadBooks(store, userId)
    const id = [...state.records].find(([, r]) => r.dataType === 'Expense')![0]
    const out = join(mkdtempSync(join(tmpdir(), 'finance-pdf-')), 'zak.pdf')
    // No server key given: the PDF of a received invoice opens nothing sealed, so it needs none.
    const umask = process.umask(0o022)
    const r = await run(['ksef', 'pdf', String(id), '--user', ANNA, '--out', out], {
      store,
      env: { FINANCE_KSEF_URL: env.FINANCE_KSEF_URL },
    }).finally(() => process.umask(umask))
    expect(r.stderr).toBe('')
    expect(r.stdout).toBe(`zapisano fakturę: ${out}\n`)
    // Owner-only, like backups: an invoice names the trader and the buyer.
    expect(statSync(out).mode & 0o777).toBe(0o600)
    const text = await pdfText(readFileSync(out))
    expect(text).toContain('ZAK 7/03')
    expect(text).toContain(received.ksefNumber)
    expect(text).toContain(`https://qr-test.ksef.mf.gov.pl/invoice/${SUPPLIER}/05-03-2026/`)
    const missing = await run(['--lang', 'en', 'ksef', 'pdf', '999', '--user', ANNA, '--out', out], { store, env })
    expect(missing.code).toBe(1)
  })
})
