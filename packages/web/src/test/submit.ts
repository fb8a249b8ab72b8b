import { fireEvent, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'

/** Clicks the form's button named `button`, waits for the one record it saves and gives that record's data. */
export const submitOne = async (
  form: HTMLElement,
  button: string,
  services: { records(): readonly { dataObject: Record<string, unknown> }[] },
): Promise<Record<string, unknown>> => {
  fireEvent.click(within(form).getByRole('button', { name: button }))
  await waitFor(() => expect(services.records()).toHaveLength(1))
  return services.records()[0]!.dataObject
}
