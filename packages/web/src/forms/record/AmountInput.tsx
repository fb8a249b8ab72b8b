import { useState } from 'react'
import { TextInput, type ValueFieldProps } from '../../ui/index.ts'
import { formatDecimal, parseDecimal } from '../../i18n/number.ts'
import { useLanguage } from './language.ts'

export interface AmountInputProps extends ValueFieldProps {
  /** A decimal string (`"1234.50"`), '' or what the user typed when it is not a number. */
  value: string
  /** 2 for money (shown as `1 234,50`); undefined for percents (shown as typed, `8,5`). */
  fractionDigits?: number
  suffix?: string
}

/**
 * A money or percent input typed and shown with the language's number format (pl `1 234,50`, en `1,234.50`).
 * The value handed out is a decimal string with a dot (`"1234.50"`) — never a float — or the raw text while it is
 * not a number, so validation can name the problem.
 */
export const AmountInput = ({ label, value, onChange, fractionDigits, suffix, ...field }: AmountInputProps) => {
  const language = useLanguage()
  const [text, setText] = useState<string | null>(null)
  const formatted = value === '' ? '' : formatDecimal(value, language, { fractionDigits })
  return (
    <TextInput
      label={
        suffix ? (
          <>
            {label} ({suffix})
          </>
        ) : (
          label
        )
      }
      {...field}
      inputMode="decimal"
      autoComplete="off"
      className="amount-input"
      value={text ?? formatted}
      onFocus={() => setText(formatted)}
      onBlur={() => setText(null)}
      onChange={(e) => {
        const typed = e.target.value
        setText(typed)
        onChange(typed.trim() === '' ? '' : (parseDecimal(typed, language) ?? typed))
      }}
    />
  )
}
