import { useId, useState } from 'react';
import type { PersonContact } from '@/lib/book/model';
import { sendMessage } from '@/lib/contracts/messenger';
import { writesNotes } from '@/lib/crm/types';
import { generateNotice } from '@/lib/notice/generate';
import { NOTICE_LANGUAGES, isNoticeLanguage, type NoticeLanguage } from '@/lib/notice/model';
import { guessNoticeLanguage } from '@/lib/notice/place';
import { currentLocale, t } from '@/lib/platform/i18n';
import { LANGUAGE_NAMES } from '@/lib/platform/i18n/locales';
import { ask } from '@/components/platform/useBackground';
import { CopyButton } from '@/components/panel/CopyButton';
import { useCrmStatus } from '@/components/crm/useCrm';
import { usePreferences } from '@/components/settings/preferences-store';

/**
 * The article 14 notice for the card's person (lib/notice/): its language, guessed from where
 * they are and changeable, the text to copy, and the way into the next CRM note. Loaded only
 * when the user opens it (components/card/NoticeButton.tsx): four languages of legal text are
 * not the card's first paint.
 */
export default function NoticeRegion({ person, regionId, onClose }: { person: PersonContact; regionId: string; onClose(): void }) {
  const prefs = usePreferences((s) => s.prefs);
  const status = useCrmStatus();
  const location = person.location?.value;
  const guess = guessNoticeLanguage(location, currentLocale());
  const [chosen, setChosen] = useState<NoticeLanguage | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const language = chosen ?? guess.language;
  const textId = useId();
  const name = person.name?.value ?? t('card.unnamed');
  // Only a CRM keeps the data and gets the note: a webhook is neither named as one nor offered the notice.
  const crms = status?.connected.filter((c) => writesNotes(c.target)).map((c) => c.label) ?? [];
  const notice = generateNotice({ person, controller: prefs.notice, retentionDays: prefs.privacy.historyRetentionDays, language, crms });

  async function addToCrm(text: string) {
    setError(null);
    const reply = await ask(() => sendMessage('bookNoticeForCrm', { id: person.id, text, language }));
    if (!reply.ok) return setError(reply.error.message);
    setAdded(t('notice.addedToCrm', { name }));
  }

  return (
    <section id={regionId} className="card-notice" aria-label={t('notice.region', { name })}>
      <p className="muted">{t('notice.why')}</p>
      {!notice.ok ? (
        <>
          <p role="alert">{notice.message}</p>
          <p>
            <button type="button" className="secondary" onClick={() => void sendMessage('openSettings', undefined)}>
              {t('notice.setCompany')}
            </button>
          </p>
        </>
      ) : (
        <>
          <div className="card-notice-language">
            <label htmlFor={`${textId}-language`}>{t('notice.language')}</label>
            <select
              id={`${textId}-language`}
              value={language}
              aria-describedby={`${textId}-guess`}
              onChange={(e) => {
                if (isNoticeLanguage(e.target.value)) setChosen(e.target.value);
                setAdded(null);
              }}
            >
              {NOTICE_LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LANGUAGE_NAMES[l]}
                </option>
              ))}
            </select>
            <span id={`${textId}-guess`} className="muted">
              {location && guess.country ? t('notice.guessedFrom', { location }) : t('notice.guessedNone')}
            </span>
          </div>
          <label htmlFor={textId} className="card-notice-label">
            {t('notice.text')}
          </label>
          {/* Text only: a textarea's value is never parsed as markup, whatever the profile said. */}
          <textarea id={textId} className="card-notice-text" readOnly lang={language} rows={10} value={notice.text} />
          <div className="card-notice-actions">
            <CopyButton value={notice.text} label={t('notice.what')} />
            {crms.length > 0 && (
              <button type="button" className="secondary" onClick={() => void addToCrm(notice.text)}>
                {t('notice.addToCrm')}
              </button>
            )}
          </div>
          {added && <p role="status">{added}</p>}
          {error && <p role="alert">{error}</p>}
        </>
      )}
      <p>
        <button type="button" className="link-button" onClick={onClose}>
          {t('notice.close')}
        </button>
      </p>
    </section>
  );
}
