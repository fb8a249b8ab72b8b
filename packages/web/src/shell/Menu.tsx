import { useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import { NavLink } from 'react-router'
import { roleName } from '../routing/access.ts'
import { useSession } from '../session/SessionContext.tsx'
import { useFocusTrap } from '../ui/focusTrap.ts'
import { type MenuItem, menuFor } from './menuItems.ts'

type Props = {
  open: boolean
  pinned: boolean
  onClose: () => void
  onTogglePin: () => void
}

/**
 * The slide-in menu (SPEC §2): logged-in or logged-out items, a pin that keeps it open. Open and unpinned it keeps
 * the keyboard inside until Escape, the close button, the backdrop or a link closes it.
 */
export const Menu = ({ open, pinned, onClose, onTogglePin }: Props) => {
  const { i18n, t } = useLingui()
  const { loggedIn, role } = useSession()
  const items = menuFor(loggedIn, roleName(role) === 'ADMIN')
  const panel = useRef<HTMLElement>(null)
  const visible = open || pinned

  const pinnedNow = useRef(pinned)
  pinnedNow.current = pinned
  // Unpinned and open, the menu is modal: focus moves in, Tab stays inside, the page behind is inert (but for the
  // backdrop that closes the menu and the status messages), Escape closes it, and focus goes back to what opened it
  // (the menu button). Pinning keeps the menu on screen beside the page, so focus then stays where it is.
  useFocusTrap(panel, open && !pinned, {
    onEscape: onClose,
    returnFocus: () => !pinnedNow.current,
    inertOutside: true,
    keepOutside: '.menu-backdrop, .popups',
  })

  const close = () => {
    if (!pinned) onClose()
  }

  const renderItems = (list: MenuItem[], level: number) => (
    <ul className={`menu__list menu__list--${level}`}>
      {list.map((item) => (
        <li key={item.label.id ?? item.to}>
          {item.to ? (
            <NavLink to={item.to} end className="menu__link" onClick={close}>
              {i18n._(item.label)}
            </NavLink>
          ) : (
            <span className="menu__heading">{i18n._(item.label)}</span>
          )}
          {item.children && item.children.length > 0 && renderItems(item.children, level + 1)}
        </li>
      ))}
    </ul>
  )

  return (
    <>
      {open && !pinned && <div className="menu-backdrop" aria-hidden="true" onClick={onClose} />}
      <nav
        id="site-menu"
        ref={panel}
        className={`menu${visible ? ' menu--open' : ''}${pinned ? ' menu--pinned' : ''}`}
        aria-label={t`Menu`}
        aria-hidden={!visible}
        inert={!visible}
      >
        <div className="menu__top">
          <button type="button" className="menu__pin" aria-pressed={pinned} onClick={onTogglePin}>
            {pinned ? t`Unpin menu` : t`Pin menu`}
          </button>
          {!pinned && (
            <button type="button" className="menu__close" aria-label={t`Close menu`} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        {renderItems(items, 0)}
      </nav>
    </>
  )
}
