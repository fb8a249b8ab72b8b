/**
 * The web app's one forms module. Two kinds of form share it:
 * - record forms (company data, fee and revenue settings, items): a record loaded from and saved to the API with its
 *   version, client validation by the shared schemas, field specs rendered as inputs, a list with delete;
 * - submit forms (login, register, passwords): values, client validation, one submit call.
 * Screens import from here only; the files behind it may move.
 */

// Submit forms
export {
  createFormMachine,
  defaultFailure,
  type Failure,
  type FieldErrors,
  submitWith,
} from './submitMachine.ts'

// Record forms: panels, fields and hooks
export { AmountInput, type AmountInputProps } from './record/AmountInput.tsx'
export { ChecksumOverride, FormActions, FormMessages, RecordProblems } from './record/FormParts.tsx'
export {
  FieldInput,
  type FieldKind,
  type FieldSpec,
  FieldValues,
  fieldId,
  useDatePickerLabels,
  useFormatValue,
} from './record/fields.tsx'
export { useLanguage } from './record/language.ts'
export {
  type ListContext,
  type ListEmitted,
  type ListEvent,
  type ListMachine,
  listMachine,
} from './record/listMachine.ts'
export { useNotices, useNotify, useTranslateMessage } from './record/messages.ts'
export { type FieldGroup, RecordPanel } from './record/RecordPanel.tsx'
export {
  type FormEmitted as RecordFormEmitted,
  type FormMachine as RecordFormMachine,
  formMachine as recordFormMachine,
  type SaveRequest,
} from './record/recordFormMachine.ts'
export { ServicesProvider, useServices } from './record/services.tsx'
export { type RecordForm, type UseRecordFormOptions, useRecordForm } from './record/useRecordForm.ts'

// Records, services and values
export { isPolishCountry } from './lib/ids.ts'
export {
  formatDecimal,
  formatMoneyText,
  formatMoneyWithCurrency,
  formatPercentText,
  isDecimalString,
  type Language,
  parseDecimal,
} from '../i18n/number.ts'
export { type Draft, deepEqual, getIn, setIn } from './lib/paths.ts'
export {
  areaOf,
  type CompanyDataType,
  eventTypes,
  type FeeItemDataType,
  type ItemDataType,
  type RecordDto,
  type RevenueItemDataType,
  type SettingDataType,
} from './lib/records.ts'
export {
  apiServices,
  type CurrencyPreview,
  currentOf,
  type MemoryOptions,
  memoryServices,
  type RecordServices,
  type ServiceDataType,
  staleError,
  withTotals,
} from './lib/services.ts'
/** SPEC §8's message for a server that cannot be reached (status 0), for the screens that show errors themselves. */
export { CONNECTION_ERROR } from './lib/apiErrors.ts'
