import { type ComponentType, lazy } from 'react'

/**
 * A screen loaded on demand from its module's named export, so it stays out of the initial bundle:
 * `const Page = lazyPage(() => import('./Page.tsx'), 'Page')`; the screen keeps its props.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy takes a component of any props; they are checked where the page is rendered
export const lazyPage = <M extends Record<K, ComponentType<any>>, K extends string>(
  loader: () => Promise<M>,
  name: K,
) => lazy(() => loader().then((m) => ({ default: m[name] })))
