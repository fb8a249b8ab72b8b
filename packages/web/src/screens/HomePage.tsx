import { Trans } from '@lingui/react/macro'
import { roleName } from '../app/access.ts'
import { useSession } from '../session/SessionContext.tsx'
import { Icon } from '../ui/icons.tsx'
import { Tile, TileGroup } from '../ui/Tile.tsx'

/** Home (SPEC §2): sections and tiles per role. */
export const HomePage = () => {
  const { loggedIn, role } = useSession()
  const admin = loggedIn && roleName(role) === 'ADMIN'
  return (
    <div className="home">
      <h1 className="page-title">
        <Trans>Finance</Trans>
      </h1>
      {loggedIn && (
        <TileGroup title={<Trans>Dashboard</Trans>}>
          <Tile to="/dashboard/monthly" title={<Trans>Monthly</Trans>} icon={<Icon name="calendar" />} />
          <Tile to="/dashboard/yearly" title={<Trans>Yearly</Trans>} icon={<Icon name="chart" />} />
        </TileGroup>
      )}
      {loggedIn && (
        <TileGroup title={<Trans>Company</Trans>}>
          <Tile to="/companydashboard/company" title={<Trans>Your company</Trans>} icon={<Icon name="company" />} />
          <Tile to="/companydashboard/fees" title={<Trans>Fees</Trans>} icon={<Icon name="fees" />} />
          <Tile to="/companydashboard/revenues" title={<Trans>Revenues</Trans>} icon={<Icon name="revenues" />} />
          <Tile to="/companydashboard/books" title={<Trans>Tax book</Trans>} icon={<Icon name="book" />} />
          <Tile to="/companydashboard/ksef" title={<Trans>KSeF invoices</Trans>} icon={<Icon name="logs" />} />
        </TileGroup>
      )}
      <UserTiles loggedIn={loggedIn} admin={admin} />
      <TileGroup title={<Trans>Other</Trans>}>
        <Tile to="/settings" title={<Trans>Settings</Trans>} icon={<Icon name="settings" />} />
        {admin && <Tile to="/logs" title={<Trans>Logs</Trans>} icon={<Icon name="logs" />} />}
      </TileGroup>
    </div>
  )
}

export const UserTiles = ({ loggedIn, admin }: { loggedIn: boolean; admin: boolean }) => (
  <TileGroup title={<Trans>User</Trans>}>
    {!loggedIn && <Tile to="/user/login" title={<Trans>Login</Trans>} icon={<Icon name="login" />} />}
    {admin && <Tile to="/user/register" title={<Trans>Register</Trans>} icon={<Icon name="register" />} />}
    {loggedIn && <Tile to="/user/changepassword" title={<Trans>Password</Trans>} icon={<Icon name="password" />} />}
    {loggedIn && <Tile to="/user/logout" title={<Trans>Logout</Trans>} icon={<Icon name="logout" />} />}
  </TileGroup>
)
