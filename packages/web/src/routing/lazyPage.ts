import { type ComponentType, lazy } from 'react'

/**
 * A screen loaded on demand from its module's named export, so it stays out of the initial bundle:
 * `const Page = lazyPage(() => import('./Page.tsx'), 'Page')`.
 */
export const lazyPage = <K extends string>(loader: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => loader().then((m) => ({ default: m[name] })))
