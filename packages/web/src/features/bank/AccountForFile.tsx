/**
 * The account of a statement file that does not say which account it is for (PKO BP's CSV history): refused on
 * import with `bank.csv.account`, it is imported again with the account the user chooses here, one of the accounts
 * the books know or a number typed in (an NRB or an IBAN, its check digits checked before it is sent).
 */
import { normalizeIban } from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Button, Select, TextInput } from '../../ui/index.ts'
import type { BankAccount } from './types.ts'

const group = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ')

/** The choice of "another account" in the list of known ones. */
const OTHER = ''

export const AccountForFile = ({
  fileName,
  accounts,
  busy,
  onAccount,
}: {
  fileName: string
  accounts: readonly BankAccount[]
  busy: boolean
  /** The account chosen or typed, as an IBAN (`PL` + 26 digits for an NRB). */
  onAccount: (iban: string) => void
}) => {
  const { t } = useLingui()
  const [choice, setChoice] = useState(accounts[0]?.iban ?? OTHER)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (choice !== OTHER) return onAccount(choice)
    const iban = normalizeIban(typed)
    if (iban === null) {
      setError(
        typed.trim() === ''
          ? t`Enter the account number of this file`
          : t`This is not a valid account number: enter 26 digits (NRB) or an IBAN and check the digits`,
      )
      return
    }
    setError(null)
    onAccount(iban)
  }
  return (
    <form
      className="bank-rules__form bank-report__account"
      aria-label={t`The account of ${fileName}`}
      onSubmit={submit}
    >
      {accounts.length > 0 && (
        <Select
          label={t`Account of this file`}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value)
            setError(null)
          }}
          options={[
            ...accounts.map((a) => ({
              value: a.iban,
              label: a.name === group(a.iban) ? group(a.iban) : `${a.name} — ${group(a.iban)}`,
            })),
            { value: OTHER, label: t`Another account…` },
          ]}
        />
      )}
      {choice === OTHER && (
        <TextInput
          label={t`Account number (NRB or IBAN)`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
          size={34}
        />
      )}
      <Button type="submit" disabled={busy}>
        <Trans>Import with this account</Trans>
      </Button>
    </form>
  )
}
