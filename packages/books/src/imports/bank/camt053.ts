/**
 * ISO 20022 camt.053 (Bank-to-Customer Statement), versions 001.02 to 001.08. `validateCamt053` checks a file
 * against the official schema of its version (vendored in `schemas/`, validated by libxml2 in WebAssembly,
 * xmllint-wasm); `parseCamt053` reads it: each `Stmt` is a statement with its account, its booked opening
 * (`OPBD`, or `PRCD` where a bank gives the previous closing instead) and closing (`CLBD`) balances, and one line per
 * booked entry (`Ntry` with status `BOOK`), or per transaction of a batch entry (`NtryDtls/TxDtls` with their own
 * amounts, which must add up to the entry's). Pending entries do not move the booked balance and are left out.
 * The XML is read with saxes (a streaming reader) into plain objects.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SaxesParser } from 'saxes'
import { validateXML } from 'xmllint-wasm'
import { bankOfAccount } from './banks.ts'
import { StatementError } from './errors.ts'
import { isValidIban, normaliseIban } from './iban.ts'
import { amountToGrosze, formatAmount, parseUnsignedAmount } from './money.ts'
import { balanced } from './reconcile.ts'
import { parseSplitPayment } from './splitPayment.ts'
import type { BankStatement, StatementLine } from './types.ts'

/** The versions whose official schema is vendored (files `schemas/camt.053.001.NN.xsd`). */
export const CAMT053_SCHEMAS: readonly string[] = ['02', '04', '08']

/** The version of a camt.053 document from its namespace ("02" … "08"), or `null`. */
export const camtVersionOf = (xml: string): string | null =>
  /urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.(\d{2})/.exec(xml.slice(0, 8192))?.[1] ?? null

const schemas = new Map<string, string>()
const schemaOf = (version: string) => {
  let text = schemas.get(version)
  if (text === undefined) {
    text = readFileSync(fileURLToPath(new URL(`./schemas/camt.053.001.${version}.xsd`, import.meta.url)), 'utf8')
    schemas.set(version, text)
  }
  return text
}

/** libxml2's message without its prefixes (element path, "Schemas validity error") and namespaces. */
const cleanMessage = (m: string) =>
  m
    .replace(/^\s*(element [^:]+: )?Schemas validity error : /, '')
    .replace(/^\s*parser error : /, '')
    .replace(/\{[^}]*\}/g, '')
    .trim()

/**
 * Checks documents of one version against its official schema, all in one run of the validator (libxml2 in
 * WebAssembly, offline); for each document in order, the reason it is refused, or `null` when it is valid.
 */
export const checkCamt053 = async (
  documents: readonly string[],
  version: string | null,
): Promise<(StatementError | null)[]> => {
  if (version === null || !/^0[2-8]$/.test(version))
    return documents.map(
      () =>
        new StatementError('bank.camt.version', 'The file is not a camt.053 statement of versions 001.02 to 001.08'),
    )
  if (!CAMT053_SCHEMAS.includes(version))
    return documents.map(
      () =>
        new StatementError(
          'bank.camt.schemaMissing',
          `The official schema of camt.053.001.${version} is not available to check the file against`,
        ),
    )
  if (documents.length === 0) return []
  const names = documents.map((_, i) => `statement-${i + 1}.xml`)
  const result = await validateXML({
    xml: documents.map((contents, i) => ({ fileName: names[i]!, contents })),
    schema: [{ fileName: `camt.053.001.${version}.xsd`, contents: schemaOf(version) }],
    modifyArguments: (args) => ['--nonet', ...args],
    // Five years of statements in one run: libxml2 keeps each document as a tree while validating it.
    initialMemoryPages: 256,
    maxMemoryPages: 32768,
  })
  const failed = new Set(
    result.rawOutput
      .split('\n')
      .map((l) => /^(.+) fails to validate$/.exec(l.trim())?.[1])
      .filter((n): n is string => n !== undefined),
  )
  return names.map((name) => {
    const first = result.errors.find((e) => e.loc?.fileName === name && cleanMessage(e.message) !== '')
    if (!first && !failed.has(name)) return null
    const message = first ? cleanMessage(first.message) : 'invalid'
    return new StatementError(
      'bank.camt.schema',
      `The file does not follow the camt.053.001.${version} schema: ${message}`,
      first?.loc?.lineNumber ? `line ${first.loc.lineNumber}` : undefined,
    )
  })
}

/** Checks one document against its version's official schema; throws `bank.camt.*` with the validator's reason. */
export const validateCamt053 = async (xml: string, version: string | null): Promise<void> => {
  const [problem] = await checkCamt053([xml], version)
  if (problem) throw problem
}

const ARRAYS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlNtryInf', 'AdrLine'])

// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree, read through `at`
type Node = any

/**
 * The document as a tree of plain objects: an element is its text (trimmed) when it has neither children nor
 * attributes, otherwise an object of its children by local name (the elements of `ARRAYS` always as arrays, others
 * as arrays when repeated), its attributes as `@name` and its text as `#text`.
 */
const readXml = (xml: string): Node => {
  const root: Node = {}
  const stack: { name: string; node: Node; text: string; leaf: boolean }[] = [
    { name: '', node: root, text: '', leaf: false },
  ]
  const parser = new SaxesParser({ position: true })
  parser.on('opentag', (tag) => {
    const node: Node = {}
    let leaf = true
    for (const [name, value] of Object.entries(tag.attributes as Record<string, string>)) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue
      node[`@${name.slice(name.indexOf(':') + 1)}`] = value
      leaf = false
    }
    stack.at(-1)!.leaf = false
    stack.push({ name: tag.name.slice(tag.name.indexOf(':') + 1), node, text: '', leaf })
  })
  parser.on('text', (t) => {
    stack.at(-1)!.text += t
  })
  parser.on('cdata', (t) => {
    stack.at(-1)!.text += t
  })
  parser.on('closetag', () => {
    const { name, node, text, leaf } = stack.pop()!
    const parent = stack.at(-1)!.node
    const trimmed = text.trim()
    let value: Node = node
    if (leaf) value = trimmed
    else if (trimmed !== '') node['#text'] = trimmed
    const existing = parent[name]
    if (existing === undefined) parent[name] = ARRAYS.has(name) ? [value] : value
    else if (Array.isArray(existing)) existing.push(value)
    else parent[name] = [existing, value]
  })
  parser.write(xml).close()
  return root
}

/** The value at a path of element names, or `undefined`. */
const at = (node: Node, ...path: string[]): Node => {
  let n = node
  for (const p of path) {
    if (n === undefined || n === null) return undefined
    n = Array.isArray(n) ? n[0]?.[p] : n[p]
  }
  return n
}

const text = (node: Node): string | undefined => {
  if (node === undefined || node === null) return undefined
  if (typeof node === 'string') return node
  if (typeof node === 'object' && '#text' in node) return String(node['#text'])
  return undefined
}

const date = (node: Node, where: string): string => {
  const v = text(at(node, 'Dt')) ?? text(at(node, 'DtTm'))
  if (!v || !/^\d{4}-\d{2}-\d{2}/.test(v)) throw new StatementError('bank.camt.date', 'A date is missing', where)
  return v.slice(0, 10)
}

/** An amount element (`<Amt Ccy="PLN">123.45</Amt>`) with its direction: signed grosze and the currency. */
const amount = (node: Node, credit: boolean, where: string) => {
  const v = text(node)
  const ccy = node?.['@Ccy'] as string | undefined
  const grosze = v === undefined ? null : parseUnsignedAmount(v, { decimal: '.' })
  if (grosze === null || !ccy)
    throw new StatementError('bank.camt.amount', `Not an amount with two decimals: ${v ?? '(none)'}`, where)
  return { grosze: credit ? grosze : -grosze, currency: ccy }
}

const isCredit = (ind: Node, where: string): boolean => {
  const v = text(ind)
  if (v !== 'CRDT' && v !== 'DBIT') throw new StatementError('bank.camt.direction', 'CdtDbtInd is missing', where)
  return v === 'CRDT'
}

/** The IBAN of an account element, or its other identification as written. */
const accountOf = (acct: Node): string | undefined => {
  const iban = text(at(acct, 'Id', 'IBAN'))
  if (iban) return normaliseIban(iban)
  const other = text(at(acct, 'Id', 'Othr', 'Id'))
  return other ? normaliseIban(other) : undefined
}

/** A party's name (versions 001.02–001.07: `Nm`; 001.08: `Pty/Nm`) and its address lines. */
const partyName = (party: Node): string | undefined => {
  const p = at(party, 'Pty') ?? party
  const name = text(at(p, 'Nm'))
  const lines = (at(p, 'PstlAdr', 'AdrLine') as Node[] | undefined)?.map(text).filter(Boolean) ?? []
  const all = [name, ...lines].filter((s): s is string => !!s && s.trim() !== '')
  return all.length > 0 ? collapse(all.join(' ')) : undefined
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim()

/** The title: unstructured remittance lines joined, or the structured references, or the entry's extra text. */
const titleOf = (tx: Node, entry: Node): string => {
  const ustrd = ((at(tx, 'RmtInf', 'Ustrd') as Node[] | undefined) ?? []).map(text).filter(Boolean) as string[]
  if (ustrd.length > 0) return collapse(ustrd.join(''))
  const strd = ((at(tx, 'RmtInf', 'Strd') as Node[] | undefined) ?? []).flatMap((s: Node) => [
    text(at(s, 'CdtrRefInf', 'Ref')),
    ...(((s?.AddtlRmtInf as Node[] | undefined) ?? []).map(text) as (string | undefined)[]),
  ])
  const refs = strd.filter((s): s is string => !!s)
  if (refs.length > 0) return collapse(refs.join(' '))
  const extra = (((entry?.AddtlNtryInf as Node[] | undefined) ?? []).map(text).filter(Boolean) as string[]).join(' ')
  return collapse(extra)
}

const bankCode = (node: Node): string | undefined => {
  const domain = text(at(node, 'BkTxCd', 'Domn', 'Cd'))
  const family = text(at(node, 'BkTxCd', 'Domn', 'Fmly', 'Cd'))
  const sub = text(at(node, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd'))
  if (domain && family && sub) return `${domain}/${family}/${sub}`
  return text(at(node, 'BkTxCd', 'Prtry', 'Cd'))
}

const lineOf = (
  entry: Node,
  tx: Node | undefined,
  grosze: bigint,
  currency: string,
  dates: { bookingDate: string; valueDate: string },
): StatementLine => {
  const title = titleOf(tx, entry)
  const credit = grosze > 0n
  // Money in: the counterparty paid (debtor); money out: it was paid (creditor).
  const party = at(tx, 'RltdPties', credit ? 'Dbtr' : 'Cdtr')
  const partyAccount = at(tx, 'RltdPties', credit ? 'DbtrAcct' : 'CdtrAcct')
  const name = party ? partyName(party) : undefined
  const account = partyAccount ? accountOf(partyAccount) : undefined
  const reference = text(at(tx, 'Refs', 'AcctSvcrRef')) ?? text(at(entry, 'AcctSvcrRef'))
  const code = bankCode(tx) ?? bankCode(entry)
  const split = parseSplitPayment(title)
  return {
    ...dates,
    amount: formatAmount(grosze),
    currency,
    ...(reference ? { bankReference: reference } : {}),
    ...(name ? { counterpartyName: name } : {}),
    ...(account ? { counterpartyAccount: account } : {}),
    title,
    ...(code ? { transactionCode: code } : {}),
    ...(split ? { splitPayment: split } : {}),
  }
}

const entryLines = (entry: Node, where: string, currency: string): StatementLine[] => {
  const status = text(at(entry, 'Sts', 'Cd')) ?? text(at(entry, 'Sts'))
  if (status !== undefined && status !== 'BOOK') return []
  const reversal = text(at(entry, 'RvslInd')) === 'true'
  const credit = isCredit(at(entry, 'CdtDbtInd'), where) !== reversal
  const total = amount(at(entry, 'Amt'), credit, `${where}/Amt`)
  if (total.currency !== currency)
    throw new StatementError('bank.statement.currency', `An entry in ${total.currency} on a ${currency} account`, where)
  const bookingDate = date(at(entry, 'BookgDt'), `${where}/BookgDt`)
  const valueDate = at(entry, 'ValDt') ? date(at(entry, 'ValDt'), `${where}/ValDt`) : bookingDate
  const dates = { bookingDate, valueDate }
  const txs = ((entry.NtryDtls as Node[] | undefined) ?? []).flatMap(
    (d: Node) => (d?.TxDtls as Node[] | undefined) ?? [],
  )
  if (txs.length <= 1) return [lineOf(entry, txs[0], total.grosze, currency, dates)]
  // A batch: one line per transaction, each with its own amount, together the entry's amount.
  const lines = txs.map((tx: Node, i: number) => {
    const txWhere = `${where}/NtryDtls/TxDtls[${i + 1}]`
    const amt = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt')
    if (amt === undefined)
      throw new StatementError('bank.camt.batch', 'A transaction of a batch entry has no amount', txWhere)
    const ind = at(tx, 'CdtDbtInd')
    const a = amount(amt, ind === undefined ? credit : isCredit(ind, txWhere) !== reversal, txWhere)
    return lineOf(entry, tx, a.grosze, currency, dates)
  })
  const sum = lines.reduce((s: bigint, l: StatementLine) => s + amountToGrosze(l.amount), 0n)
  if (sum !== total.grosze)
    throw new StatementError(
      'bank.camt.batch',
      `The transactions of a batch entry add up to ${formatAmount(sum)}, not to the entry's ${formatAmount(total.grosze)}`,
      where,
    )
  return lines
}

const balanceOf = (bals: Node[], codes: readonly string[], where: string) => {
  for (const code of codes) {
    const i = bals.findIndex((b) => text(at(b, 'Tp', 'CdOrPrtry', 'Cd')) === code)
    if (i < 0) continue
    const b = bals[i]
    const credit = isCredit(at(b, 'CdtDbtInd'), `${where}/Bal[${i + 1}]`)
    const a = amount(at(b, 'Amt'), credit, `${where}/Bal[${i + 1}]/Amt`)
    return { ...a, date: date(at(b, 'Dt'), `${where}/Bal[${i + 1}]/Dt`) }
  }
  return null
}

/** Every statement of a camt.053 document; throws a `StatementError` for the first problem. */
export const parseCamt053 = (xml: string): BankStatement[] => {
  let doc: Node
  try {
    doc = readXml(xml)
  } catch (e) {
    throw new StatementError('bank.camt.xml', `The file is not well-formed XML: ${(e as Error).message}`)
  }
  const stmts = at(doc, 'Document', 'BkToCstmrStmt')?.Stmt as Node[] | undefined
  if (!stmts || stmts.length === 0) throw new StatementError('bank.camt.empty', 'The file holds no statement (Stmt)')
  return stmts.map((stmt, s) => {
    const where = `/Document/BkToCstmrStmt/Stmt[${s + 1}]`
    const account = accountOf(at(stmt, 'Acct'))
    if (!account) throw new StatementError('bank.camt.account', 'The statement has no account', `${where}/Acct`)
    if (/^[A-Z]{2}\d{2}/.test(account) && !isValidIban(account))
      throw new StatementError('bank.iban.invalid', `The account's check digits are wrong: ${account}`, `${where}/Acct`)
    const bals = (stmt.Bal as Node[] | undefined) ?? []
    const opening = balanceOf(bals, ['OPBD', 'PRCD'], where)
    const closing = balanceOf(bals, ['CLBD'], where)
    if (!opening || !closing)
      throw new StatementError(
        'bank.camt.balance.missing',
        `The statement has no ${opening ? 'closing (CLBD)' : 'opening (OPBD)'} balance`,
        where,
      )
    const currency = text(at(stmt, 'Acct', 'Ccy')) ?? opening.currency
    if (opening.currency !== currency || closing.currency !== currency)
      throw new StatementError('bank.statement.currency', 'The balances are not in the account currency', where)
    const lines = ((stmt.Ntry as Node[] | undefined) ?? []).flatMap((e, i) =>
      entryLines(e, `${where}/Ntry[${i + 1}]`, currency),
    )
    const from = text(at(stmt, 'FrToDt', 'FrDtTm'))?.slice(0, 10)
    const to = text(at(stmt, 'FrToDt', 'ToDtTm'))?.slice(0, 10)
    const id = text(at(stmt, 'LglSeqNb')) ?? text(at(stmt, 'ElctrncSeqNb')) ?? text(at(stmt, 'Id'))
    const result: BankStatement = {
      format: 'camt053',
      variant: bankOfAccount(account),
      account,
      currency,
      ...(id ? { statementId: id } : {}),
      openingDate: from ?? opening.date,
      closingDate: to ?? closing.date,
      openingBalance: formatAmount(opening.grosze),
      closingBalance: formatAmount(closing.grosze),
      lines,
    }
    return balanced(result, where)
  })
}
