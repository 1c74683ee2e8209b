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

/** A field's id, and what its control says of its hint and error (invalid, described by them). */
function useFieldIds({ hint, error }: Pick<Common, 'hint' | 'error'>) {
  const id = useId();
  const described = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(hint !== undefined && `${id}-hint`, error && `${id}-error`) } as const;
  return { id, described };
}

function FieldError({ id, error, block = false }: { id: string; error?: string; block?: boolean }) {
  if (!error) return null;
  return (
    <span id={`${id}-error`} className={block ? 'field-error block' : 'field-error'}>
      {error}
    </span>
  );
}

/** A labelled field: its label, its hint, the control, and its error under it. */
function Field({ id, label, hint, error, children }: Common & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && <span id={`${id}-hint`} className="muted">{hint}</span>}
      {children}
      <FieldError id={id} error={error} />
    </div>
  );
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
  const { id, described } = useFieldIds({ hint, error });
  return (
    <Field id={id} label={label} hint={hint} error={error}>
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
        {...described}
      />
    </Field>
  );
}

export function NumberField(props: Common & { value: string; onChange(value: string): void }) {
  return <TextField {...props} inputMode="numeric" width="12em" />;
}

export function CheckboxField({ label, hint, error, checked, onChange, disabled }: Common & { checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  const { id, described } = useFieldIds({ hint, error });
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} {...described} />
      <label htmlFor={id}>{label}</label>
      {hint && <span id={`${id}-hint`} className="muted block">{hint}</span>}
      <FieldError id={id} error={error} block />
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
  const { id, described } = useFieldIds({ hint, error });
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...described}>
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function LinesField({ label, hint, error, value, onChange }: Common & { value: string; onChange(value: string): void }) {
  const { id, described } = useFieldIds({ hint, error });
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea id={id} rows={6} spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} {...described} />
    </Field>
  );
}
