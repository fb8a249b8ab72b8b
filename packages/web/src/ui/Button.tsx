import type { ButtonHTMLAttributes, Ref } from 'react'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'link'
  ref?: Ref<HTMLButtonElement>
}

/** A button; `type` defaults to "button" so only explicit submit buttons submit forms. */
export const Button = ({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) => (
  <button type={type} className={`btn btn--${variant}${className ? ` ${className}` : ''}`} {...rest} />
)
