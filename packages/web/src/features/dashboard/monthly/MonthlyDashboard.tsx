import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '../../../ui/Button.tsx'
import { Card } from '../../../ui/Card.tsx'
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx'
import { ConnectionFailed, Page, PeriodActions } from '../../../ui/Page.tsx'
import { useMessages } from '../../../ui/messages.tsx'
import { PeriodNav, periodSteps } from '../../../ui/PeriodNav.tsx'
import { DepreciationCard, type LoadDepreciation } from '../../assets/DepreciationCard.tsx'
import { createDashboardApi, type DashboardApi, monthlyActors } from '../api.ts'
import { CheckboxRow } from '../components/CheckboxRow.tsx'
import { CostSummaryCard } from '../components/CostSummaryCard.tsx'
import { ItemList } from '../components/ItemCard.tsx'
import { PitCard } from '../components/PitCard.tsx'
import { SocialSecurityCard } from '../components/SocialSecurityCard.tsx'
import { SummaryTable } from '../components/SummaryTable.tsx'
import { MonthExport } from '../components/MonthExport.tsx'
import { TransactionsTable } from '../components/TransactionsTable.tsx'
import { VatCard } from '../components/VatCard.tsx'
import type { VatRefundEffects } from '../components/VatRefundPanel.tsx'
import { errorText } from '../errors.ts'
import { localDate, monthParam } from '../month.ts'
import { browserStorage, readShowFlags, type ShowSection, writeShowFlag } from '../show.ts'
import type { Transaction } from '../types.ts'
import { type ItemKind, monthlyMachine } from './monthlyMachine.ts'
import '../dashboard.css'

type Props = {
  /** API effects; the app's client by default (stories and tests pass fakes). */
  effects?: Pick<DashboardApi, 'loadMonth' | 'reset' | 'saveFlags' | 'deleteItem'> & {
    /** The month's depreciation (the register of fixed assets); absent with fakes: the row is not shown. */
    loadDepreciation?: LoadDepreciation
  } & Partial<Pick<DashboardApi, 'saveVatRefund' | 'withdrawVatRefund'>>
  /** Today's date; the browser's clock by default. */
  today?: string
  /** Where the Show choices are remembered; local storage by default. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>
}

const byType = (transactions: readonly Transaction[], eventType: string) =>
  transactions.filter((t) => t.eventType === eventType)

/** The name of a month in the UI language ("marzec 2026" / "March 2026"). */
const monthTitle = (locale: string, ym: string): string => {
  const [y, m] = ym.split('-').map(Number)
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(y!, (m ?? 1) - 1, 1))
  } catch {
    return ym
  }
}

/**
 * SPEC §2 Monthly dashboard. The month shown is in the address (`?month=2026-02`), so a reload, the browser's Back
 * and a link keep it; without one, the current month.
 */
export const MonthlyDashboard = ({ effects, today, storage }: Props) => {
  const { t, i18n } = useLingui()
  const [params, setParams] = useSearchParams()
  const asked = monthParam(params.get('month'))
  const messages = useMessages()
  const store = storage ?? browserStorage()
  const defaultApi = useMemo(() => createDashboardApi(), [])
  const machine = useMemo(
    () =>
      monthlyMachine.provide({
        actors: monthlyActors(effects ?? defaultApi),
        actions: { persistShow: (_, p) => writeShowFlag(store, p.section, p.value) },
      }),
    [effects, store, defaultApi],
  )
  const actor = useActorRef(machine, {
    input: { today: today ?? localDate(new Date()), month: asked, show: readShowFlags(store) },
  })
  const month = useSelector(actor, (s) => s.context.month)
  // The address follows the month shown (replacing the entry: stepping through months is not a history)…
  const written = useRef<string | undefined>(undefined)
  useEffect(() => {
    written.current = month
    setParams(
      (p) => {
        if (p.get('month') === month) return p
        const next = new URLSearchParams(p)
        next.set('month', month)
        return next
      },
      { replace: true },
    )
  }, [month, setParams])
  // …and the month follows an address that names another one (a link, Back), not the one it wrote itself.
  useEffect(() => {
    if (asked !== undefined && asked !== written.current && asked !== actor.getSnapshot().context.month)
      actor.send({ type: 'GOTO', month: asked })
  }, [asked, actor])
  const transactions = useSelector(actor, (s) => s.context.transactions)
  const summary = useSelector(actor, (s) => s.context.summary)
  const show = useSelector(actor, (s) => s.context.show)
  const cost = useSelector(actor, (s) => s.context.cost)
  const failed = useSelector(actor, (s) => s.context.failed)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const resetPrompt = useSelector(actor, (s) => s.matches({ data: 'resetPrompt' }))
  const [toDelete, setToDelete] = useState<{ kind: ItemKind; itemId: number; name: string } | null>(null)

  useEffect(() => {
    const subs = [
      actor.on('connectionError', () => messages.error(t`Response error, can not connect to API.`)),
      actor.on('resetDone', () => messages.info(t`Reset done`)),
      actor.on('flagsError', (e) => messages.error(errorText(i18n, e.error))),
      actor.on('deleteError', (e) => messages.error(errorText(i18n, e.error))),
    ]
    return () => {
      for (const s of subs) s.unsubscribe()
    }
  }, [actor, messages, t, i18n])

  const onFlags = (id: string, flags: { completed?: boolean; notification?: boolean }) =>
    actor.send({ type: 'SET_FLAGS', id, flags })
  const sections: [ShowSection, string][] = [
    ['primary', t`Primary`],
    ['details', t`Details`],
    ['summary', t`Summary`],
  ]
  const title = monthTitle(i18n.locale, month)
  // The refund of a VAT excess: saved, then the month read again (the card, the next period's carry).
  const refundApi = effects ?? defaultApi
  const refund: VatRefundEffects | undefined =
    refundApi.saveVatRefund && refundApi.withdrawVatRefund
      ? {
          save: refundApi.saveVatRefund,
          withdraw: refundApi.withdrawVatRefund,
          onChanged: () => actor.send({ type: 'REFRESH' }),
        }
      : undefined

  const toolbar = (
    <>
      <PeriodNav
        label={t`Month`}
        previousLabel={t`Previous month`}
        nextLabel={t`Next month`}
        {...periodSteps((e) => actor.send(e))}
        data={{ 'data-month': month }}
      >
        {title}
      </PeriodNav>
      <PeriodActions
        className="dashboard__actions"
        current={<Trans>Today</Trans>}
        onCurrent={() => actor.send({ type: 'TODAY', today: today ?? localDate(new Date()) })}
        onRefresh={() => actor.send({ type: 'REFRESH' })}
      >
        <Button variant="danger" onClick={() => actor.send({ type: 'OPEN_RESET' })} disabled={busy || failed}>
          <Trans>Reset</Trans>
        </Button>
      </PeriodActions>
    </>
  )

  return (
    <Page
      className="dashboard dashboard--monthly"
      title={<Trans>Monthly dashboard</Trans>}
      busy={busy}
      toolbar={toolbar}
    >
      <CheckboxRow
        className="show-choices"
        legend={
          <legend>
            <Trans>Show</Trans>
          </legend>
        }
        items={sections}
        checked={(section) => show[section]}
        onChange={(section, value) => actor.send({ type: 'SET_SHOW', section, value })}
      />
      {failed && <ConnectionFailed />}

      {show.primary && !failed && (
        <Card title={t`Transactions`} className="dashboard__primary">
          {busy && transactions.length === 0 ? null : <TransactionsTable transactions={transactions} />}
          {transactions.length > 0 && <MonthExport month={month} disabled={busy} />}
        </Card>
      )}

      {show.details && transactions.length > 0 && (
        <div className="dashboard__details">
          <h2 className="section-title">
            <Trans>Details</Trans>
          </h2>
          <div className="card-grid">
            {byType(transactions, '3_Vat').map((tx) => (
              <VatCard key={tx.id} transaction={tx} onFlags={onFlags} refund={refund} />
            ))}
            {byType(transactions, '4_Pit').map((tx) => (
              <PitCard key={tx.id} transaction={tx} onFlags={onFlags} />
            ))}
            {byType(transactions, '5_SocialSecurity').map((tx) => (
              <SocialSecurityCard key={tx.id} transaction={tx} onFlags={onFlags} />
            ))}
            <DepreciationCard month={month} load={effects ? (effects.loadDepreciation ?? null) : undefined} />
            <CostSummaryCard
              transactions={transactions}
              groups={cost}
              onChange={(group, value) => actor.send({ type: 'SET_COST', group, value })}
            />
          </div>
          <ItemList
            title={t`Revenues`}
            transactions={byType(transactions, '1_Revenue')}
            onFlags={onFlags}
            onDelete={(kind, itemId, name) => setToDelete({ kind, itemId, name })}
          />
          <ItemList
            title={t`Costs`}
            transactions={byType(transactions, '2_Fee')}
            onFlags={onFlags}
            onDelete={(kind, itemId, name) => setToDelete({ kind, itemId, name })}
          />
        </div>
      )}

      {show.summary && !failed && (
        <Card title={t`Summary`} className="dashboard__summary">
          <SummaryTable rows={summary} currentMonth={month} />
        </Card>
      )}

      <ConfirmDialog
        open={resetPrompt}
        title={t`Reset transactions`}
        message={t`Reset clears Completed, Notification and Sent on every transaction of the current month or year, and shows again the rows you deleted from it. Items, settings and amounts stay as they are: the dashboard always shows your current books.`}
        onConfirm={() => actor.send({ type: 'RESET', scope: 'month' })}
        onCancel={() => actor.send({ type: 'CANCEL_RESET' })}
      >
        <Button variant="danger" onClick={() => actor.send({ type: 'RESET', scope: 'month' })}>
          <Trans>Reset current month</Trans>
        </Button>
        <Button variant="danger" onClick={() => actor.send({ type: 'RESET', scope: 'year' })}>
          <Trans>Reset current year</Trans>
        </Button>
      </ConfirmDialog>
      <ConfirmDialog
        open={toDelete !== null}
        onConfirm={() => {
          if (toDelete) actor.send({ type: 'DELETE_ITEM', kind: toDelete.kind, itemId: toDelete.itemId })
          setToDelete(null)
        }}
        onCancel={() => setToDelete(null)}
      />
    </Page>
  )
}
