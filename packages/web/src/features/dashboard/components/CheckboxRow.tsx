import type { ReactNode } from 'react'
import { Checkbox } from '../../../ui/Field.tsx'

/** A row of checkboxes, one per key with its label, under the given `<legend>`; `onChange` gets the key and its state. */
export const CheckboxRow = <K extends string>({
  legend,
  className,
  items,
  checked,
  onChange,
}: {
  legend: ReactNode
  /** A class beside `checkbox-row`. */
  className?: string
  items: readonly (readonly [K, string])[]
  checked: (key: K) => boolean
  onChange: (key: K, value: boolean) => void
}) => (
  <fieldset className={`checkbox-row${className ? ` ${className}` : ''}`}>
    {legend}
    {items.map(([key, label]) => (
      <Checkbox
        key={key}
        label={label}
        checked={checked(key)}
        onChange={(e) => onChange(key, e.currentTarget.checked)}
      />
    ))}
  </fieldset>
)
