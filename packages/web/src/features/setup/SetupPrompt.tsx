import { Trans } from '@lingui/react/macro'
import { type ReactNode, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { api } from '../../api/client.ts'
import { Card, settle } from '../../ui/index.ts'

/**
 * The invitation to the first-run set-up, for a user whose books have no tax settings yet: without them a business
 * started before today would silently owe nothing for its first months. Says nothing while it asks, or when the
 * question fails (the screens that need the settings say so themselves).
 */
export const SetupPrompt = ({ hasSettings = defaultHasSettings }: { hasSettings?: () => Promise<boolean> }) => {
  const [needed, setNeeded] = useState(false)
  useEffect(
    () =>
      settle(
        hasSettings(),
        (has) => setNeeded(!has),
        () => {},
      ),
    [hasSettings],
  )
  if (!needed) return null
  return (
    <SetupCard title={<Trans>Set up your books</Trans>} primary link={<Trans>Start the set-up</Trans>}>
      <Trans>
        Tell us when your business started, whether you pay VAT, your form of taxation and your ZUS, and the books will
        count what you owe from the first month.
      </Trans>
    </SetupCard>
  )
}

/** A card that leads to the set-up: what it is for, and the link there. */
const SetupCard = ({
  title,
  primary = false,
  link,
  children,
}: {
  title: ReactNode
  primary?: boolean
  link: ReactNode
  children: ReactNode
}) => (
  <Card title={title}>
    <p>{children}</p>
    <Link className={`btn btn--${primary ? 'primary' : 'secondary'}`} to="/setup">
      {link}
    </Link>
  </Card>
)

/** Any PIT, VAT or ZUS setting: the three lists, read at once. */
const defaultHasSettings = async (): Promise<boolean> => {
  const lists = await Promise.all(
    ['Pit', 'Vat', 'SocialSecurity'].map((t) => api.get<unknown[]>(`fee/GetListByType/${t}`)),
  )
  return lists.some((l) => l.length > 0)
}

/** Settings' way back into the set-up: to change when things started, or to add a year's form of taxation. */
export const SetupAgainCard = () => (
  <SetupCard title={<Trans>Set-up of the books</Trans>} link={<Trans>Open the set-up</Trans>}>
    <Trans>
      Go through the set-up again to change the company data, when VAT and ZUS started, or the form of taxation of a
      year. Each answer is saved as a setting from its day; earlier settings stay.
    </Trans>
  </SetupCard>
)
