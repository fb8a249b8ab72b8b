import { Trans } from '@lingui/react/macro'
import { Card } from '../../ui/Card.tsx'
import { Tile } from '../../ui/Tile.tsx'
import { useQueryOnce } from '../../routing/query.ts'
import { useTranslateMessage } from '../../i18n/useTranslateMessage.ts'

/** Confirmation (SPEC §2): message, optional sub-message, a Login box only when showLogin is the text true. */
export const ConfirmationPage = () => {
  const tm = useTranslateMessage()
  const q = useQueryOnce(['message', 'subMessage', 'showLogin'])
  return (
    <Card headingLevel={1} title={<Trans>Confirmation</Trans>}>
      <div className="confirmation" role="status">
        {q.message && <p className="confirmation__message">{tm(q.message)}</p>}
        {q.subMessage && <p className="confirmation__sub">{tm(q.subMessage)}</p>}
      </div>
      {q.showLogin === 'true' && (
        <div className="tile-group__tiles">
          <Tile to="/user/login" title={<Trans>Login</Trans>} icon="login" />
        </div>
      )}
    </Card>
  )
}
