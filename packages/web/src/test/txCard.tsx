import { render } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { TxCard } from '../features/dashboard/components/TxCard.tsx'
import { i18nFor, withProviders } from '../features/dashboard/testing.tsx'
import type { Locale } from '../i18n.ts'

/** The monthly dashboard's card of `transaction` under `title`, alone, in `locale` (its flags go nowhere). */
export const renderTxCard = async (
  locale: Locale,
  transaction: ComponentProps<typeof TxCard>['transaction'],
  title: string,
) =>
  render(
    withProviders(
      await i18nFor(locale),
      <TxCard transaction={transaction} title={title} onFlags={() => {}}>
        {null}
      </TxCard>,
    ),
  )
