import { useLingui } from '@lingui/react/macro'
import { Link } from 'react-router'
import { Breadcrumb } from './Breadcrumb.tsx'

export const Logo = () => (
  <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
    <rect x="2" y="2" width="28" height="28" rx="6" fill="currentColor" opacity="0.15" />
    <path d="M8 23V9h13v3h-9v3h8v3h-8v5z" fill="currentColor" />
  </svg>
)

interface HeaderProps {
  menuOpen: boolean
  onMenu: () => void
  pathname?: string
}

/** Header: logo linking home, breadcrumb, menu button. */
export const Header = ({ menuOpen, onMenu, pathname }: HeaderProps) => {
  const { t } = useLingui()
  return (
    <header className="header">
      <Link to="/" className="header__logo" aria-label={t`Finance — home`}>
        <Logo />
        <span className="header__name">Finance</span>
      </Link>
      <Breadcrumb pathname={pathname} />
      <button
        type="button"
        className="header__menu-button"
        aria-expanded={menuOpen}
        aria-controls="site-menu"
        onClick={onMenu}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
        </svg>
        <span className="visually-hidden">{t`Menu`}</span>
      </button>
    </header>
  )
}
