import { useLingui } from '@lingui/react/macro'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import './DatePicker.css'
import { Icon } from './icons.tsx'
import { Field, useControlId, type ValueFieldProps } from './Field.tsx'
import {
  type GridCell,
  isDate,
  isPickerYear,
  PICKER_YEARS,
  monthGrid,
  monthOfDate,
  moveByKey,
  shiftMonth,
  type ViewMonth,
  withYear,
} from './DatePickerLogic.ts'

const pad = (n: number) => String(n).padStart(2, '0')

/** Today in the user's time zone as `yyyy-mm-dd`. */
export const localToday = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`

export interface DatePickerLabels {
  placeholder: string
  choose: string
  previousMonth: string
  nextMonth: string
  year: string
  today: string
  selected: string
}

export interface DatePickerProps extends ValueFieldProps {
  /** `yyyy-mm-dd` or '' */
  value: string
  /** Fixed "today" (stories, tests); defaults to the local date. */
  today?: string
  /** Start with the calendar open (stories). */
  defaultOpen?: boolean
  /** Texts of the picker; callers whose catalogs translate them pass them in, the rest use the defaults. */
  labels?: Partial<DatePickerLabels>
}

/**
 * The date field of the forms (SPEC §2): a `yyyy-mm-dd` text input with a calendar button. The calendar is
 * 301 px wide, has a Monday-first month grid, a year input, a Today button and shows the selected date.
 * Keyboard: arrows move by a day or a week, PageUp/PageDown by a month, Home/End to the week's ends, Enter
 * selects, Escape closes and returns focus to the button.
 */
export const DatePicker = ({
  label,
  value,
  onChange,
  error,
  hint,
  id,
  disabled,
  today,
  defaultOpen,
  name,
  labels,
}: DatePickerProps) => {
  const { t, i18n } = useLingui()
  const text$: DatePickerLabels = {
    placeholder: labels?.placeholder ?? t`yyyy-mm-dd`,
    choose: labels?.choose ?? t`Choose date`,
    previousMonth: labels?.previousMonth ?? t`Previous month`,
    nextMonth: labels?.nextMonth ?? t`Next month`,
    year: labels?.year ?? t`Year`,
    today: labels?.today ?? t`Today`,
    selected: labels?.selected ?? t`Selected date`,
  }
  const inputId = useControlId(id)
  const gridLabelId = `${inputId}-month`
  const todayDate = today ?? localToday()
  const [open, setOpen] = useState(Boolean(defaultOpen))
  const [focused, setFocused] = useState(isDate(value) ? value : todayDate)
  const [view, setView] = useState<ViewMonth>(monthOfDate(focused))
  const [text, setText] = useState(value)
  const [yearText, setYearText] = useState(String(view.year))
  const buttonRef = useRef<HTMLButtonElement>(null)
  const gridRef = useRef<HTMLTableElement>(null)
  const moveFocusToGrid = useRef(false)

  const rootRef = useRef<HTMLDivElement>(null)
  // The text follows a new value from outside (a loaded record, a reset) in the same render, not an effect later.
  const [shownValue, setShownValue] = useState(value)
  if (value !== shownValue) {
    setShownValue(value)
    setText(value)
  }
  // A press outside the field closes the calendar.
  useEffect(() => {
    if (!open) return
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) setOpen(false)
    }
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open])
  useEffect(() => setYearText(String(view.year)), [view.year])
  useEffect(() => {
    if (open && moveFocusToGrid.current) {
      moveFocusToGrid.current = false
      gridRef.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus()
    }
  })

  const weeks = useMemo(() => monthGrid(view), [view])
  const locale = i18n.locale === 'en' ? 'en-GB' : 'pl-PL'
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(view.year, view.month - 1, 1)),
  )
  // 2024-01-01 was a Monday.
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
    short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2024, 0, d)),
    ),
    long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, d))),
  }))
  const dayLabel = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

  const focusDate = (date: string) => {
    setFocused(date)
    const m = monthOfDate(date)
    if (m.year !== view.year || m.month !== view.month) setView(m)
    moveFocusToGrid.current = true
  }

  const openCalendar = () => {
    const start = isDate(value) ? value : todayDate
    setFocused(start)
    setView(monthOfDate(start))
    moveFocusToGrid.current = true
    setOpen(true)
  }

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  const select = (date: string) => {
    onChange(date)
    setFocused(date)
    close()
  }

  const onGridKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      select(focused)
      return
    }
    const next = moveByKey(focused, e.key)
    if (next !== null && isDate(next)) {
      e.preventDefault()
      focusDate(next)
    }
  }

  const cellClass = (c: GridCell) =>
    [
      'datepicker__day',
      c.inMonth ? '' : 'datepicker__day--outside',
      c.date === value ? 'datepicker__day--selected' : '',
      c.date === todayDate ? 'datepicker__day--today' : '',
    ]
      .filter(Boolean)
      .join(' ')

  return (
    <Field label={label} error={error} hint={hint} id={inputId} className="datepicker" ref={rootRef}>
      <div className="datepicker__control">
        <input
          id={inputId}
          name={name}
          className="input datepicker__input"
          value={text}
          placeholder={text$.placeholder}
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined
          }
          onChange={(e) => {
            const v = e.target.value
            setText(v)
            onChange(v.trim())
            if (isDate(v.trim())) {
              setFocused(v.trim())
              setView(monthOfDate(v.trim()))
            }
          }}
        />
        <button
          ref={buttonRef}
          type="button"
          className="icon-button datepicker__toggle"
          aria-label={text$.choose}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => (open ? close() : openCalendar())}
        >
          <Icon name="pickDate" size={20} />
        </button>
      </div>
      {open && (
        <div
          className="datepicker__popup"
          role="dialog"
          aria-modal="false"
          aria-label={text$.choose}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation()
              close()
            }
          }}
        >
          <div className="datepicker__header">
            <button
              type="button"
              className="icon-button"
              aria-label={text$.previousMonth}
              onClick={() => setView(shiftMonth(view, -1))}
            >
              ‹
            </button>
            <span className="datepicker__month" id={gridLabelId} aria-live="polite">
              {monthName} {view.year}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={text$.nextMonth}
              onClick={() => setView(shiftMonth(view, 1))}
            >
              ›
            </button>
            <input
              className="input datepicker__year"
              type="number"
              aria-label={text$.year}
              min={PICKER_YEARS.min}
              max={PICKER_YEARS.max}
              value={yearText}
              onChange={(e) => {
                setYearText(e.target.value)
                const y = Number(e.target.value)
                if (isPickerYear(y)) {
                  setView({ year: y, month: view.month })
                  setFocused(withYear(focused, y))
                }
              }}
              onKeyDown={(e) => {
                // Enter picks the year: it must not submit the form behind the picker; the day grid takes over.
                if (e.key !== 'Enter') return
                e.preventDefault()
                e.stopPropagation()
                const day = e.currentTarget
                  .closest('.datepicker__popup, [role="dialog"]')
                  ?.querySelector<HTMLButtonElement>('[data-date][tabindex="0"]')
                day?.focus()
              }}
            />
          </div>
          <table
            className="datepicker__grid"
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern of a date picker
            role="grid"
            aria-labelledby={gridLabelId}
            ref={gridRef}
            onKeyDown={onGridKey}
          >
            <thead>
              <tr>
                {weekdays.map((w) => (
                  <th key={w.long} scope="col" abbr={w.long} className="datepicker__weekday">
                    {w.short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]?.date}>
                  {week.map((c) => (
                    <td key={c.date}>
                      <button
                        type="button"
                        className={cellClass(c)}
                        aria-label={dayLabel(c.date)}
                        aria-current={c.date === todayDate ? 'date' : undefined}
                        aria-pressed={c.date === value}
                        tabIndex={c.date === focused ? 0 : -1}
                        data-date={c.date}
                        onClick={() => select(c.date)}
                      >
                        {c.day}
                      </button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="datepicker__footer">
            <button type="button" className="btn btn--secondary" onClick={() => select(todayDate)}>
              {text$.today}
            </button>
            <output className="datepicker__selected" aria-label={text$.selected}>
              {isDate(value) ? value : '—'}
            </output>
          </div>
        </div>
      )}
    </Field>
  )
}

export type DateFieldProps = Omit<DatePickerProps, 'onChange' | 'value'> & {
  /** `yyyy-mm-dd`, '' or not given yet. */
  value: string | undefined
  /** Called as a text input's change is, with the typed or chosen `yyyy-mm-dd` as the target's value. */
  onChange: (e: { target: { value: string } }) => void
}

/**
 * A date field that takes a text input's props (`{...field('date')}`, `onChange={(e) => …e.target.value}`): the app's
 * own picker, in the app's language, where the browser's `<input type="date">` would speak the browser's
 * ("mm/dd/yyyy" in an English browser, whatever the app's language).
 */
export const DateField = ({ onChange, value, ...rest }: DateFieldProps) => (
  <DatePicker {...rest} value={value ?? ''} onChange={(next) => onChange({ target: { value: next } })} />
)
