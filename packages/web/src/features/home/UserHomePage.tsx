import { Trans } from '@lingui/react/macro'
import { roleName } from '../../routing/access.ts'
import { useSession } from '../../session/SessionContext.tsx'
import { UserTiles } from './HomePage.tsx'

/** User home: the user section of home. */
export const UserHomePage = () => {
  const { loggedIn, role } = useSession()
  return (
    <div className="home">
      <h1 className="page-title">
        <Trans>User</Trans>
      </h1>
      <UserTiles loggedIn={loggedIn} admin={loggedIn && roleName(role) === 'ADMIN'} titled={false} />
    </div>
  )
}
