import { useFormat } from '../../../i18n/format.ts'
import { money2 } from '../money.ts'

/** A money amount with two decimals and the currency in the UI language (SPEC §1: zloty with two decimals). */
export const Amount = ({ value, className }: { value: string | undefined | null; className?: string }) => {
  const fmt = useFormat()
  const plain = money2(value)
  return (
    <span className={`amount${plain.startsWith('-') ? ' amount--negative' : ''}${className ? ` ${className}` : ''}`}>
      {fmt.money(plain)}
    </span>
  )
}
