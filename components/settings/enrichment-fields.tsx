import { t } from '@/lib/platform/i18n';
import { credits } from '@/components/lookup/price';
import { MAX_MOBILES, MOBILE_PRICE, PRICES, maxPrice } from '@/lib/lookup/prices';
import { CheckboxField, NumberField, SelectField, TextField } from '@/components/settings/fields';
import type { SectionProps } from '@/components/settings/types';
import { VALUE_AGE_KINDS } from '@/lib/settings/preferences';

const FLAGS = [
  ['lookups.fullFlags.companyPremium', 'enrichment.companyPremium'],
  ['lookups.fullFlags.companyFull', 'enrichment.companyFull'],
  ['lookups.fullFlags.personFull', 'enrichment.personFull'],
  ['lookups.fullFlags.phoneFull', 'enrichment.phoneFull'],
  ['lookups.fullFlags.whatsappCheck', 'enrichment.whatsappCheck'],
] as const;

/** Phone numbers is the one choice that moves the price: each mobile number found is paid. */
function phoneFullHint(): string {
  const base = PRICES.enrichPerson;
  return t('enrichment.phoneFullHint', {
    mobile: credits(MOBILE_PRICE),
    max: credits(maxPrice('enrichPerson', { phoneFull: true })),
    base: credits(base),
    count: MAX_MOBILES,
  });
}

/** What a full enrichment returns: beside the spending limits, where a user looks at what a lookup gives. */
export function FullEnrichmentFields({ draft, errors, set }: SectionProps) {
  return (
    <fieldset>
      <legend>{t('enrichment.fullFlags', { credits: credits(PRICES.enrichPerson) })}</legend>
      {FLAGS.map(([path, label]) => (
        <CheckboxField
          key={path}
          label={t(label)}
          hint={path === 'lookups.fullFlags.phoneFull' ? phoneFullHint() : undefined}
          checked={draft[path]}
          error={errors[path]}
          onChange={(v) => set(path, v)}
        />
      ))}
    </fieldset>
  );
}

const wholeDays = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * Said, never refused, beside a reuse window typed longer than the retention period typed: the
 * worker caps the window at the period (lib/retention/period.ts), and a refusal would block every
 * other save, the book's "Forget and suppress" included.
 */
function cappedHint(reuse: string, period: string): string | undefined {
  const [r, p] = [wholeDays(reuse), wholeDays(period)];
  return r !== null && p !== null && p >= 1 && r > p ? t('retention.reuseCapped', { days: p }) : undefined;
}

/** How long a paid answer is reused for free. */
export function FreshnessFields({ draft, errors, set }: SectionProps) {
  const period = draft['privacy.historyRetentionDays'];
  return (
    <fieldset>
      <legend>{t('enrichment.freshness')}</legend>
      {(['phoneDays', 'otherDays'] as const).map((field) => (
        <NumberField
          key={field}
          label={t(`enrichment.${field}`)}
          hint={cappedHint(draft[`freshness.${field}`], period)}
          value={draft[`freshness.${field}`]}
          error={errors[`freshness.${field}`]}
          onChange={(v) => set(`freshness.${field}`, v)}
        />
      ))}
    </fieldset>
  );
}

/** When each kind of value is called ageing, then stale (lib/book/freshness.ts): not the reuse window above. */
export function ValueAgeFields({ draft, errors, set }: SectionProps) {
  return (
    <fieldset className="value-ages">
      <legend>{t('valueAge.title')}</legend>
      <p className="muted">{t('valueAge.hint')}</p>
      {VALUE_AGE_KINDS.map((kind) => {
        const name = t(`valueAge.kind.${kind}`);
        const ageing = `valueAge.${kind}.ageingDays` as const;
        const stale = `valueAge.${kind}.staleDays` as const;
        return (
          <div key={kind} className="value-age-pair">
            <NumberField label={t('valueAge.ageingDays', { kind: name })} value={draft[ageing]} error={errors[ageing]} onChange={(v) => set(ageing, v)} />
            <NumberField label={t('valueAge.staleDays', { kind: name })} value={draft[stale]} error={errors[stale]} onChange={(v) => set(stale, v)} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** The finer points of the email finder and the phone search: under Advanced. */
export function LookupDetailsFields({ draft, errors, set }: SectionProps) {
  return (
    <fieldset>
      <legend>{t('enrichment.title')}</legend>
      <SelectField
        label={t('enrichment.findEmailStep')}
        value={draft['lookups.findEmailStep']}
        error={errors['lookups.findEmailStep']}
        options={[
          { value: '3', label: t('enrichment.step3') },
          { value: '2', label: t('enrichment.step2') },
        ]}
        onChange={(v) => set('lookups.findEmailStep', v)}
      />
      <TextField label={t('enrichment.findEmailCountry')} value={draft['lookups.findEmailCountry']} error={errors['lookups.findEmailCountry']} onChange={(v) => set('lookups.findEmailCountry', v)} width="20em" />
      <NumberField label={t('enrichment.minimumMatch')} value={draft['lookups.minimumMatch']} error={errors['lookups.minimumMatch']} onChange={(v) => set('lookups.minimumMatch', v)} />
      <TextField label={t('enrichment.defaultPhoneRegion')} value={draft['lookups.defaultPhoneRegion']} error={errors['lookups.defaultPhoneRegion']} onChange={(v) => set('lookups.defaultPhoneRegion', v)} width="6em" />
    </fieldset>
  );
}
