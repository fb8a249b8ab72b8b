/**
 * Books benchmark (`npm run bench -- books`): reading five years of bank statements, 50 000 lines in 60 monthly
 * files, per format — MT940 (Windows-1250, PKO BP's `~` layout), camt.053.001.02 (UTF-8) and mBank's CSV
 * (Windows-1250, letterhead and running balance) — through `parseStatementFile` (encoding detection, format
 * detection, parsing, the statement's reconciliation). Reference measured in the same run: `JSON.parse` of the
 * same statements serialised as JSON (the platform's native reader of the same data). The camt.053 import path
 * with the schema check (libxml2 in WebAssembly, all files in one run: `readStatementFiles`) is timed apart.
 */
import iconv from 'iconv-lite'
import { type BankStatement, formatAmount, parseStatementFile, readStatementFiles } from '../src/index.ts'
import { camtEntries, writeCamt053, writeMt940 } from '../test/bank/write.ts'
import { seededRandom as rng } from '@finance/ledger-core/testing'

const LINES = 50_000
const MONTHS = 60
const ACCOUNT = 'PL84102010260000120203456789'
const PARTIES = ['PL50105014451000009012345678', 'PL04114020040000300298765432', 'PL61109010140000071219812874']
const NAMES = ['KLIENT SPÓŁKA Z O.O. UL. ŻURAWIA 4 ŁÓDŹ', 'DOSTAWCA HOSTINGU SP. J.', 'ZAKŁAD UBEZPIECZEŃ SPOŁECZNYCH']

const pad = (n: number) => String(n).padStart(2, '0')
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Sixty monthly statements of 2022–2026 with 50 000 lines between them, balances continuing. */
export const statements = (): BankStatement[] => {
  const r = rng(7)
  const out: BankStatement[] = []
  let balance = 1_000_000n
  for (let m = 0; m < MONTHS; m++) {
    const year = 2022 + Math.floor(m / 12)
    const month = pad((m % 12) + 1)
    const count = Math.floor(((m + 1) * LINES) / MONTHS) - Math.floor((m * LINES) / MONTHS)
    const opening = balance
    const lines = Array.from({ length: count }, (_, i) => {
      const day = `${year}-${month}-${pad(1 + Math.floor((i * 28) / count))}`
      const grosze = BigInt(Math.floor(r() * 2_000_000) - 900_000) || 1n
      balance += grosze
      const p = Math.floor(r() * PARTIES.length)
      const split = r() < 0.1
      return {
        bookingDate: day,
        valueDate: day,
        amount: formatAmount(grosze),
        currency: 'PLN',
        bankReference: `R${m}X${i}`,
        counterpartyName: NAMES[p]!,
        counterpartyAccount: PARTIES[p]!,
        title: split
          ? `/VAT/${formatAmount((grosze < 0n ? -grosze : grosze) / 5n).replace('.', ',')}/IDC/5213003700/INV/FV ${i}/${month}/${year}/TXT/zapłata`
          : `Zapłata za fakturę FV ${i}/${month}/${year} za usługi programistyczne`,
        transactionCode: grosze < 0n ? '072' : '051',
      }
    })
    out.push({
      format: 'mt940',
      variant: 'pko',
      account: ACCOUNT,
      currency: 'PLN',
      statementId: `${m + 1}`,
      openingDate: lines[0]!.bookingDate,
      closingDate: lines.at(-1)!.bookingDate,
      openingBalance: formatAmount(opening),
      closingBalance: formatAmount(balance),
      lines,
    })
  }
  return out
}

const mbankCsv = (s: BankStatement) => {
  const q = (v: string) => `"${v.replace(/"/g, '""')}"`
  const money = (a: string) => a.replace('.', ',').replace(/\B(?=(\d{3})+,)/g, ' ')
  let balance = BigInt(s.openingBalance!.replace('.', ''))
  const rows = s.lines.map((l) => {
    balance += BigInt(l.amount.replace('.', ''))
    return `${l.valueDate};${l.bookingDate};PRZELEW;${q(l.title)};${q(l.counterpartyName ?? '')};'${l.counterpartyAccount?.slice(2)}';${money(l.amount)};${money(formatAmount(balance))};`
  })
  return [
    'mBank S.A. Bankowość Detaliczna;',
    '#dla rachunków:;',
    `mBiznes konto - ${ACCOUNT.slice(2)};`,
    '',
    '#Data operacji;#Data księgowania;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Numer konta;#Kwota;#Saldo po operacji;',
    ...rows.reverse(),
    '',
  ].join('\r\n')
}

const time = (files: readonly Uint8Array[]) => {
  const t0 = process.hrtime.bigint()
  let lines = 0
  for (const f of files) {
    const r = parseStatementFile(f)
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} (${r.error.where})`)
    for (const s of r.statements) lines += s.lines.length
  }
  if (lines !== LINES) throw new Error(`${lines} lines read, ${LINES} written`)
  return ms(t0)
}

export const run = async () => {
  const all = statements()
  const formats = {
    'MT940 (Windows-1250)': all.map((s) => iconv.encode(writeMt940([s]), 'windows-1250')),
    'camt.053.001.02': all.map((s) => {
      const { lines, ...head } = s
      return new TextEncoder().encode(writeCamt053('02', [{ statement: head, entries: camtEntries(lines) }]))
    }),
    'CSV mBank (Windows-1250)': all.map((s) => iconv.encode(mbankCsv(s), 'windows-1250')),
  }
  const json = all.map((s) => JSON.stringify(s))
  const reference = () => {
    const t0 = process.hrtime.bigint()
    for (const j of json) JSON.parse(j)
    return ms(t0)
  }
  for (const [name, files] of Object.entries(formats)) {
    const size = files.reduce((n, f) => n + f.byteLength, 0)
    time(files) // warm-up
    const runs: number[] = []
    const refs: number[] = []
    for (let i = 0; i < 5; i++) {
      runs.push(time(files))
      refs.push(reference())
    }
    const t = median(runs)
    const ref = median(refs)
    console.log(
      `${name}: ${MONTHS} files, ${LINES} lines, ${(size / 1e6).toFixed(1)} MB read in ${t.toFixed(0)} ms (median of 5, ` +
        `${((LINES / t) * 1000).toFixed(0)} lines/s); reference JSON.parse of the same statements ${ref.toFixed(0)} ms, ` +
        `parse / reference = ${(t / ref).toFixed(1)}×`,
    )
  }
  // The import's path for camt.053: every file checked against the official schema (one validator run for all),
  // then read.
  const camt = formats['camt.053.001.02']
  const t0 = process.hrtime.bigint()
  const checked = await readStatementFiles(camt.map((bytes) => ({ bytes })))
  const checkedMs = ms(t0)
  const refused = checked.filter((r) => !r.ok)
  if (refused.length > 0) throw new Error(`${refused.length} files refused`)
  console.log(
    `camt.053.001.02 with the schema check (readStatementFiles, one validator run): ${MONTHS} files, ${LINES} lines in ` +
      `${checkedMs.toFixed(0)} ms`,
  )
  // The whole import into the books (bench/bankImport.ts): read, matched, appended, then again.
  await (await import('./bankImport.ts')).runImport(all, 20)
}
