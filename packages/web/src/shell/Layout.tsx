import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { ScreenErrorBoundary } from '../routing/ErrorBoundary.tsx'
import { RouteRedirect } from '../routing/RouteRedirect.tsx'
import { readFlag, storageKeys, writeFlag } from '../storage.ts'
import { MessagePopups } from '../ui/messages.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { documentTitle } from './labels.ts'
import { Menu } from './Menu.tsx'
import { type Point, swipeDirection } from './menuItems.ts'
import { ScrollTop } from './ScrollTop.tsx'

/** The frame around every screen: header, menu, content (max 600 px), footer, popups, scroll-to-top. */
export const Layout = () => {
  const location = useLocation()
  const { i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const [pinned, setPinned] = useState(() => readFlag(storageKeys.pinned, false))
  const start = useRef<Point | null>(null)

  const togglePin = useCallback(() => {
    setPinned((p) => {
      writeFlag(storageKeys.pinned, !p)
      return !p
    })
    setOpen(false)
  }, [])

  // A new page closes the (unpinned) menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    setOpen(false)
  }, [location.pathname])

  // The tab names the screen (and follows the language).
  useEffect(() => {
    document.title = documentTitle(i18n, location.pathname)
  }, [i18n, location.pathname])

  useEffect(() => {
    const onStart = (e: TouchEvent) => {
      const touch = e.touches[0]
      start.current = touch ? { x: touch.clientX, y: touch.clientY, t: Date.now() } : null
    }
    const onEnd = (e: TouchEvent) => {
      const touch = e.changedTouches[0]
      if (!start.current || !touch) return
      const dir = swipeDirection(start.current, { x: touch.clientX, y: touch.clientY, t: Date.now() })
      start.current = null
      if (dir === 'left') setOpen(true)
      if (dir === 'right') setOpen(false)
    }
    document.addEventListener('touchstart', onStart, { passive: true })
    document.addEventListener('touchend', onEnd, { passive: true })
    return () => {
      document.removeEventListener('touchstart', onStart)
      document.removeEventListener('touchend', onEnd)
    }
  }, [])

  return (
    <div className={`site${pinned ? ' site--pinned' : ''}`}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Header
        menuOpen={open || pinned}
        onMenu={() => (pinned ? togglePin() : setOpen((o) => !o))}
        pathname={location.pathname}
      />
      <Menu open={open} pinned={pinned} onClose={() => setOpen(false)} onTogglePin={togglePin} />
      <main id="main" className="content" tabIndex={-1}>
        <ScreenErrorBoundary key={location.pathname}>
          <Outlet />
        </ScreenErrorBoundary>
      </main>
      <Footer />
      <ScrollTop />
      <MessagePopups />
      <RouteRedirect />
    </div>
  )
}
