import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { applyMode } from './ui/displayMode.ts'
import { activateLocale, storedLocale } from './i18n.ts'
import './styles.css'

applyMode()
activateLocale(storedLocale()).then(() => {
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing in index.html')
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  )
})
