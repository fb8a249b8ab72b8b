import { money2 } from '../money.ts'

/** A money amount with two decimals and the currency (SPEC §1: zloty with two decimals). */
export const Amount = ({ value, className }: { value: string | undefined | null; className?: string }) => {
  const text = money2(value)
  return (
    <span className={`amount${text.startsWith('-') ? ' amount--negative' : ''}${className ? ` ${className}` : ''}`}>
      {text}&nbsp;zł
    </span>
  )
}
