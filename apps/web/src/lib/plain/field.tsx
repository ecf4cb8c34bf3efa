import type { ReactNode } from 'react';
import './plain.css';

/** What a field's control carries so that its label, help and message are read with it. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  help?: ReactNode;
  message?: string;
  /** Radios and check boxes: a fieldset named by its legend instead of a label. */
  isGroup?: boolean;
  testId?: string;
  children(control: ControlProps): ReactNode;
}

/**
 * One field of a public page (the form, the public link, the answer page): its label (or legend), its
 * control, help text and message, the last two tied to the control by `aria-describedby`, the control
 * marked invalid while a message shows.
 */
export function Field({ id, label, required, help, message, isGroup, testId, children }: FieldProps) {
  const helpId = `${id}-help`;
  const messageId = `${id}-message`;
  const describedBy = [help ? helpId : null, message ? messageId : null].filter(Boolean).join(' ');
  const control: ControlProps = {
    id,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': message ? true : undefined,
    'aria-required': required ? true : undefined,
  };
  const title = (
    <>
      {required && (
        <span className="sl-required-mark" aria-hidden="true">
          *{' '}
        </span>
      )}
      {label}
    </>
  );
  const after = (
    <>
      {help && (
        <div className="sl-field-help" id={helpId}>
          {help}
        </div>
      )}
      {message && (
        <div className="sl-field-message" id={messageId} data-testid="field-message">
          {message}
        </div>
      )}
    </>
  );
  if (isGroup) {
    return (
      <fieldset className="sl-field" data-testid={testId} aria-describedby={describedBy || undefined}>
        <legend className="sl-field-label">{title}</legend>
        {children(control)}
        {after}
      </fieldset>
    );
  }
  return (
    <div className="sl-field" data-testid={testId}>
      <label className="sl-field-label" htmlFor={id}>
        {title}
      </label>
      {children(control)}
      {after}
    </div>
  );
}
