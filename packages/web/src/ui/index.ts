export { Button, type ButtonProps } from './Button.tsx'
export { Card, type CardProps } from './Card.tsx'
export { DateField, type DateFieldProps } from './DatePicker.tsx'
export { ConfirmDialog } from './ConfirmDialog.tsx'
export { type FocusTrapOptions, tabbables, useFocusTrap } from './focusTrap.ts'
export {
  Checkbox,
  Field,
  FieldError,
  type ValueFieldProps,
  FormErrors,
  NumberInput,
  Options,
  SecretInput,
  Select,
  type SelectOption,
  TextInput,
} from './Field.tsx'
export { FileDrop, type FileDropProps } from './FileDrop.tsx'
export { FileInput, type FileInputProps } from './FileInput.tsx'
export { Loader } from './Loader.tsx'
export {
  createMessageStore,
  type Message,
  type MessageKind,
  MessagePopups,
  type MessageStore,
  messageStore,
  messageTimeouts,
  useMessages,
} from './messages.tsx'
export { Modal, type ModalProps } from './Modal.tsx'
export { PencilToggle, TrashButton } from './PencilToggle.tsx'
export { PeriodNav, type PeriodNavProps, periodSteps, YearNav } from './PeriodNav.tsx'
export { type HeadColumn, TableHead } from './TableHead.tsx'
export { Tile, TileGroup, TilePage } from './Tile.tsx'
export { Icon, type IconName } from './icons.tsx'
export { ConnectionFailed, LoadFailed, Page, PeriodActions, type PageProps } from './Page.tsx'
export { settle } from './settle.ts'
export { DataTable, type DataTableProps } from './DataTable.tsx'
export { Section } from './Section.tsx'
export { commonCurrenciesFirst } from './currencies.ts'
