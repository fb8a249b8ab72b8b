import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const SettingsPage = lazyPage(() => import('./SettingsPage.tsx'), 'SettingsPage')

/** The settings screen (SPEC §2): language, display mode, account and data. */
export const settingsRoutes: AppRoute[] = [{ path: 'settings', element: <SettingsPage /> }]
