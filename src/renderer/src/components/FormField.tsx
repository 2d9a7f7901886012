import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

/** Messages for one field, announced with it (the input points here with aria-describedby). */
export function FieldErrors({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={id} className="field-errors">
      {messages.map((message, index) => (
        <p key={index} className="field-error">
          {message}
        </p>
      ))}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with its errors and an optional hint below it. */
export function TextField({ label, value, onChange, errors = [], hint, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const describedBy = [errors.length ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="muted small">
          {hint}
        </p>
      )}
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}
