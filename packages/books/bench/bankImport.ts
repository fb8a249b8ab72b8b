/**
 * The whole import of five years of statements as a user does it (`npm run bench -- books`): 60 monthly MT940 files
 * (Windows-1250), 50 000 lines, read, checked, deduplicated, matched to the invoices they pay and appended to an
 * SQLite store through `importBankFiles` — the path of `POST /api/bank/import` and `finance import bank`. Then the
 * same files again (nothing added), then the month view (`monthTransactions`) after the import against before it.
 * Reference measured in the same run: reading the same files alone (`parseStatementFile`), so the ratio says what
 * the books add to reading.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSqliteStore } from '@finance/event-store/sqlite'
import { isDomainError, type LedgerCommand, monthTransactions } from '@finance/ledger-core'
import iconv from 'iconv-lite'
import { executeBooks } from '../src/commands/execute.ts'
import { forgetBooks, loadBooks } from '../src/books.ts'
import { importBankFiles, parseStatementFile } from '../src/index.ts'
import type { BankStatement } from '../src/imports/bank/types.ts'
import { writeMt940 } from '../test/bank/write.ts'

/** `BANK_PROFILE=file.cpuprofile`: the first import's CPU profile, written to that file. */
const startProfile = async () => {
  const { Session } = await import('node:inspector/promises')
  const { writeFileSync } = await import('node:fs')
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  return async (file: string) => {
    const { profile } = await session.post('Profiler.stop')
    writeFileSync(file, JSON.stringify(profile))
    session.disconnect()
  }
}

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6
/** CPU time (user + system) since `from`: on a shared machine the wall time also counts the others' work. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from)
  return (d.user + d.system) / 1000
}

export const runImport = async (all: readonly BankStatement[], invoicesPerMonth: number): Promise<void> => {
  const dir = mkdtempSync(join(tmpdir(), 'bank-bench-'))
  const store = createSqliteStore({ file: join(dir, 'books.db') })
  const user = 'bench'
  const at = '2026-12-31T00:00:00.000Z'
  const exec = async (c: Record<string, unknown>) => {
    const r = await executeBooks(store, user, { at, userId: user, ...c } as LedgerCommand)
    if (isDomainError(r)) throw new Error(JSON.stringify(r))
  }
  try {
    await exec({ type: 'AddSetting', kind: 'Vat', data: { date: '2022-01-01', percent: '23', paymentInterval: 1 } })
    await exec({
      type: 'AddSetting',
      kind: 'Pit',
      data: { date: '2022-01-01', taxType: 'Linear', firstPercent: '19', paymentInterval: 1 },
    })
    await exec({
      type: 'AddSetting',
      kind: 'SocialSecurity',
      data: { date: '2022-01-01', amount: '1773.96', percent: '4.9' },
    })
    // The first incoming lines of each month pay an invoice named in their title, to the grosz.
    let invoices = 0
    for (const s of all) {
      let n = 0
      for (const l of s.lines) {
        if (n >= invoicesPerMonth) break
        if (l.amount.startsWith('-')) continue
        const doc = /FV \d+\/\d+\/\d+/.exec(l.title)?.[0]
        if (!doc) continue
        n++
        invoices++
        await exec({
          type: 'AddItem',
          dataType: 'Income',
          data: {
            date: l.bookingDate,
            name: `Invoice ${doc}`,
            amount: l.amount,
            isCompany: true,
            percent: '0',
            invoiceDate: l.bookingDate,
            documentNumber: doc,
          },
        })
      }
    }
    const files = all.map((s, i) => ({
      fileName: `${i + 1}.sta`,
      bytes: iconv.encode(writeMt940([s]), 'windows-1250'),
    }))
    const lines = all.reduce((n, s) => n + s.lines.length, 0)
    const before = (await loadBooks(store, user)).state
    let t0 = process.hrtime.bigint()
    monthTransactions(before, '2026-06', '2026-12-31')
    const viewBefore = ms(t0)

    t0 = process.hrtime.bigint()
    let cpu = process.cpuUsage()
    for (const f of files) parseStatementFile(f.bytes)
    const readMs = ms(t0)
    const readCpu = cpuMs(cpu)

    const prof = process.env.BANK_PROFILE ? await startProfile() : null
    t0 = process.hrtime.bigint()
    cpu = process.cpuUsage()
    const first = await importBankFiles(store, user, files, () => new Date(at))
    const importMs = ms(t0)
    const importCpu = cpuMs(cpu)
    if (prof) await prof(process.env.BANK_PROFILE!)
    if (first.refused > 0) throw new Error(JSON.stringify(first.results.find((r) => !r.ok)))
    let matched = 0
    for (const r of first.results) if (r.ok) for (const s of r.statements) matched += s.matched

    t0 = process.hrtime.bigint()
    cpu = process.cpuUsage()
    const again = await importBankFiles(store, user, files, () => new Date(at))
    const reimportMs = ms(t0)
    const reimportCpu = cpuMs(cpu)
    for (const r of again.results)
      if (!r.ok || r.statements.some((s) => s.newLines > 0)) throw new Error('a re-import added something')

    forgetBooks(store)
    t0 = process.hrtime.bigint()
    const after = (await loadBooks(store, user)).state
    const loadMs = ms(t0)
    t0 = process.hrtime.bigint()
    monthTransactions(after, '2026-06', '2026-12-31')
    const viewAfter = ms(t0)
    console.log(
      `bank import end to end (MT940 → SQLite): ${files.length} files, ${lines.toLocaleString('en')} lines imported and ` +
        `matched in ${importMs.toFixed(0)} ms, CPU ${importCpu.toFixed(0)} ms (${matched} of ${invoices} invoice payments ` +
        `matched; reading alone ${readMs.toFixed(0)} ms, CPU ${readCpu.toFixed(0)} ms, import / reading = ` +
        `${(importCpu / readCpu).toFixed(1)}× in CPU); re-import adds nothing in ${reimportMs.toFixed(0)} ms, CPU ` +
        `${reimportCpu.toFixed(0)} ms; books loaded from the store in ${loadMs.toFixed(0)} ms; month view ` +
        `${viewAfter.toFixed(1)} ms after the import vs ${viewBefore.toFixed(1)} ms before`,
    )
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runImport((await import('./index.ts')).statements(), 20)
