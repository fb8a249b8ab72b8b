import { Trans, useLingui } from '@lingui/react/macro'
import { roleName } from '../../routing/access.ts'
import { useSession } from '../../session/SessionContext.tsx'
import { Tile, TileGroup } from '../../ui/Tile.tsx'
import { companyTiles } from '../company/companyTiles.ts'
import { SetupPrompt } from '../setup/SetupPrompt.tsx'

/** Home (SPEC §2): sections and tiles per role. */
export const HomePage = () => {
  const { loggedIn, role } = useSession()
  const { i18n } = useLingui()
  const admin = loggedIn && roleName(role) === 'ADMIN'
  return (
    <div className="home">
      <h1 className="page-title">Finance</h1>
      {loggedIn && <SetupPrompt />}
      {loggedIn && (
        <TileGroup title={<Trans>Dashboard</Trans>}>
          <Tile to="/dashboard/monthly" title={<Trans>Monthly</Trans>} icon="calendar" />
          <Tile to="/dashboard/yearly" title={<Trans>Yearly</Trans>} icon="chart" />
        </TileGroup>
      )}
      {loggedIn && (
        <TileGroup title={<Trans>Company</Trans>}>
          {companyTiles.map((tile) => (
            <Tile key={tile.to} to={tile.to} title={i18n._(tile.title)} icon={tile.icon} />
          ))}
        </TileGroup>
      )}
      <UserTiles loggedIn={loggedIn} admin={admin} />
      <TileGroup title={<Trans>Other</Trans>}>
        <Tile to="/settings" title={<Trans>Settings</Trans>} icon="settings" />
        {admin && <Tile to="/logs" title={<Trans>Logs</Trans>} icon="logs" />}
      </TileGroup>
    </div>
  )
}

export const UserTiles = ({
  loggedIn,
  admin,
  titled = true,
}: {
  loggedIn: boolean
  admin: boolean
  /** `false` on the user page, whose own heading already says User. */
  titled?: boolean
}) => (
  <TileGroup title={titled ? <Trans>User</Trans> : undefined}>
    {!loggedIn && <Tile to="/user/login" title={<Trans>Login</Trans>} icon="login" />}
    {admin && <Tile to="/user/register" title={<Trans>Register</Trans>} icon="register" />}
    {loggedIn && <Tile to="/user/changepassword" title={<Trans>Password</Trans>} icon="password" />}
    {loggedIn && <Tile to="/user/logout" title={<Trans>Logout</Trans>} icon="logout" />}
  </TileGroup>
)
