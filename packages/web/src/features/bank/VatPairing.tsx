/**
 * The split-payment VAT account (rachunek VAT, uVAT art. 62a) pairs with the business account it belongs to: the
 * VAT part of a split payment lands there, and a transfer between the two is the user's own. Each account other
 * than a paired business account can be marked the VAT account of another; a VAT account can be unpaired.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Select } from '../../ui/index.ts'
import type { BankAccount, BankAction } from './types.ts'

const group = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ')

export const VatPairing = ({
  accounts,
  act,
  busy,
}: {
  accounts: readonly BankAccount[]
  act: (a: BankAction) => void
  busy: boolean
}) => {
  const { t } = useLingui()
  if (accounts.length < 2) return null
  const name = (a: BankAccount) => (a.name !== group(a.iban) ? `${a.name} (${group(a.iban)})` : group(a.iban))
  const paired = new Set(accounts.flatMap((a) => (a.kind === 'vat' && a.pairedWith !== null ? [a.pairedWith] : [])))
  return (
    <section aria-labelledby="bank-vat-accounts" className="bank-vat-accounts">
      <h3 id="bank-vat-accounts">
        <Trans>VAT accounts (split payment)</Trans>
      </h3>
      <ul>
        {accounts.map((a) => {
          if (a.kind === 'vat') {
            const of = accounts.find((b) => b.id === a.pairedWith)
            const owner = of ? name(of) : '—'
            return (
              <li key={a.id}>
                <Trans>
                  {name(a)} is the VAT account of {owner}
                </Trans>{' '}
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => act({ type: 'pairAccount', account: a, pairedWith: null })}
                >
                  <Trans>Unpair</Trans>
                </Button>
              </li>
            )
          }
          if (paired.has(a.id)) return null
          const options = accounts
            .filter((b) => b.id !== a.id && b.kind === 'business')
            .map((b) => ({ value: String(b.id), label: name(b) }))
          if (options.length === 0) return null
          return (
            <li key={a.id}>
              <Select
                label={t`${name(a)} is the VAT account of`}
                options={options}
                placeholder={t`— not a VAT account —`}
                value=""
                disabled={busy}
                onChange={(e) => {
                  const id = Number(e.currentTarget.value)
                  if (id > 0) act({ type: 'pairAccount', account: a, pairedWith: id })
                }}
              />
            </li>
          )
        })}
      </ul>
    </section>
  )
}
