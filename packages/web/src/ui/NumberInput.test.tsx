import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createI18n } from '../i18n.ts'
import { NumberInput } from './Field.tsx'

afterEach(cleanup)

/** A form's field as the screens hold one: its value a string, set from the change event's `target.value`. */
const Harness = ({ onValue }: { onValue: (v: string) => void }) => {
  const [value, setValue] = useState('')
  return (
    <>
      <NumberInput
        label="Amount"
        value={value}
        onChange={(e) => {
          setValue(e.target.value)
          onValue(e.target.value)
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  )
}

const setup = async (lang: 'pl' | 'en') => {
  const values: string[] = []
  render(
    <I18nProvider i18n={await createI18n(lang)}>
      <Harness onValue={(v) => values.push(v)} />
    </I18nProvider>,
  )
  const input = screen.getByLabelText('Amount') as HTMLInputElement
  const type = (text: string) => {
    fireEvent.change(input, { target: { value: text } })
    return values.at(-1)
  }
  return { input, type }
}

describe('NumberInput (money and percents)', () => {
  it('reads a Polish decimal comma and grouping spaces, and keeps showing what was typed', async () => {
    const { input, type } = await setup('pl')
    expect(type('12000,50')).toBe('12000.50')
    expect(input.value).toBe('12000,50')
    expect(type('12 000,5')).toBe('12000.5')
    expect(type('12000.50')).toBe('12000.50')
    expect(input.type).toBe('text')
    expect(input.inputMode).toBe('decimal')
  })

  it('reads English grouping commas, and hands over text that is no number as typed (the API refuses it)', async () => {
    const { type } = await setup('en')
    expect(type('12,000.50')).toBe('12000.50')
    expect(type('12,5')).toBe('12,5')
    expect(type('abc')).toBe('abc')
  })

  it('shows a value set from outside (a cleared form)', async () => {
    const { input, type } = await setup('pl')
    type('7,25')
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(input.value).toBe('')
  })
})

describe('NumberInput (whole numbers)', () => {
  it('stays the browser number field', async () => {
    render(
      <I18nProvider i18n={await createI18n('pl')}>
        <NumberInput label="Repetitions" step="1" defaultValue="12" />
      </I18nProvider>,
    )
    expect((screen.getByLabelText('Repetitions') as HTMLInputElement).type).toBe('number')
  })
})
