import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../i18n.ts'
import { DatePicker } from './DatePicker.tsx'

const Harness = ({ initial, onValue }: { initial: string; onValue?: (v: string) => void }) => {
  const [value, setValue] = useState(initial)
  return (
    <DatePicker
      label="Date"
      value={value}
      today="2026-11-23"
      onChange={(v) => {
        setValue(v)
        onValue?.(v)
      }}
    />
  )
}

const setup = async (initial: string) => {
  const values: string[] = []
  const i18n = await createI18n('en')
  render(
    <I18nProvider i18n={i18n}>
      <Harness initial={initial} onValue={(v) => values.push(v)} />
    </I18nProvider>,
  )
  return values
}

const focusedDay = () => document.activeElement?.getAttribute('data-date')

describe('DatePicker', () => {
  it('opens on the selected day with a Monday-first grid and moves with the keyboard', async () => {
    const values = await setup('2026-03-15')
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }))
    const grid = screen.getByRole('grid')
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ])
    expect(focusedDay()).toBe('2026-03-15')
    fireEvent.keyDown(grid, { key: 'ArrowRight' })
    expect(focusedDay()).toBe('2026-03-16')
    fireEvent.keyDown(grid, { key: 'ArrowUp' })
    expect(focusedDay()).toBe('2026-03-09')
    fireEvent.keyDown(grid, { key: 'PageDown' })
    expect(focusedDay()).toBe('2026-04-09')
    expect(screen.getByText('April 2026')).toBeTruthy()
    fireEvent.keyDown(grid, { key: 'Enter' })
    expect(values).toEqual(['2026-04-09'])
    expect(screen.queryByRole('grid')).toBeNull()
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-04-09')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose date' }))
  })

  it('closes on Escape without changing the value', async () => {
    const values = await setup('2026-03-15')
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }))
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'ArrowLeft' })
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(values).toEqual([])
  })

  it('selects today with the Today button and shows the selected date', async () => {
    const values = await setup('')
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }))
    expect(screen.getByLabelText('Selected date').textContent).toBe('—')
    fireEvent.click(screen.getByRole('button', { name: 'Today' }))
    expect(values).toEqual(['2026-11-23'])
  })

  it('jumps to another year with the year input', async () => {
    await setup('2026-03-15')
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }))
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Year' }), { target: { value: '2024' } })
    expect(screen.getByText('March 2024')).toBeTruthy()
    // 1 March 2024 was a Friday: the first row starts on Monday 26 February.
    const firstRow = screen.getAllByRole('row')[1]
    expect(firstRow?.querySelector('button')?.getAttribute('data-date')).toBe('2024-02-26')
  })

  it('takes Enter in the year box as choosing the year, never as submitting the form behind it', async () => {
    await setup('2026-03-15')
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }))
    const year = screen.getByRole('spinbutton', { name: 'Year' })
    fireEvent.change(year, { target: { value: '2024' } })
    // `fireEvent` returns false when a handler prevented the default action (the form's implicit submission).
    expect(fireEvent.keyDown(year, { key: 'Enter' })).toBe(false)
    expect(fireEvent.keyDown(year, { key: '5' })).toBe(true)
    expect(screen.getByText('March 2024')).toBeTruthy()
  })

  it('passes typed text through so validation can judge it', async () => {
    const values = await setup('')
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-13-01' } })
    expect(values).toEqual(['2026-13-01'])
  })

  it('closes when the user presses outside the field', async () => {
    await setup('2026-03-15')
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }))
    fireEvent.pointerDown(screen.getByRole('grid'))
    expect(screen.queryByRole('grid')).not.toBeNull()
    fireEvent.pointerDown(document.body)
    expect(screen.queryByRole('grid')).toBeNull()
  })

  it('follows a date typed into the field', async () => {
    await setup('2026-03-15')
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }))
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2027-07-04' } })
    expect(screen.getByText('July 2027')).toBeTruthy()
  })
})
