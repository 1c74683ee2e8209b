import { useId } from 'react';
import { BULK_OPERATIONS, type BulkOperation } from '@/lib/bulk/model';
import { t } from '@/lib/i18n';
import { PRICES } from '@/lib/lookup/operations';
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
  const toggle = (op: BulkOperation, on: boolean) => onOperations(BULK_OPERATIONS.filter((o) => (o === op ? on : operations.includes(o))));
  return (
    <fieldset className="bulk-operations">
      <legend>{t('bulk.ui.operations.title')}</legend>
      {BULK_OPERATIONS.map((op) => (
        <div key={op} className="check">
          <input id={`${id}-${op}`} type="checkbox" checked={operations.includes(op)} disabled={disabled} onChange={(e) => toggle(op, e.target.checked)} />
          <label htmlFor={`${id}-${op}`}>{t('bulk.ui.operations.choice', { operation: operationText(op), credits: credits(PRICES[op]) })}</label>
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
