import { type ReactNode, useRef, useState } from 'react'
import { Button } from './Button.tsx'
import './FileDrop.css'

export type FileDropProps = {
  /** The zone's accessible name ("Drop zone for statement files"). */
  label: string
  /** The line above the button ("Drag statement files here, or"). */
  prompt: ReactNode
  /** The button that opens the file chooser (the keyboard's way in): "Choose files". */
  choose: ReactNode
  /** The id of the text that explains what to drop; the button is described by it. */
  describedBy?: string
  disabled?: boolean
  /** The file chooser's `accept` filter. */
  accept?: string
  /** The hidden file input's test id (stories, tests and journeys set files on it). */
  testId: string
  /** Called with the dropped or chosen files, never with none. */
  onFiles: (files: File[]) => void
  /** What the zone holds below the button: options, progress. */
  children?: ReactNode
}

/**
 * A zone to drop files on, with a button that opens the file chooser: the one way in for imported files (bank
 * statements, KSeF invoices). The zone is outlined while files are dragged over it; the chooser is cleared after each
 * choice, so the same file can be chosen again.
 */
export const FileDrop = ({
  label,
  prompt,
  choose,
  describedBy,
  disabled,
  accept,
  testId,
  onFiles,
  children,
}: FileDropProps) => {
  const [over, setOver] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const add = (list: FileList | null) => {
    if (list && list.length > 0) onFiles([...list])
  }
  return (
    <section
      className={`file-drop${over ? ' file-drop--over' : ''}`}
      aria-label={label}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault()
        setOver(false)
        add(e.dataTransfer.files)
      }}
    >
      <p>{prompt}</p>
      <Button
        variant="secondary"
        onClick={() => input.current?.click()}
        aria-describedby={describedBy}
        disabled={disabled}
      >
        {choose}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple
        hidden
        data-testid={testId}
        onChange={(e) => {
          add(e.target.files)
          e.target.value = ''
        }}
      />
      {children}
    </section>
  )
}
