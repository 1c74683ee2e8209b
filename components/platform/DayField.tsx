import { useId, useState } from 'react';
import { currentLocale, t } from '@/lib/platform/i18n';
import { formatDayInput, parseDayInput } from '@/lib/platform/i18n/day-input';

/** 31 December: a day above 12 shows which number is the day. */
const example = (locale: string) => formatDayInput(`${new Date().getFullYear()}-12-31`, locale);

/**
 * A date typed in the interface's language (see lib/platform/i18n/day-input.ts for why not the native
 * date input). A readable date changes the value as it is typed; text that is not one leaves the
 * value as it was and, once the field is left, says how to write it in place of the example.
 */
export function DayField({ label, value, onChange }: { label: string; value: string; onChange(day: string): void }) {
  const id = useId();
  const locale = currentLocale();
  const [text, setText] = useState(() => formatDayInput(value, locale));
  // The value changed from outside (a reset): the text follows it.
  const [shown, setShown] = useState(value);
  const [unreadable, setUnreadable] = useState(false);
  if (shown !== value) {
    setShown(value);
    setText(formatDayInput(value, locale));
    setUnreadable(false);
  }

  function type(next: string) {
    setText(next);
    const parsed = parseDayInput(next, locale);
    if (!parsed) return;
    setUnreadable(false);
    if (parsed.day !== value) {
      setShown(parsed.day);
      onChange(parsed.day);
    }
  }

  function leave() {
    const parsed = parseDayInput(text, locale);
    if (!parsed) return setUnreadable(true);
    setText(formatDayInput(parsed.day, locale));
  }

  return (
    <div className="field day-field">
      <label htmlFor={id}>{label}</label>
      {/* The message takes the example's place, above the field, so that the fields of a row stay aligned. */}
      {unreadable ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {t('history.dateUnreadable', { example: example(locale) })}
        </span>
      ) : (
        <span id={`${id}-hint`} className="muted">
          {t('history.dateExample', { example: example(locale) })}
        </span>
      )}
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        size={12}
        value={text}
        onChange={(e) => type(e.target.value)}
        onBlur={leave}
        aria-invalid={unreadable ? true : undefined}
        aria-describedby={unreadable ? `${id}-error` : `${id}-hint`}
      />
    </div>
  );
}
