import { type ComponentProps, type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react'

/** A screen loaded on demand: whether its last load failed, and how to start it anew. */
interface Entry {
  failed: boolean
  readonly renew: () => void
}

const entries = new Set<Entry>()

/**
 * Stylesheets of a chunk that could not be loaded (the server down). Vite links a chunk's CSS before the chunk and
 * never links a stylesheet again once it was tried, so a link that failed would leave the retried screen without its
 * styles: a retry puts a new link in its place (the browser fetches it again), and the screens wait for it.
 */
const failedStylesheets = new Set<HTMLLinkElement>()
if (typeof document !== 'undefined')
  document.addEventListener(
    'error',
    (e) => {
      if (e.target instanceof HTMLLinkElement && e.target.rel === 'stylesheet') failedStylesheets.add(e.target)
    },
    true,
  )
/** The stylesheets linked anew by the last retry, settled (loaded or failed again). */
let stylesheetsRelinked: Promise<unknown> = Promise.resolve()

const relinkFailedStylesheets = () => {
  const relinked = [...failedStylesheets].map((link) => {
    const again = link.cloneNode() as HTMLLinkElement
    const settled = new Promise((settle) => {
      again.addEventListener('load', settle, { once: true })
      again.addEventListener('error', settle, { once: true })
    })
    link.replaceWith(again)
    return settled
  })
  failedStylesheets.clear()
  stylesheetsRelinked = Promise.all(relinked)
}

/** Whether the server answers now: the app's own page, asked past every cache. */
const serverAnswers = (): Promise<boolean> =>
  fetch('/', { cache: 'no-store' }).then(
    (r) => r.ok,
    () => false,
  )

/**
 * Loads again, on their next render, the screens whose chunk could not be loaded: React.lazy keeps a failed import
 * for good, so each such screen gets a new lazy component (after its failed stylesheets are linked anew). Called by
 * the screen's error boundary when it is mounted (the user navigated to a screen) and by its "Try again"; a failure
 * seen while rendering never retries by itself, so a server that is down is not asked again and again.
 */
export const retryFailedScreens = (): void => {
  let retried = false
  for (const entry of entries) {
    if (!entry.failed) continue
    entry.failed = false
    entry.renew()
    retried = true
  }
  if (retried && failedStylesheets.size > 0) relinkFailedStylesheets()
}

// biome-ignore lint/suspicious/noExplicitAny: any props: the screen's own, passed through as the route gives them
type AnyComponent = ComponentType<any>

/**
 * A screen loaded on demand from its module's named export, so it stays out of the initial bundle:
 * `const Page = lazyPage(() => import('./Page.tsx'), 'Page')`. A load that fails (the server down) is tried again
 * once the user asks for the screen again (`retryFailedScreens`), not only after the user reloads the page. A browser
 * keeps a module it could not fetch as failed for the page's life (Chromium does, and so does a chunk's module
 * preload), so when such a retry fails again while the server answers, the page is loaded anew at the same address:
 * the screen then comes with its code (and, after a new version was deployed, with the new one).
 */
export const lazyPage = <M extends { [k in K]: AnyComponent }, K extends string & keyof M>(
  loader: () => Promise<M>,
  name: K,
): ComponentType<ComponentProps<M[K]>> => {
  type P = ComponentProps<M[K]>
  const fresh = (retry: boolean): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      stylesheetsRelinked.then(loader).then(
        (m) => ({ default: m[name] as ComponentType<P> }),
        async (error: unknown) => {
          if (retry && (await serverAnswers())) {
            window.location.reload()
            // The screen waits (its loader shows) until the page is replaced.
            return new Promise<never>(() => {})
          }
          entry.failed = true
          throw error
        },
      ),
    )
  let current = fresh(false)
  const entry: Entry = {
    failed: false,
    renew: () => {
      current = fresh(true)
    },
  }
  entries.add(entry)
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen when its routes module loads (as React.lazy's own components are), never while rendering
  const Screen = (props: P) => createElement(current, props)
  Screen.displayName = `LazyPage(${name})`
  return Screen
}
