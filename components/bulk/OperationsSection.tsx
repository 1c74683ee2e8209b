import { useEffect, useId } from 'react';
import { BULK_OPERATIONS, type BulkOperation } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';
import { MOBILE_PRICE, maxPrice, mobilesIncluded } from '@/lib/lookup/prices';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import { credits, operationText } from '@/components/bulk/text';

interface Props {
  operations: readonly BulkOperation[];
  skipInCrm: boolean;
  /** The connected CRMs' names; the "skip" choice is offered only with one connected. */
  crms: readonly string[];
  disabled?: boolean;
  onOperations(operations: BulkOperation[]): void;
  onSkipInCrm(skip: boolean): void;
}

/** What the run will do to each row, each with its price per row; and whether to leave out people already in the CRM. */
export function OperationsSection({ operations, skipInCrm, crms, disabled, onOperations, onSkipInCrm }: Props) {
  const id = useId();
  // The price a row may cost with the settings in force; the quote, from the worker, is the one that counts.
  const phoneFull = usePreferences((s) => s.prefs.lookups.fullFlags.phoneFull);
  useEffect(() => startPreferencesMirror(), []);
  const choice = (op: BulkOperation) => {
    const mobiles = mobilesIncluded(op, { phoneFull });
    const price = { operation: operationText(op), credits: credits(maxPrice(op, { phoneFull })) };
    return mobiles ? t('bulk.ui.operations.choiceWithMobiles', { ...price, count: mobiles, mobile: credits(MOBILE_PRICE) }) : t('bulk.ui.operations.choice', price);
  };
  const toggle = (op: BulkOperation, on: boolean) => onOperations(BULK_OPERATIONS.filter((o) => (o === op ? on : operations.includes(o))));
  return (
    <fieldset className="bulk-operations">
      <legend>{t('bulk.ui.operations.title')}</legend>
      {BULK_OPERATIONS.map((op) => (
        <div key={op} className="check">
          <input id={`${id}-${op}`} type="checkbox" checked={operations.includes(op)} disabled={disabled} onChange={(e) => toggle(op, e.target.checked)} />
          <label htmlFor={`${id}-${op}`}>{choice(op)}</label>
        </div>
      ))}
      {crms.length > 0 && (
        <div className="check">
          <input id={`${id}-crm`} type="checkbox" checked={skipInCrm} disabled={disabled} onChange={(e) => onSkipInCrm(e.target.checked)} />
          <label htmlFor={`${id}-crm`}>{t('bulk.ui.operations.skipInCrm', { crm: crms.join(', ') })}</label>
        </div>
      )}
    </fieldset>
  );
}
