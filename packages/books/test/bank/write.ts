/**
 * Writers of statement files for the tests: a `BankStatement` written out as MT940 (PKO BP's `~` layout) and as
 * camt.053 of a given version, so that samples and random statements can be read back by the parsers.
 */
import type { BankStatement, StatementLine } from '../../src/index.ts'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Cuts text into parts of `width` characters (the bank's fixed sub-field width). */
const cut = (s: string, width: number) => {
  const out: string[] = []
  for (let i = 0; i < s.length; i += width) out.push(s.slice(i, i + width))
  return out
}

const mtDate = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10)
const mtAmount = (amount: string) => amount.replace(/^-/, '').replace('.', ',')
const mtBalance = (amount: string, date: string, currency: string) =>
  `${amount.startsWith('-') ? 'D' : 'C'}${mtDate(date)}${currency}${mtAmount(amount)}`

/** One or more statements as an MT940 file (CR LF lines). */
export const writeMt940 = (statements: readonly BankStatement[]): string => {
  const out: string[] = []
  for (const s of statements) {
    out.push(`:20:${s.statementId ?? 'MT940'}`, `:25:/${s.account}`, `:28C:${s.statementId ?? '1'}`)
    out.push(`:60F:${mtBalance(s.openingBalance!, s.openingDate, s.currency)}`)
    for (const l of s.lines) {
      const mark = l.amount.startsWith('-') ? 'D' : 'C'
      const entry = l.bookingDate.slice(5, 7) + l.bookingDate.slice(8, 10)
      out.push(
        `:61:${mtDate(l.valueDate)}${entry}${mark}${mtAmount(l.amount)}N${l.transactionCode ?? '020'}NONREF//${l.bankReference ?? ''}`,
      )
      const title = cut(l.title, 27).map((p, i) => `~${20 + i}${p}`)
      const name = cut(l.counterpartyName ?? '', 27).map((p, i) => `~${27 + i}${p}`)
      const account = l.counterpartyAccount ? `~38${l.counterpartyAccount}` : ''
      out.push(`:86:${l.transactionCode ?? '020'}~00PRZELEW${title.join('')}${name.join('')}${account}`)
    }
    out.push(`:62F:${mtBalance(s.closingBalance!, s.closingDate, s.currency)}`)
  }
  return `${out.join('\r\n')}\r\n`
}

export type CamtVersion = '02' | '04' | '08'

export interface CamtTx {
  readonly amount: string
  readonly name?: string
  readonly account?: string
  readonly title?: string
  /** A structured creditor reference (`RmtInf/Strd/CdtrRefInf/Ref`) instead of an unstructured title. */
  readonly reference?: string
  readonly bankReference?: string
}

export interface CamtEntry {
  /** Signed, as on the statement (after a reversal). */
  readonly amount: string
  readonly bookingDate: string
  readonly valueDate?: string
  readonly bankReference?: string
  readonly code?: string
  readonly status?: 'BOOK' | 'PDNG'
  readonly reversal?: boolean
  /** One transaction, or several for a batch entry (their amounts add up to the entry's). */
  readonly txs: readonly CamtTx[]
  readonly extra?: string
}

const amt = (a: string, ccy: string) => `<Amt Ccy="${ccy}">${a.replace(/^-/, '')}</Amt>`
const ind = (a: string) => `<CdtDbtInd>${a.startsWith('-') ? 'DBIT' : 'CRDT'}</CdtDbtInd>`

const party = (v: CamtVersion, name: string) =>
  v === '08' ? `<Pty><Nm>${esc(name)}</Nm></Pty>` : `<Nm>${esc(name)}</Nm>`

const tx = (v: CamtVersion, t: CamtTx, entryAmount: string, batch: boolean, ccy: string) => {
  const credit = !entryAmount.startsWith('-')
  const refs = t.bankReference ? `<Refs><AcctSvcrRef>${esc(t.bankReference)}</AcctSvcrRef></Refs>` : ''
  const amounts =
    !batch && v === '08'
      ? ''
      : v === '02'
        ? `<AmtDtls><TxAmt>${amt(t.amount, ccy)}</TxAmt></AmtDtls>`
        : `${amt(t.amount, ccy)}${ind(t.amount)}`
  const role = credit ? 'Dbtr' : 'Cdtr'
  const parties =
    t.name || t.account
      ? `<RltdPties>${t.name ? `<${role}>${party(v, t.name)}</${role}>` : ''}${t.account ? `<${role}Acct><Id><IBAN>${t.account}</IBAN></Id></${role}Acct>` : ''}</RltdPties>`
      : ''
  const rmt = t.reference
    ? `<RmtInf><Strd><CdtrRefInf><Ref>${esc(t.reference)}</Ref></CdtrRefInf></Strd></RmtInf>`
    : t.title
      ? `<RmtInf>${cut(t.title, 140)
          .map((p) => `<Ustrd>${esc(p)}</Ustrd>`)
          .join('')}</RmtInf>`
      : ''
  return `<TxDtls>${refs}${amounts}${parties}${rmt}</TxDtls>`
}

/** A camt.053 document of one or more statements. */
export const writeCamt053 = (
  v: CamtVersion,
  statements: readonly { readonly statement: Omit<BankStatement, 'lines'>; readonly entries: readonly CamtEntry[] }[],
  options: { readonly openingCode?: 'OPBD' | 'PRCD' } = {},
): string => {
  const bal = (code: string, a: string, date: string, ccy: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amt(a, ccy)}${ind(a)}<Dt><Dt>${date}</Dt></Dt></Bal>`
  const stmts = statements.map(({ statement: s, entries }, i) => {
    const ntry = entries.map((e) => {
      const sts = v === '08' ? `<Sts><Cd>${e.status ?? 'BOOK'}</Cd></Sts>` : `<Sts>${e.status ?? 'BOOK'}</Sts>`
      // A reversal keeps the original direction in CdtDbtInd.
      const shown = e.reversal ? (e.amount.startsWith('-') ? e.amount.slice(1) : `-${e.amount}`) : e.amount
      const code = e.code ?? '020'
      const details = e.txs.map((t) => tx(v, t, e.amount, e.txs.length > 1, s.currency)).join('')
      return (
        `<Ntry>${amt(e.amount, s.currency)}${ind(shown)}${e.reversal ? '<RvslInd>true</RvslInd>' : ''}${sts}` +
        `<BookgDt><Dt>${e.bookingDate}</Dt></BookgDt><ValDt><Dt>${e.valueDate ?? e.bookingDate}</Dt></ValDt>` +
        `${e.bankReference ? `<AcctSvcrRef>${esc(e.bankReference)}</AcctSvcrRef>` : ''}` +
        `<BkTxCd><Prtry><Cd>${code}</Cd></Prtry></BkTxCd>` +
        `${e.txs.length > 0 ? `<NtryDtls>${details}</NtryDtls>` : ''}` +
        `${e.extra ? `<AddtlNtryInf>${esc(e.extra)}</AddtlNtryInf>` : ''}</Ntry>`
      )
    })
    return (
      `<Stmt><Id>${esc(s.statementId ?? `S${i + 1}`)}</Id><ElctrncSeqNb>${i + 1}</ElctrncSeqNb>` +
      `<CreDtTm>${s.closingDate}T23:00:00</CreDtTm>` +
      `<FrToDt><FrDtTm>${s.openingDate}T00:00:00</FrDtTm><ToDtTm>${s.closingDate}T23:59:59</ToDtTm></FrToDt>` +
      `<Acct><Id><IBAN>${s.account}</IBAN></Id><Ccy>${s.currency}</Ccy></Acct>` +
      bal(options.openingCode ?? 'OPBD', s.openingBalance!, s.openingDate, s.currency) +
      bal('CLBD', s.closingBalance!, s.closingDate, s.currency) +
      `${ntry.join('\n')}</Stmt>`
    )
  })
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}">` +
    `<BkToCstmrStmt><GrpHdr><MsgId>MSG${statements[0]?.statement.closingDate ?? ''}</MsgId>` +
    `<CreDtTm>2026-04-01T06:00:00</CreDtTm></GrpHdr>\n${stmts.join('\n')}\n</BkToCstmrStmt></Document>\n`
  )
}

/** The camt entries of statement lines: one entry with one transaction per line. */
export const camtEntries = (lines: readonly StatementLine[]): CamtEntry[] =>
  lines.map((l) => ({
    amount: l.amount,
    bookingDate: l.bookingDate,
    valueDate: l.valueDate,
    ...(l.bankReference ? { bankReference: l.bankReference } : {}),
    ...(l.transactionCode ? { code: l.transactionCode } : {}),
    txs: [
      {
        amount: l.amount,
        ...(l.counterpartyName ? { name: l.counterpartyName } : {}),
        ...(l.counterpartyAccount ? { account: l.counterpartyAccount } : {}),
        title: l.title,
      },
    ],
  }))
