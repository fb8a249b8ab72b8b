import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { api } from '../../api/client.ts'
import { Card } from '../../ui/index.ts'

/**
 * The invitation to the first-run set-up, for a user whose books have no tax settings yet: without them a business
 * started before today would silently owe nothing for its first months. Says nothing while it asks, or when the
 * question fails (the screens that need the settings say so themselves).
 */
export const SetupPrompt = ({ hasSettings = defaultHasSettings }: { hasSettings?: () => Promise<boolean> }) => {
  const [needed, setNeeded] = useState(false)
  useEffect(() => {
    let live = true
    hasSettings().then(
      (has) => live && setNeeded(!has),
      () => {},
    )
    return () => {
      live = false
    }
  }, [hasSettings])
  if (!needed) return null
  return (
    <Card title={<Trans>Set up your books</Trans>}>
      <p>
        <Trans>
          Tell us when your business started, whether you pay VAT, your form of taxation and your ZUS, and the books
          will count what you owe from the first month.
        </Trans>
      </p>
      <Link className="btn btn--primary" to="/setup">
        <Trans>Start the set-up</Trans>
      </Link>
    </Card>
  )
}

/** Any PIT, VAT or ZUS setting: the three lists, read at once. */
const defaultHasSettings = async (): Promise<boolean> => {
  const lists = await Promise.all(
    ['Pit', 'Vat', 'SocialSecurity'].map((t) => api.get<unknown[]>(`fee/GetListByType/${t}`)),
  )
  return lists.some((l) => l.length > 0)
}

/** Settings' way back into the set-up: to change when things started, or to add a year's form of taxation. */
export const SetupAgainCard = () => (
  <Card title={<Trans>Set-up of the books</Trans>}>
    <p>
      <Trans>
        Go through the set-up again to change the company data, when VAT and ZUS started, or the form of taxation of a
        year. Each answer is saved as a setting from its day; earlier settings stay.
      </Trans>
    </p>
    <Link className="btn btn--secondary" to="/setup">
      <Trans>Open the set-up</Trans>
    </Link>
  </Card>
)
