/**
 * companydashboard/bank: bank statements in the books. The user drops statement files (MT940, camt.053, CSV) or
 * chooses them; they are imported one by one with progress and a report line per file (a refused file writes
 * nothing and says why). Below: the accounts with their balances and any gap between statements, the statements,
 * the queue of lines not matched yet with the best suggestion (accept it, mark the line private, make it an expense
 * or an income on the item form, prefilled for the user to confirm, or split it), the receivables and payables, the
 * recent lines with their match state (a match, automatic or by hand, can be undone: the line goes back to the queue),
 * and the rules applied on import. A CSV export that names no account (PKO BP's history) is refused until the user
 * chooses its account under its report line; it is then imported again with it.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { formatMoney } from '@finance/ledger-core/format'
import { isApiError } from '../../api/client.ts'
import { useFormat } from '../../i18n/format.ts'
import { translateMessage } from '../../i18n/serverMessages.ts'
import {
  Button,
  Checkbox,
  ConfirmDialog,
  DataTable,
  type DataTableProps,
  FileDrop,
  Loader,
  Section,
  Select,
  TextInput,
  useMessages,
} from '../../ui/index.ts'
import { type BankApi, bankActors, createBankApi } from './api.ts'
import { AccountForFile } from './AccountForFile.tsx'
import { bankMachine } from './bankMachine.ts'
import type { BankAction, BankData, BankFileResult, BankLine, BankRule, OpenItem } from './types.ts'
import { ItemFromLine } from './ItemFromLine.tsx'
import { SplitLine } from './SplitLine.tsx'
import { statementWhere } from './statementWhere.ts'
import { useAllocationText } from './targets.ts'
import { VatPairing } from './VatPairing.tsx'
import { WHITE_LIST_SERVER, WhiteList } from './WhiteList.tsx'
import './bank.css'

type Props = { effects?: BankApi }

/** Why a file was refused, by code. */
const PROBLEMS: Record<string, MessageDescriptor> = {
  'bank.format.unknown': msg`Not a bank statement in a supported format (MT940, camt.053, CSV)`,
  'bank.statement.unbalanced': msg`The statement does not balance: the opening balance plus the lines is not the closing balance`,
  'bank.statement.invalid': msg`The statement holds invalid data`,
  'bank.statement.empty': msg`The file holds no statement`,
  // Why the statement reader refused a file (packages/books/src/imports/bank/README.md, "Error codes").
  'bank.file.empty': msg`The file is empty`,
  'bank.file.tooLarge': msg`The file is larger than 50 MB`,
  'bank.encoding.invalid': msg`The file starts with a UTF-8 mark but is not valid UTF-8 text`,
  'bank.encoding.unknown': msg`The file's encoding cannot be told (not UTF-8, Windows-1250, CP852 or ISO-8859-2)`,
  'bank.encoding.ambiguous': msg`The file's encoding is ambiguous: different code pages give different Polish texts`,
  'bank.mt940.empty': msg`The MT940 file holds no statement`,
  'bank.mt940.account.missing': msg`The MT940 statement names no account (field :25:)`,
  'bank.mt940.account.invalid': msg`The account in field :25: is not a valid IBAN or NRB`,
  'bank.mt940.balance.missing': msg`The MT940 statement has no opening or closing balance (:60F:/:62F:)`,
  'bank.mt940.balance.invalid': msg`A balance of the MT940 statement is written wrongly`,
  'bank.mt940.line.invalid': msg`An operation of the MT940 statement (field :61:) is written wrongly`,
  'bank.mt940.order': msg`The fields of the MT940 statement are out of order`,
  'bank.mt940.truncated': msg`The MT940 file is cut short: a statement does not end`,
  'bank.camt.xml': msg`The file is not a well-formed XML document`,
  'bank.camt.version': msg`The file is not a camt.053 statement of versions 001.02 to 001.08`,
  'bank.camt.schemaMissing': msg`This camt.053 version cannot be checked against its official schema, so it is not accepted`,
  'bank.camt.schema': msg`The camt.053 file does not meet its official schema`,
  'bank.camt.empty': msg`The camt.053 file holds no statement (Stmt)`,
  'bank.camt.account': msg`The camt.053 statement names no account`,
  'bank.camt.balance.missing': msg`The camt.053 statement has no opening or closing balance`,
  'bank.camt.amount': msg`An amount of the camt.053 statement is written wrongly`,
  'bank.camt.direction': msg`An operation of the camt.053 statement does not say whether it is a credit or a debit`,
  'bank.camt.date': msg`A date is missing in the camt.053 statement`,
  'bank.camt.batch': msg`The operations of a batch entry of the camt.053 statement do not add up to it`,
  'bank.csv.quote': msg`A quoted field of the CSV file is not closed`,
  'bank.csv.header': msg`The CSV file's header row was not found`,
  'bank.csv.unknown': msg`The bank was not recognised from the CSV file's header: define its columns`,
  'bank.csv.account': msg`The file does not say which account it belongs to: choose the account`,
  'bank.csv.row': msg`A row of the CSV file is written wrongly`,
  'bank.csv.empty': msg`The CSV file has no operations below its header`,
  'bank.date.invalid': msg`A date is written wrongly`,
  'bank.amount.invalid': msg`An amount is written wrongly`,
  'bank.iban.invalid': msg`The account number is not a valid IBAN`,
  'bank.statement.currency': msg`The statement's amounts are not in the account's currency`,
}

/** Why a line matched, by reason code. */
const REASONS: Record<string, MessageDescriptor> = {
  'bank.reason.ownTransfer': msg`transfer between your own accounts`,
  'bank.reason.taxMicroAccount': msg`paid to your tax micro-account`,
  'bank.reason.taxTitle': msg`tax form and period in the title`,
  'bank.reason.zusAccount': msg`paid to your ZUS contribution account`,
  'bank.reason.invoiceNumber': msg`invoice number in the title`,
  'bank.reason.invoiceNumbers': msg`several invoice numbers in the title`,
  'bank.reason.splitPayment': msg`split payment naming the invoice`,
  'bank.reason.counterpartyNip': msg`counterparty's NIP and amount`,
  'bank.reason.amount': msg`same amount, close date`,
  'bank.reason.rule': msg`your rule`,
  'bank.reason.created': msg`created from the line`,
  'bank.reason.user': msg`matched by you`,
}

/** The bank decider's messages (the API answers in English), in the user's language. */
const SERVER: Record<string, MessageDescriptor> = {
  'Enter the 26-digit contribution account ZUS gave you (bank 6000 0002)': msg`Enter the 26-digit contribution account ZUS gave you (bank 6000 0002)`,
  "The parts must add up to the line's amount": msg`The parts must add up to the line's amount`,
  'The pattern is not a valid regular expression': msg`The pattern is not a valid regular expression`,
  'The pattern uses syntax that rules do not support, such as a backreference or a lookaround': msg`The pattern uses syntax that rules do not support, such as a backreference or a lookaround`,
  // A part of a match paying a row of the other direction (ledger-core bank `validAllocations`).
  'Money out of the account pays only what you owe: an expense, a tax, a contribution or a refund to a buyer': msg`Money out of the account pays only what you owe: an expense, a tax, a contribution or a refund to a buyer`,
  'Money into the account pays only what is owed to you: an income or a refund from a supplier': msg`Money into the account pays only what is owed to you: an income or a refund from a supplier`,
  'This line is already matched: unmatch it first to make an item of it': msg`This line is already matched: unmatch it first to make an item of it`,
  'Name must be at most 100 characters': msg`Name must be at most 100 characters`,
  'Name must be text of at most 100 characters': msg`Name must be text of at most 100 characters`,
  'Where to look must be title or counterparty': msg`Where to look must be title or counterparty`,
  'How to match must be contains or matches': msg`How to match must be contains or matches`,
  'Pattern must be text of at most 200 characters': msg`Pattern must be text of at most 200 characters`,
  'The expense must be an object with name, percent, isCompany and kpirColumn': msg`The expense must be an object with name, percent, isCompany and kpirColumn`,
  'Name must be text of at most 200 characters': msg`Name must be text of at most 200 characters`,
  'VAT must be 0, 5, 8 or 23 percent': msg`VAT must be 0, 5, 8 or 23 percent`,
  'Choose whether it is a company item': msg`Choose whether it is a company item`,
  'Choose a column of the tax book': msg`Choose a column of the tax book`,
  'Account number is not a valid IBAN': msg`Account number is not a valid IBAN`,
  'Choose a transaction the books show': msg`Choose a transaction the books show`,
  'Choose the business account this VAT account belongs to': msg`Choose the business account this VAT account belongs to`,
  ...WHITE_LIST_SERVER,
}

const STATUS: Record<BankLine['status'], MessageDescriptor> = {
  matched: msg`matched`,
  private: msg`private`,
  transfer: msg`own transfer`,
  unmatched: msg`waiting`,
}

const group = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ')

export const BankPage = ({ effects }: Props) => {
  const { t, i18n } = useLingui()
  const lang = i18n.locale === 'en' ? 'en' : 'pl'
  const money = (v: string | null) => (v === null ? '—' : formatMoney(lang, v))
  const f = useFormat()
  const messages = useMessages()
  const bankApi = useMemo(() => effects ?? createBankApi(), [effects])
  const machine = useMemo(() => bankMachine.provide({ actors: bankActors(bankApi) }), [bankApi])
  const actor = useActorRef(machine)
  const data = useSelector(actor, (s) => s.context.data)
  const results = useSelector(actor, (s) => s.context.results)
  const total = useSelector(actor, (s) => s.context.total)
  const importing = useSelector(actor, (s) => s.hasTag('importing'))
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const previewed = useSelector(actor, (s) => s.context.preview)
  const imported = useSelector(actor, (s) => s.context.files)
  const [preview, setPreview] = useState(false)
  const hintId = useId()

  useEffect(() => {
    const subs = [
      actor.on('imported', (e) => {
        const ok = e.results.filter((r) => r.ok).length
        const n = e.results.length
        if (actor.getSnapshot().context.preview) messages.info(t`Previewed ${ok} of ${n} files: nothing was written`)
        else if (ok === n) messages.info(t`Imported ${ok} of ${n} files`)
        else messages.error(t`Imported ${ok} of ${n} files; see the report below`)
      }),
      actor.on('failed', (e) => {
        const errors = isApiError(e.error) ? e.error.errors : []
        messages.error(
          errors.length > 0
            ? errors
                .map((m) => {
                  const known = SERVER[m]
                  return known ? i18n._(known) : translateMessage(i18n, m)
                })
                .join(' ')
            : t`Response error, can not connect to API.`,
        )
      }),
    ]
    return () => {
      for (const s of subs) s.unsubscribe()
    }
  }, [actor, messages, t, i18n])

  const act = (action: BankAction) => actor.send({ type: 'ACT', action })
  const reason = (code: string) => {
    const known = REASONS[code]
    return known ? i18n._(known) : code
  }
  const accountName = (id: number) => data?.overview.accounts.find((a) => a.id === id)?.name ?? String(id)
  const server = (m: string) => {
    const known = SERVER[m]
    return known ? i18n._(known) : translateMessage(i18n, m)
  }
  const problem = (r: Extract<BankFileResult, { ok: false }>) => {
    const known = PROBLEMS[r.error.code]
    const text = known ? i18n._(known) : translateMessage(i18n, r.error.message)
    // What the books found wrong with a statement they refused (a date outside 2000–2099 …): its first problem.
    const first = r.error.code === 'bank.statement.invalid' ? r.error.fields?.[0] : undefined
    return first ? `${text}: ${server(first.message)}` : text
  }
  const done = results.length

  return (
    <div className="bank-page" aria-busy={busy}>
      <h1 className="page-title">
        <Trans>Bank</Trans>
      </h1>
      <p className="bank-page__intro" id={hintId}>
        <Trans>
          Drop the statements your bank exports (MT940, camt.053 or CSV). Every statement must balance; lines already in
          the books are skipped, so importing a file again adds nothing. Payments of taxes, contributions and invoices
          are matched and ticked with the day they were paid; the rest waits below for you.
        </Trans>
      </p>
      <FileDrop
        label={t`Drop zone for statement files`}
        prompt={<Trans>Drag statement files here, or</Trans>}
        choose={<Trans>Choose files</Trans>}
        describedBy={hintId}
        disabled={busy}
        testId="bank-files"
        onFiles={(files) => actor.send({ type: 'IMPORT', files, preview })}
      >
        <Checkbox
          label={t`Preview only: show what the files would add, match and create by your rules, write nothing`}
          checked={preview}
          disabled={busy}
          onChange={(e) => setPreview(e.currentTarget.checked)}
        />
        {importing && (
          <p role="status" className="bank-drop__progress">
            <progress max={total} value={done} />{' '}
            <Trans>
              Importing file {done + 1} of {total}…
            </Trans>
          </p>
        )}
      </FileDrop>
      {results.length > 0 && (
        <Section
          id="bank-report"
          title={previewed ? <Trans>Preview — nothing was written</Trans> : <Trans>Import report</Trans>}
        >
          <ul className="bank-report">
            {results.map((r) => (
              <li key={r.fileName} className={r.ok ? 'bank-report__ok' : 'bank-report__refused'}>
                <strong>{r.fileName}</strong>:{' '}
                {r.ok ? (
                  <Trans>
                    {r.statements.length} statements, {r.statements.reduce((s, x) => s + x.newLines, 0)} new lines of{' '}
                    {r.statements.reduce((s, x) => s + x.lines, 0)}, {r.statements.reduce((s, x) => s + x.matched, 0)}{' '}
                    matched
                  </Trans>
                ) : null}
                {r.ok && r.statements.some((x) => (x.createdItems ?? 0) > 0) ? (
                  <>
                    {', '}
                    <Trans>
                      {r.statements.reduce((s, x) => s + (x.createdItems ?? 0), 0)} items made by your rules
                    </Trans>
                  </>
                ) : null}
                {!r.ok && (
                  <>
                    <Trans>refused</Trans> — {problem(r)}
                    {r.error.where ? ` (${statementWhere(i18n, r.error.where)})` : ''}
                  </>
                )}
                {!r.ok && r.error.code === 'bank.csv.account' && imported.some((file) => file.name === r.fileName) && (
                  <AccountForFile
                    fileName={r.fileName}
                    accounts={data?.overview.accounts ?? []}
                    busy={busy}
                    onAccount={(account) =>
                      actor.send({
                        type: 'IMPORT',
                        files: imported.filter((file) => file.name === r.fileName).slice(0, 1),
                        preview: previewed,
                        account,
                      })
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Loader active={busy && data === null} />
      {data && (
        <>
          <Accounts data={data} money={money} />
          <VatPairing accounts={data.overview.accounts} act={act} busy={busy} />
          {data.overview.gaps.length > 0 && (
            <section className="bank-gaps" role="alert">
              <h2>
                <Trans>Gaps between statements</Trans>
              </h2>
              <ul>
                {data.overview.gaps.map((g) => (
                  <li key={g.statement}>
                    <Trans>
                      {accountName(g.accountId)}: the statement from {f.date(g.before)} opens with {money(g.found)}, but
                      the books reach {money(g.expected)} on that day. A statement before it is missing.
                    </Trans>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Queue
            data={data}
            money={money}
            reason={reason}
            act={act}
            busy={busy}
            createItem={bankApi.createItem}
            reload={() => actor.send({ type: 'RELOAD' })}
          />
          <OpenItems items={data.openItems ?? []} money={money} />
          <WhiteList payments={data.whiteList ?? []} money={money} act={act} busy={busy} />
          <Lines lines={data.lines} money={money} reason={reason} act={act} busy={busy} />
          <Rules rules={data.overview.rules} act={act} busy={busy} />
          <ZusAccount account={data.overview.zusAccount} act={act} busy={busy} />
        </>
      )}
    </div>
  )
}

type Money = (v: string | null) => string

/** The bank screen's tables: one look, each scrolling in its own box. */
/** A figure's cell: right-aligned, and on a phone's card under its column's name. */
const MoneyCell = ({ label, value }: { label: string; value: string }) => (
  <td className="num" data-label={label}>
    {value}
  </td>
)

const BankTable = <T,>(p: Omit<DataTableProps<T>, 'wrapClass' | 'className'>) => (
  <DataTable wrapClass="bank-table-wrap" className="bank-table table--cards" {...p} />
)

const Accounts = ({ data, money }: { data: BankData; money: Money }) => {
  const { t } = useLingui()
  const f = useFormat()
  if (data.overview.accounts.length === 0)
    return (
      <p className="muted">
        <Trans>No bank account yet: importing a statement adds its account.</Trans>
      </p>
    )
  const account = t({ message: 'Account', context: 'bank account' })
  const kind = t`Kind`
  const balance = t`Balance`
  const lastLine = t`Last line`
  const period = t`Period`
  const opening = t`Opening balance`
  const closing = t`Closing balance`
  const newLines = t`New lines`
  const format = t`Format`
  return (
    <Section id="bank-accounts" title={<Trans>Accounts</Trans>}>
      <BankTable
        columns={[account, kind, { label: balance, num: true }, lastLine]}
        rows={data.overview.accounts}
        row={(a) => (
          <tr key={a.id}>
            <td data-label={account}>
              {a.name !== group(a.iban) && (
                <>
                  {a.name}
                  <br />
                </>
              )}
              <span className="bank-iban">{group(a.iban)}</span>
            </td>
            <td data-label={kind}>{a.kind === 'vat' ? t`VAT account (split payment)` : t`business`}</td>
            <MoneyCell label={balance} value={money(a.balance)} />
            <td className="bank-table__date" data-label={lastLine}>
              {a.lastDate ? f.date(a.lastDate) : '—'}
            </td>
          </tr>
        )}
      />
      <h3>
        <Trans>Statements</Trans>
      </h3>
      <BankTable
        columns={[
          period,
          { label: opening, num: true },
          { label: closing, num: true },
          { label: newLines, num: true },
          format,
        ]}
        rows={[...data.overview.statements].reverse()}
        row={(s) => (
          <tr key={s.key} className={s.continuous ? '' : 'bank-table__gap'}>
            <td data-label={period}>
              <span className="bank-table__date">{f.date(s.openingDate)}</span> –{' '}
              <span className="bank-table__date">{f.date(s.closingDate)}</span>
              {!s.continuous && <span className="bank-badge bank-badge--warn">{t`gap before`}</span>}
            </td>
            <MoneyCell label={opening} value={money(s.openingBalance)} />
            <MoneyCell label={closing} value={money(s.closingBalance)} />
            <td className="num" data-label={newLines}>
              {s.newLines} / {s.lineCount}
            </td>
            <td data-label={format}>
              {s.format} {s.variant}
            </td>
          </tr>
        )}
      />
    </Section>
  )
}

const Queue = ({
  data,
  money,
  reason,
  act,
  busy,
  createItem,
  reload,
}: {
  data: BankData
  money: Money
  reason: (c: string) => string
  act: (a: BankAction) => void
  busy: boolean
  createItem: BankApi['createItem']
  reload: () => void
}) => {
  const { t } = useLingui()
  const f = useFormat()
  const paying = useAllocationText()
  const [splitting, setSplitting] = useState<string | null>(null)
  // The line whose income or expense form is open.
  const [making, setMaking] = useState<string | null>(null)
  return (
    <Section id="bank-queue" title={<Trans>To match ({data.queue.length})</Trans>}>
      {data.queue.length === 0 ? (
        <p className="muted">
          <Trans>Every line is matched.</Trans>
        </p>
      ) : (
        <ul className="bank-queue">
          {data.queue.map(({ line, suggestions, transactions }) => {
            const best = suggestions[0]
            const outgoing = line.amount.startsWith('-')
            const amount = outgoing ? line.amount.slice(1) : line.amount
            return (
              <li key={line.lineId} className="bank-queue__item">
                <div className="bank-queue__line">
                  <span className="bank-table__date">{f.date(line.bookingDate)}</span>{' '}
                  <strong className="num">{money(line.amount)}</strong> <span>{line.title}</span>
                  {line.counterpartyName && <span className="muted"> — {line.counterpartyName}</span>}
                </div>
                {best && (
                  <p className="bank-queue__suggestion">
                    <Trans>
                      Suggestion: {best.allocations.map((a) => paying(a, transactions)).join('; ')} (
                      {reason(best.reason)}, confidence {best.confidence}%)
                    </Trans>
                  </p>
                )}
                <div className="bank-queue__actions">
                  {best && (
                    <Button
                      disabled={busy}
                      onClick={() =>
                        act({ type: 'match', lineId: line.lineId, allocations: best.allocations, reason: best.reason })
                      }
                    >
                      <Trans context="action">Accept</Trans>
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      act({ type: 'match', lineId: line.lineId, allocations: [{ kind: 'private', amount }] })
                    }
                  >
                    <Trans>Private</Trans>
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={outgoing ? t`Make an expense of ${line.title}` : t`Make an income of ${line.title}`}
                    aria-expanded={making === line.lineId}
                    onClick={() => {
                      setSplitting(null)
                      setMaking(making === line.lineId ? null : line.lineId)
                    }}
                  >
                    {outgoing ? <Trans>Make an expense</Trans> : <Trans>Make an income</Trans>}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-expanded={splitting === line.lineId}
                    onClick={() => {
                      setMaking(null)
                      setSplitting(splitting === line.lineId ? null : line.lineId)
                    }}
                  >
                    <Trans>Split</Trans>
                  </Button>
                </div>
                {making === line.lineId && (
                  <ItemFromLine
                    line={line}
                    createItem={createItem}
                    money={money}
                    onSaved={() => {
                      setMaking(null)
                      reload()
                    }}
                    onClose={() => setMaking(null)}
                  />
                )}
                {splitting === line.lineId && (
                  <SplitLine
                    line={line}
                    suggestions={suggestions}
                    transactions={transactions}
                    openItems={data.openItems ?? []}
                    money={money}
                    act={act}
                    busy={busy}
                    onClose={() => setSplitting(null)}
                  />
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}

const OpenItems = ({ items, money }: { items: readonly OpenItem[]; money: Money }) => {
  const { t } = useLingui()
  const f = useFormat()
  if (items.length === 0) return null
  const date = t`Date`
  const due = t`Payment term`
  const amount = t({ message: 'Amount', context: 'bank' })
  const paid = t({ message: 'Paid', context: 'bank' })
  const toSettle = t`To settle`
  const stateLabel = t`State`
  // Overdue only past a payment term the item has; without one it is open, however old.
  const state = (i: OpenItem) =>
    i.state === 'overdue'
      ? t`overdue ${i.daysOverdue} days`
      : i.state === 'partlyPaid'
        ? t`partly paid`
        : i.state === 'paid'
          ? t`paid`
          : t`not paid yet`
  return (
    <Section id="bank-open" title={<Trans>Receivables and payables</Trans>}>
      <p className="muted">
        <Trans>
          Company incomes and expenses not paid in full. One is overdue only past its payment term (an issued invoice's,
          or an item dated after its invoice date); without a term it is open.
        </Trans>
      </p>
      <BankTable
        columns={[
          t`Document`,
          date,
          due,
          { label: amount, num: true },
          { label: paid, num: true },
          { label: toSettle, num: true },
          stateLabel,
        ]}
        rows={items}
        row={(i) => (
          <tr key={i.id} className={i.state === 'overdue' ? 'bank-table__overdue' : ''}>
            <td>
              {i.kind === 'receivable' ? t`receivable` : t`payable`}: {i.documentNumber || i.name}
              {i.counterparty && <span className="muted"> — {i.counterparty}</span>}
              {i.parts && <span className="muted"> ({t`VAT rates: ${i.parts.length}`})</span>}
            </td>
            <td className="bank-table__date" data-label={date}>
              {f.date(i.date)}
            </td>
            <td className="bank-table__date" data-label={due}>
              {i.dueDate ? f.date(i.dueDate) : '—'}
            </td>
            <MoneyCell label={amount} value={money(i.sum)} />
            <MoneyCell label={paid} value={money(i.paid)} />
            <MoneyCell label={toSettle} value={money(i.remaining)} />
            <td data-label={stateLabel}>{state(i)}</td>
          </tr>
        )}
      />
    </Section>
  )
}

const Lines = ({
  lines,
  money,
  reason,
  act,
  busy,
}: {
  lines: readonly BankLine[]
  money: Money
  reason: (c: string) => string
  act: (a: BankAction) => void
  busy: boolean
}) => {
  const { t, i18n } = useLingui()
  const f = useFormat()
  const paying = useAllocationText()
  // The line whose match the user is asked to confirm undoing.
  const [undoing, setUndoing] = useState<BankLine | null>(null)
  if (lines.length === 0) return null
  const date = t`Date`
  const amount = t({ message: 'Amount', context: 'bank' })
  const actions = t`Actions`
  const undoMessage = (l: BankLine) => {
    const what = l.match?.allocations.map((a) => paying(a, l.transactions)).join('; ') ?? ''
    const line = `${f.date(l.bookingDate)}, ${money(l.amount)}, ${l.title}`
    return t`The match of the line ${line} (${what}) will be undone and the line goes back to the queue. Do you confirm?`
  }
  return (
    <Section id="bank-lines" title={<Trans>Recent lines</Trans>}>
      <ConfirmDialog
        open={undoing !== null}
        title={t`Undo match`}
        message={undoing === null ? undefined : undoMessage(undoing)}
        confirmLabel={t`Undo match`}
        onCancel={() => setUndoing(null)}
        onConfirm={() => {
          if (undoing === null) return
          act({ type: 'unmatch', lineId: undoing.lineId })
          setUndoing(null)
        }}
      />
      <BankTable
        columns={[date, { label: amount, num: true }, t`Title`, t`State`, actions]}
        rows={lines}
        row={(l) => (
          <tr key={l.lineId}>
            <td className="bank-table__date" data-label={date}>
              {f.date(l.bookingDate)}
            </td>
            <MoneyCell label={amount} value={money(l.amount)} />
            <td className="bank-table__title">
              {l.title}
              {l.counterpartyName && <span className="muted"> — {l.counterpartyName}</span>}
              {l.match && l.status === 'matched' && (
                <span className="muted bank-table__why">
                  {l.match.allocations.map((a) => paying(a, l.transactions)).join('; ')} — {reason(l.match.reason)} (
                  {l.match.confidence}%)
                </span>
              )}
            </td>
            <td>
              <span className={`bank-badge bank-badge--${l.status}`}>{i18n._(STATUS[l.status])}</span>
            </td>
            <td data-label={actions}>
              {l.match && (
                <Button
                  variant="link"
                  disabled={busy}
                  aria-label={t`Undo the match of ${l.title}`}
                  onClick={() => setUndoing(l)}
                >
                  <Trans>Undo match</Trans>
                </Button>
              )}
            </td>
          </tr>
        )}
      />
    </Section>
  )
}

const Rules = ({ rules, act, busy }: { rules: readonly BankRule[]; act: (a: BankAction) => void; busy: boolean }) => {
  const { t } = useLingui()
  const [name, setName] = useState('')
  const [pattern, setPattern] = useState('')
  const [field, setField] = useState<'title' | 'counterparty'>('counterparty')
  const [percent, setPercent] = useState('23')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (name.trim() === '' || pattern.trim() === '') return
    act({
      type: 'saveRule',
      rule: { name, field, op: 'contains', pattern, expense: { name, percent, isCompany: true, kpirColumn: null } },
    })
    setName('')
    setPattern('')
  }
  return (
    <Section id="bank-rules" title={<Trans>Rules</Trans>}>
      <p className="muted">
        <Trans>A new line whose title or counterparty contains the text becomes a company expense of that name.</Trans>
      </p>
      {rules.length > 0 && (
        <ul className="bank-rules">
          {rules.map((r) => (
            <li key={r.id}>
              {r.data.op === 'matches'
                ? r.data.field === 'title'
                  ? t`Title matches the expression`
                  : t`Counterparty matches the expression`
                : r.data.field === 'title'
                  ? t`Title contains`
                  : t`Counterparty contains`}{' '}
              „{r.data.pattern}” → {r.data.expense.name} ({r.data.expense.percent}% VAT){' '}
              <Button
                variant="link"
                disabled={busy}
                onClick={() => act({ type: 'deleteRule', id: r.id })}
                aria-label={t`Delete rule ${r.data.name}`}
              >
                <Trans>Delete</Trans>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="bank-rules__form" onSubmit={submit}>
        <Select
          label={t`Where`}
          value={field}
          onChange={(e) => setField(e.target.value as 'title' | 'counterparty')}
          options={[
            { value: 'counterparty', label: t`Counterparty` },
            { value: 'title', label: t`Title` },
          ]}
        />
        <TextInput label={t`contains`} value={pattern} onChange={(e) => setPattern(e.target.value)} required />
        <TextInput label={t`Expense`} value={name} onChange={(e) => setName(e.target.value)} required />
        <Select
          label={t`VAT`}
          value={percent}
          onChange={(e) => setPercent(e.target.value)}
          options={['23', '8', '5', '0'].map((p) => ({ value: p, label: `${p}%` }))}
        />
        <Button type="submit" disabled={busy}>
          <Trans>Add rule</Trans>
        </Button>
      </form>
    </Section>
  )
}

const ZusAccount = ({
  account,
  act,
  busy,
}: {
  account: string | null
  act: (a: BankAction) => void
  busy: boolean
}) => {
  const { t } = useLingui()
  const [value, setValue] = useState(account ?? '')
  useEffect(() => setValue(account ?? ''), [account])
  return (
    <Section id="bank-zus" title={<Trans>ZUS contribution account</Trans>}>
      <p className="muted">
        <Trans>
          The individual account ZUS gave you (26 digits, bank 6000 0002): payments to it are matched to that month's
          social and health contributions.
        </Trans>
      </p>
      <form
        className="bank-rules__form"
        onSubmit={(e) => {
          e.preventDefault()
          act({ type: 'setZusAccount', account: value.trim() === '' ? null : value })
        }}
      >
        <TextInput
          label={t`Account number`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode="numeric"
          size={34}
        />
        <Button type="submit" disabled={busy}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Section>
  )
}
