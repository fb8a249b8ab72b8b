/**
 * `finance import ksef`, `finance jpk v7` and `finance jpk validate`: FA(3) files into a user's books with a line
 * per file, the JPK_V7 file the API writes, and a check against a schema the user supplies.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SCHEMAS, schemaPath } from '@finance/tax-files'
import { buildInvoice23 } from '@finance/tax-files/testing'
import { describe, expect, it } from 'vitest'
import { ANNA, run, seedKsefTrader } from './helpers.ts'

const US = '5260250274'
const OTHER = '7740001454'
const KSEF = `${OTHER}-20260305-0100001AF629-4B`
const NOW = '2026-04-10T10:00:00.000Z'

const seeded = async ({ contact = true } = {}) => (await seedKsefTrader({ contact })).store

const invoice = (number: string, seller: string, buyer: string, net: string, vat: string) =>
  buildInvoice23({ sellerNip: seller, buyerNip: buyer, number, net, vat })

const dir = () => mkdtempSync(join(tmpdir(), 'finance-ksef-'))

describe('finance import ksef', () => {
  it('says in Polish what each file became: koszt or przychód, with its items counted as Polish counts them', async () => {
    const store = await seeded()
    const d = dir()
    const bought = join(d, `${KSEF}.xml`)
    const sold = join(d, 'sale.xml')
    writeFileSync(bought, invoice('FZ 1/03', OTHER, US, '1000.00', '230.00'))
    writeFileSync(sold, invoice('FV 1/03', US, OTHER, '5000.00', '1150.00'))
    const r = await run(['import', 'ksef', bought, sold, '--user', ANNA], { store, now: NOW })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`✓ ${KSEF}.xml: zaimportowano — koszt FZ 1/03 (KSeF ${KSEF}), 1 pozycja`)
    expect(r.stdout).toContain('✓ sale.xml: zaimportowano — przychód FV 1/03, 1 pozycja')
  })

  it('says that a purchase received in KSeF a month after its date is deducted then, the cost keeping its date', async () => {
    const store = await seeded()
    const d = dir()
    const later = `${OTHER}-20260401-0100001AF629-AF`
    const bought = join(d, `${later}.xml`)
    writeFileSync(bought, invoice('FZ 9/03', OTHER, US, '1000.00', '230.00'))
    const r = await run(['import', 'ksef', bought, '--user', ANNA], { store, now: NOW })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      'otrzymana w KSeF 2026-04-01, w miesiącu późniejszym niż jej data: jej VAT odlicza się nie wcześniej niż za tamten miesiąc; koszt zostaje pod datą faktury',
    )
  })

  it('imports each file, says what it became, and refuses a duplicate and a bad file with their reasons', async () => {
    const store = await seeded()
    const d = dir()
    const bought = join(d, `${KSEF}.xml`)
    const sold = join(d, 'sale.xml')
    const bad = join(d, 'bad.xml')
    writeFileSync(bought, invoice('FZ 1/03', OTHER, US, '1000.00', '230.00'))
    writeFileSync(sold, invoice('FV 1/03', US, OTHER, '5000.00', '1150.00'))
    writeFileSync(bad, '<Faktura/>')

    const first = await run(['import', 'ksef', bought, sold, '--user', ANNA, '--lang', 'en'], { store, now: NOW })
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(`✓ ${KSEF}.xml: imported — expense FZ 1/03 (KSeF ${KSEF}), 1 item`)
    expect(first.stdout).toContain('✓ sale.xml: imported — income FV 1/03')
    expect(first.stdout).toContain('2 file(s) imported, 0 not imported')

    const second = await run(['import', 'ksef', bought, bad, '--user', ANNA], { store, now: NOW })
    expect(second.code).toBe(1)
    expect(second.stdout).toContain(`✗ ${KSEF}.xml: duplikat, pominięto — FZ 1/03`)
    expect(second.stdout).toContain('Ten dokument jest już w księgach')
    expect(second.stdout).toMatch(/✗ bad\.xml: odrzucono\n {4}to nie jest poprawna faktura FA\(3\)/)
    expect(second.stderr).toContain('plików zaimportowanych: 0, niezaimportowanych: 2')

    const json = await run(['import', 'ksef', sold, '--user', ANNA, '--json'], { store, now: NOW })
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout)).toMatchObject({ imported: 0, refused: 1, results: [{ status: 'duplicate' }] })

    const missing = await run(['import', 'ksef', join(d, 'nope.xml'), '--user', ANNA, '--lang', 'en'], { store })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('no such file')
  })

  it('says what breaks the FA(3) schema in words, naming the field, never in the validator English', async () => {
    const store = await seeded()
    const d = dir()
    const good = invoice('FZ 2/03', OTHER, US, '1000.00', '230.00')
    const noTotal = join(d, 'no-total.xml')
    const cut = join(d, 'cut.xml')
    writeFileSync(noTotal, good.replace(/<P_15>[^<]*<\/P_15>/, ''))
    writeFileSync(cut, good.slice(0, 300))
    const pl = await run(['import', 'ksef', noTotal, cut, '--user', ANNA], { store, now: NOW })
    expect(pl.code).toBe(1)
    expect(pl.stdout).toMatch(
      /✗ no-total\.xml: odrzucono\n {4}to nie jest poprawna faktura FA\(3\) \(wiersz \d+\): Adnotacje: tego elementu nie może tu być; oczekiwano: P_14_1W, P_13_2/,
    )
    expect(pl.stdout).toContain(
      '✗ cut.xml: odrzucono\n    to nie jest poprawna faktura FA(3) (wiersz 5): plik nie jest kompletnym dokumentem XML: może być ucięty lub uszkodzony',
    )
    const en = await run(['import', 'ksef', noTotal, cut, '--user', ANNA, '--lang', 'en'], { store, now: NOW })
    expect(en.stdout).toMatch(
      /not a valid FA\(3\) invoice \(line \d+\): Adnotacje: this element is not allowed here; expected: /,
    )
    expect(en.stdout).toContain('the file is not a complete XML document: it may be cut off or damaged')
    for (const out of [pl.stdout, en.stdout])
      expect(out).not.toMatch(/Element '|This element is not expected|Couldn't find|Premature end/)
  })
})

describe('finance jpk', () => {
  it('says in Polish, wholly, what a JPK_V7 file still needs', async () => {
    const store = await seeded({ contact: false })
    const r = await run(['jpk', 'v7', '2026-03', '--user', ANNA], { store, now: NOW })
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('e-mail: do pliku JPK_V7 potrzebny jest kontaktowy adres e-mail')
    expect(r.stderr).not.toContain('is required')
  })

  it('writes the month’s JPK_V7M with the VAT of the imported invoices, and validates it', async () => {
    const store = await seeded()
    const d = dir()
    const bought = join(d, `${KSEF}.xml`)
    writeFileSync(bought, invoice('FZ 1/03', OTHER, US, '1000.00', '230.00'))
    const sale = join(d, 'sale.xml')
    writeFileSync(sale, invoice('FV 1/03', US, OTHER, '5000.00', '1150.00'))
    expect((await run(['import', 'ksef', bought, sale, '--user', ANNA], { store, now: NOW })).code).toBe(0)

    const out = join(d, 'JPK.xml')
    const r = await run(['jpk', 'v7', '2026-03', '--user', ANNA, '--out', out, '--lang', 'en'], { store, now: NOW })
    expect(r.code).toBe(0)
    const xml = readFileSync(out, 'utf8')
    expect(xml).toContain('kodSystemowy="JPK_V7M (3)"')
    expect(xml).toContain('<P_51>920</P_51>')
    expect(xml).toContain(`<NrKSeF>${KSEF}</NrKSeF>`)
    // The sale has no KSeF number: an invoice outside KSeF (BFK), and the command says so.
    expect(xml).toContain('<BFK>1</BFK>')
    expect(r.stderr).toContain('1 row(s) without a KSeF number or marker were marked BFK')

    const ok = await run(['jpk', 'validate', out, '--lang', 'en'])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('valid against JPK_V7M(3)')

    // Against a schema the user supplies: JPK_V7M(2) refuses a (3) document.
    const v2 = schemaPath(SCHEMAS['JPK_V7M(2)'].file)
    const against2 = await run(['jpk', 'validate', out, '--xsd', v2, '--lang', 'en'])
    expect(against2.code).toBe(1)
    expect(against2.stderr).toContain('not valid against')

    const quarter = await run(['jpk', 'v7', '2026-Q1', '--user', ANNA, '--lang', 'en'], { store, now: NOW })
    expect(quarter.code).toBe(1)
    expect(quarter.stderr).toContain('JPK_V7M')
    const quarterPl = await run(['jpk', 'v7', '2026-Q1', '--user', ANNA], { store, now: NOW })
    expect(quarterPl.stderr).toContain(
      'okres: VAT w okresie 2026-Q1 rozlicza się miesięcznie: złóż JPK_V7M za każdy z jego miesięcy',
    )
    const beforeVat = await run(['jpk', 'v7', '2001-01', '--user', ANNA], { store, now: NOW })
    expect(beforeVat.stderr).toContain('okres: księgi nie mają okresu VAT za styczeń 2001')
    const badPeriod = await run(['jpk', 'v7', '2026-13', '--user', ANNA], { store, now: NOW })
    expect(badPeriod.code).toBe(2)
  })

  it("says what is wrong with a document or a schema in the run's language, never the validator's English", async () => {
    const d = dir()
    const v2 = schemaPath(SCHEMAS['JPK_V7M(2)'].file)
    const cut = join(d, 'cut.xml')
    writeFileSync(cut, '<JPK><Naglowek>')
    const truncated = await run(['jpk', 'validate', cut, '--xsd', v2])
    expect(truncated.code).toBe(1)
    expect(truncated.stderr).toContain('wiersz 1: plik nie jest kompletnym dokumentem XML')
    const invoice = join(d, 'invoice.xml')
    writeFileSync(invoice, '<?xml version="1.0"?><Faktura xmlns="x"/>')
    const foreign = await run(['jpk', 'validate', invoice, '--xsd', v2, '--lang', 'en'])
    expect(foreign.stderr).toContain("line 1: the file's root element, Faktura, is not an element of this schema")
    const json = join(d, 'setup.json')
    writeFileSync(json, '{"a":1}')
    const notSchema = await run(['jpk', 'validate', invoice, '--xsd', json])
    expect(notSchema.stderr).toBe(`błąd: nie można użyć schematu ${json}: to nie jest schemat XML (XSD)\n`)
    expect(notSchema.code).toBe(1)
    const broken = join(d, 'broken.xsd')
    writeFileSync(
      broken,
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:import namespace="y" schemaLocation="gone.xsd"/>' +
        '<xs:element name="a" type="y:T"/></xs:schema>',
    )
    const unloaded = await run(['jpk', 'validate', invoice, '--xsd', broken, '--lang', 'en'])
    expect(unloaded.stderr).toBe(
      `error: cannot use the schema ${broken}: the schema cannot be loaded: files it imports may be missing, or it is damaged\n`,
    )
  })

  it('says when a file names no form it knows and no schema is given', async () => {
    const d = dir()
    const f = join(d, 'x.xml')
    writeFileSync(f, '<a/>')
    const r = await run(['jpk', 'validate', f, '--lang', 'en'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('give the schema with --xsd PATH')
  })
})
