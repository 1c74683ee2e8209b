import { useId, type ReactNode } from 'react';

/** Every field shows its own error beside it and is tied to it for assistive technology. */
function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

interface Common {
  label: string;
  hint?: ReactNode;
  error?: string;
}

export function TextField({
  label,
  hint,
  error,
  value,
  onChange,
  inputMode,
  type = 'text',
  readOnly,
  width,
  onEnter,
}: Common & {
  value: string;
  onChange(value: string): void;
  inputMode?: 'numeric' | 'text' | 'url';
  type?: string;
  readOnly?: boolean;
  width?: string;
  /** Enter does this instead of submitting the form the field sits in. */
  onEnter?(): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && <span id={`${id}-hint`} className="muted">{hint}</span>}
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        value={value}
        readOnly={readOnly}
        style={width ? { maxWidth: width } : undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={
          onEnter &&
          ((e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onEnter();
          })
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

export function NumberField(props: Common & { value: string; onChange(value: string): void }) {
  return <TextField {...props} inputMode="numeric" width="12em" />;
}

export function CheckboxField({ label, hint, error, checked, onChange, disabled }: Common & { checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && <span id={`${id}-hint`} className="muted block">{hint}</span>}
      {error && (
        <span id={`${id}-error`} className="field-error block">
          {error}
        </span>
      )}
    </div>
  );
}

export function SelectField({
  label,
  hint,
  error,
  value,
  options,
  onChange,
}: Common & { value: string; options: { value: string; label: string; lang?: string }[]; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && <span id={`${id}-hint`} className="muted">{hint}</span>}
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

export function LinesField({ label, hint, error, value, onChange }: Common & { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && <span id={`${id}-hint`} className="muted">{hint}</span>}
      <textarea
        id={id}
        rows={6}
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
