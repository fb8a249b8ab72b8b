import { lazyPage } from '../../routing/lazyPage.ts'
import type { AppRoute } from '../../routing/types.ts'

const SetupWizard = lazyPage(() => import('./SetupWizard.tsx'), 'SetupWizard')

/** The first-run set-up, also reopened from Settings. */
export const setupRoutes: AppRoute[] = [{ path: 'setup', element: <SetupWizard />, auth: true }]
