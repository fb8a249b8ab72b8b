/**
 * A ZUS row marked paid says the day it was paid (today by default): contributions are deducted on that day. The
 * card says it once ("zapłacono 18 mar, …"), not the flags as well.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { localToday } from '../../../ui/DatePicker.tsx'
import { renderTxCard } from '../../../test/txCard.tsx'
import { fixtureMonth } from '../fixtures.ts'
import { i18nFor, withProviders } from '../testing.tsx'
import { TransactionFlags } from './TransactionFlags.tsx'

const zus = fixtureMonth().find((t) => t.id === 'zus-2026-02')!
const vat = fixtureMonth().find((t) => t.eventType === '3_Vat')!

describe('the day a contribution was paid', () => {
  it('asks for it on a ZUS row, today by default, and sends it with Completed', async () => {
    const onChange = vi.fn()
    render(withProviders(await i18nFor('en'), <TransactionFlags transaction={zus} onChange={onChange} />))
    const day = screen.getByLabelText('Paid on') as HTMLInputElement
    expect(day.value).toBe(localToday())
    fireEvent.change(day, { target: { value: '2026-03-18' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Completed' }))
    expect(onChange).toHaveBeenCalledWith('zus-2026-02', { completed: true, paidOn: '2026-03-18' })
  })

  it('says the day once paid, once on the card, in Polish; other rows ask for no day', async () => {
    const paid = { ...zus, completed: true, paidOn: '2026-03-18', paidAmount: zus.dataObject.sum }
    const { container, unmount } = await renderTxCard('pl', paid, 'ZUS')
    const text = container.textContent ?? ''
    expect(text.match(/zapłacono 18 mar/g)).toHaveLength(1)
    expect(text).not.toContain('Data zapłaty')
    expect(text).not.toContain('2026-03-18')
    unmount()
    const onChange = vi.fn()
    render(withProviders(await i18nFor('en'), <TransactionFlags transaction={vat} onChange={onChange} />))
    expect(screen.queryByLabelText('Paid on')).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Completed' }))
    expect(onChange).toHaveBeenCalledWith(vat.id, { completed: true })
  })
})

describe('when the reminder will go', () => {
  const overdue = { ...vat, completed: false, notification: true, notificationCompleted: false }
  const late = { ...overdue, dataObject: { ...overdue.dataObject, dueDate: '2026-02-25', overdue: true } }
  const coming = { ...overdue, dataObject: { ...overdue.dataObject, dueDate: '2099-02-25', overdue: false } }

  it('says an overdue row gets no reminder, and when an upcoming one will, in Polish', async () => {
    const { unmount } = render(
      withProviders(await i18nFor('pl'), <TransactionFlags transaction={late} onChange={() => {}} />),
    )
    expect(screen.getByRole('status').textContent).toBe(
      'Przypomnienie nie wyjdzie: wysyłamy je przed terminem płatności, a ten minął 25 lut 2026. Zapłać jak najszybciej.',
    )
    unmount()
    render(withProviders(await i18nFor('en'), <TransactionFlags transaction={coming} onChange={() => {}} />))
    expect(screen.getByRole('status').textContent).toBe(
      'A reminder goes out by e-mail in the last three days before the due date, 25 Feb 2099.',
    )
  })

  it('says nothing while the notification is off or once the reminder went', async () => {
    const i18n = await i18nFor('en')
    const { unmount } = render(
      withProviders(i18n, <TransactionFlags transaction={{ ...late, notification: false }} onChange={() => {}} />),
    )
    expect(screen.queryByRole('status')).toBeNull()
    unmount()
    render(
      withProviders(
        i18n,
        <TransactionFlags transaction={{ ...coming, notificationCompleted: true }} onChange={() => {}} />,
      ),
    )
    expect(screen.queryByRole('status')).toBeNull()
  })
})
