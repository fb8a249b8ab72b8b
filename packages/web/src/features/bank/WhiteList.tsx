/**
 * The VAT payers' white list on the Bank screen: the payments above 15 000 zł it concerns, each with the evidence
 * kept (which list, of which day, what it said) and a warning when the account was not on the list (uPIT art. 22p,
 * uVAT art. 117ba); and a button to check them against the Ministry's daily flat file, which the user downloads.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import { useFormat } from '../../i18n/format.ts'
import { Button, Section } from '../../ui/index.ts'
import type { BankAction, WhiteListPayment } from './types.ts'

/** The flat file reader's refusals (the API answers in English), in the user's language. */
export const WHITE_LIST_SERVER: Record<string, MessageDescriptor> = {
  'The file is not the JSON flat file of the VAT payers list': msg`The file is not the JSON flat file of the VAT payers list`,
  'The file has no header (naglowek)': msg`The file has no header (naglowek)`,
  'The header (naglowek) is not valid JSON': msg`The header (naglowek) is not valid JSON`,
  'The header has no valid date (dataGenerowaniaDanych, YYYYMMDD)': msg`The header has no valid date (dataGenerowaniaDanych, YYYYMMDD)`,
  'The header has no valid number of transformations (liczbaTransformacji)': msg`The header has no valid number of transformations (liczbaTransformacji)`,
  'The masks (maski) are not a JSON list': msg`The masks (maski) are not a JSON list`,
  'A mask (maski) is not 26 characters of digits, X and Y': msg`A mask (maski) is not 26 characters of digits, X and Y`,
}

const RESULT: Record<NonNullable<WhiteListPayment['check']>['result'], MessageDescriptor> = {
  active: msg`on the list: active VAT payer`,
  exempt: msg`on the list: exempt from VAT`,
  listed: msg`on the list`,
  absent: msg`not on the list`,
}

export const WhiteList = ({
  payments,
  money,
  act,
  busy,
}: {
  payments: readonly WhiteListPayment[]
  money: (v: string | null) => string
  act: (a: BankAction) => void
  busy: boolean
}) => {
  const { i18n } = useLingui()
  const f = useFormat()
  const input = useRef<HTMLInputElement>(null)
  const group = (account: string) =>
    account.replace(/(.{2})(.{4})(.{4})(.{4})(.{4})(.{4})(.{4})/, '$1 $2 $3 $4 $5 $6 $7')
  return (
    <Section id="bank-whitelist" className="bank-whitelist" title={<Trans>White list of VAT payers</Trans>}>
      <p className="muted">
        <Trans>
          A payment of more than PLN 15,000 to a VAT payer must go to an account on the Ministry of Finance's list on
          the day of the transfer; otherwise it is not a tax cost (art. 22p of the PIT act) and you answer for the
          supplier's VAT (art. 117ba of the VAT act), unless you paid by split payment or told the tax office within 7
          days. Check the payments against the daily flat file (plik płaski) from podatki.gov.pl, unpacked to JSON: the
          answer is kept as evidence.
        </Trans>
      </p>
      <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
        <Trans>Check against a flat file</Trans>
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="bank-whitelist-file"
        onChange={(e) => {
          const file = e.target.files?.[0]
          if (file) act({ type: 'importWhiteList', file })
          e.target.value = ''
        }}
      />
      {payments.length === 0 ? (
        <p className="muted">
          <Trans>No payment above PLN 15,000 to a VAT payer in the books.</Trans>
        </p>
      ) : (
        <ul className="bank-whitelist__list">
          {payments.map((p) => (
            <li
              key={p.lineId}
              className={p.warning ? 'bank-whitelist__warning' : ''}
              role={p.warning ? 'alert' : undefined}
            >
              <strong>
                {f.date(p.bookingDate)} · {money(p.amount)} · {p.counterparty}
              </strong>{' '}
              <span className="muted">
                NIP {p.nip}, {group(p.account)}
                {p.expenses.length > 0 && ` — ${p.expenses.map((x) => x.documentNumber || x.id).join(', ')}`}
              </span>
              <br />
              {p.check ? (
                <>
                  <span className="bank-whitelist__result">{i18n._(RESULT[p.check.result])}</span>{' '}
                  <Trans>(list of {f.date(p.check.listDate)})</Trans>
                  {p.check.requestId && (
                    <>
                      {' · '}
                      <Trans>query {p.check.requestId}</Trans>
                    </>
                  )}
                </>
              ) : (
                <Trans>not checked yet</Trans>
              )}
              {p.splitPayment && (
                <>
                  {' · '}
                  <Trans>paid by split payment</Trans>
                </>
              )}
              {p.warning && (
                <p className="bank-whitelist__why">
                  <Trans>
                    The account was not on the list: the payment is not a tax cost (art. 22p of the PIT act) and you are
                    jointly liable for the supplier's VAT (art. 117ba of the VAT act), unless you notified the
                    supplier's tax office (ZAW-NR) within 7 days of the transfer. The books do not take the cost out
                    themselves: if you did not notify, mark the expense "Not a tax-deductible cost (outside the book)".
                  </Trans>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
