/**
 * Options that only mean something with another option, or in one mode of a command, are refused where they would
 * change nothing: a usage error (exit code 2) that says why, in Polish and English, before the store is touched.
 */
import { describe, expect, it } from 'vitest'
import { ANNA, run, seedUser } from './helpers.ts'

/** argv, then the Polish and the English message. */
const REFUSED: readonly (readonly [readonly string[], string, string])[] = [
  [
    ['replay', '--month', '2026-02'],
    '--month wybiera miesiąc ksiąg jednego użytkownika: podaj też --user',
    "--month picks a month of one user's books: give --user too",
  ],
  [
    ['replay', '--user', ANNA, '--threads', '2'],
    '--threads i --digest dotyczą odtwarzania całego dziennika (bez --user)',
    '--threads and --digest apply to the replay of the whole log (without --user)',
  ],
  [
    ['replay', '--user', ANNA, '--digest'],
    '--threads i --digest dotyczą odtwarzania całego dziennika (bez --user)',
    '--threads and --digest apply to the replay of the whole log (without --user)',
  ],
  [
    ['report', 'year', '2026', '--user', ANNA, '--json', '--cumulative'],
    '--cumulative dotyczy tabeli i CSV; JSON zawiera zarówno miesiące, jak i sumy narastające',
    '--cumulative applies to the table and CSV; the JSON holds both the months and the running totals',
  ],
  [
    ['books', '2026', '--user', ANNA, '--form', 'JPK_EWP'],
    '--form dotyczy tylko --format csv i xml',
    '--form applies to --format csv and xml only',
  ],
  [
    ['books', '2026', '--user', ANNA, '--format', 'json', '--form', 'JPK_PKPIR'],
    '--form dotyczy tylko --format csv i xml',
    '--form applies to --format csv and xml only',
  ],
  [
    ['books', '2026', '--user', ANNA, '--purpose', '2'],
    '--purpose, --inventory-start i --inventory-end dotyczą tylko --format xml',
    '--purpose, --inventory-start and --inventory-end apply to --format xml only',
  ],
  [
    ['books', '2026', '--user', ANNA, '--format', 'csv', '--inventory-end', '100'],
    '--purpose, --inventory-start i --inventory-end dotyczą tylko --format xml',
    '--purpose, --inventory-start and --inventory-end apply to --format xml only',
  ],
  [
    ['books', '2026', '--user', ANNA, '--format', 'xml', '--form', 'JPK_EWP', '--inventory-start', '100'],
    '--inventory-start i --inventory-end dotyczą tylko księgi JPK_PKPIR (remanent), nie ewidencji JPK_EWP',
    '--inventory-start and --inventory-end apply to the JPK_PKPIR book (the stock-taking) only, not to JPK_EWP',
  ],
  [
    ['rates', 'fetch', '2026-01-01', '2026-01-31', '--user', ANNA, '--ecb', '--table', 'B'],
    '--table wybiera tabelę NBP; z --ecb nie ma zastosowania',
    '--table picks an NBP table; it has no meaning with --ecb',
  ],
  [
    ['import', 'ksef', 'a.xml', 'b.xml', '--user', ANNA, '--ksef-number', '5265877635-20260305-0100001AF629-82'],
    '--ksef-number dotyczy jednego pliku',
    '--ksef-number applies to a single file',
  ],
  [
    ['ksef', 'send', '--all', '--exemption-basis', 'art113', '--user', ANNA],
    '--exemption-basis dotyczy wysyłki jednej faktury (numer pozycji), nie --all ani --offline',
    '--exemption-basis applies to sending one invoice (an item id), not to --all or --offline',
  ],
  [
    ['ksef', 'send', '--user', ANNA],
    'podaj jedno z: numer pozycji, --all albo --offline',
    'give one of: an item id, --all or --offline',
  ],
  [
    ['ksef', 'send', '1', '--all', '--user', ANNA],
    'podaj jedno z: numer pozycji, --all albo --offline',
    'give one of: an item id, --all or --offline',
  ],
  [
    ['ksef', 'offline', '12', '--ended', '2026-03-02', '--user', ANNA],
    '--ended dotyczy trybów offline i awaryjny (koniec niedostępności albo awarii KSeF); podaj --mode',
    '--ended applies to the offline and awaryjny modes (the end of KSeF unavailability or failure); give --mode',
  ],
  [
    ['ksef', 'certificate', '--forget', '--cert', 'a.crt', '--user', ANNA],
    '--forget nie łączy się z --cert ani --key',
    '--forget does not go with --cert or --key',
  ],
  [
    ['ksef', 'certificate', '--cert', 'a.crt', '--user', ANNA],
    'podaj plik certyfikatu (--cert) i klucza prywatnego (--key) albo --forget',
    'give the certificate file (--cert) and the private key file (--key), or --forget',
  ],
]

describe('options that would change nothing are refused', () => {
  it.each(REFUSED)('%j', async (argv, pl, en) => {
    const { store } = await seedUser()
    const head = await store.headPosition()
    const polish = await run(argv, { store })
    expect(polish.stderr).toBe(`błąd: ${pl}\n`)
    expect(polish.code).toBe(2)
    const english = await run([...argv, '--lang', 'en'], { store })
    expect(english.stderr).toBe(`error: ${en}\n`)
    expect(english.code).toBe(2)
    expect(await store.headPosition()).toBe(head)
  })

  it('still takes each option where it belongs', async () => {
    const { store } = await seedUser()
    for (const argv of [
      ['replay', '--user', ANNA, '--month', '2026-02', '--json'],
      ['replay', '--digest', '--threads', '1'],
      ['report', 'year', '2026', '--user', ANNA, '--csv', '--cumulative'],
      ['books', '2026', '--user', ANNA, '--format', 'csv', '--form', 'JPK_PKPIR'],
    ]) {
      const r = await run(argv, { store })
      expect(r.stderr, argv.join(' ')).toBe('')
      expect(r.code, argv.join(' ')).toBe(0)
    }
  })
})

/** argv of a range given the wrong way round, then its two ends as the message names them. */
const REVERSED: readonly (readonly [readonly string[], string, string])[] = [
  [['export', '--format', 'csv', '--from', '2026-05', '--to', '2026-01'], '2026-05', '2026-01'],
  [['export', '--format', 'ledger', '--from', '2026-05-02', '--to', '2026-05-01'], '2026-05-02', '2026-05-01'],
  [
    ['diff', '--from', '2026-02-01T00:00:00Z', '--to', '2026-01-01T00:00:00Z'],
    '2026-02-01T00:00:00.000Z',
    '2026-01-01T00:00:00.000Z',
  ],
  [['rates', 'fetch', '2026-03-01', '2026-01-01', '--user', ANNA], '2026-03-01', '2026-01-01'],
  [['rates', 'fetch', '2026-03-01', '2026-01-01', '--user', ANNA, '--ecb'], '2026-03-01', '2026-01-01'],
]

describe('a range that ends before it starts', () => {
  it.each(REVERSED)('%j is a usage error found before any store is opened', async (argv, from, to) => {
    // No store at all: the range is refused before one is looked for.
    const data = ['--data', '/nonexistent/finance-data']
    const polish = await run([...argv, ...data])
    expect(polish.stderr).toBe(`błąd: zakres kończy się przed początkiem: ${to} jest przed ${from}\n`)
    expect(polish.code).toBe(2)
    const english = await run([...argv, ...data, '--lang', 'en'])
    expect(english.stderr).toBe(`error: the range ends before it starts: ${to} is before ${from}\n`)
    expect(english.code).toBe(2)
  })

  it('takes a range of one day, and a month with a date inside it', async () => {
    const { store } = await seedUser()
    for (const argv of [
      ['export', '--format', 'csv', '--from', '2026-05', '--to', '2026-05-10'],
      ['export', '--format', 'csv', '--from', '2026-05-10', '--to', '2026-05'],
      ['diff', '--from', '2026-02-01', '--to', '2026-02-01'],
    ]) {
      const r = await run(argv, { store })
      expect(r.stderr, argv.join(' ')).toBe('')
      expect(r.code, argv.join(' ')).toBe(0)
    }
  })
})
