import { roleName } from '../app/access.ts'
import { useSession } from '../session/SessionContext.tsx'
import { UserTiles } from './HomePage.tsx'

/** User home: the user section of home. */
export const UserHomePage = () => {
  const { loggedIn, role } = useSession()
  return <UserTiles loggedIn={loggedIn} admin={loggedIn && roleName(role) === 'ADMIN'} />
}
