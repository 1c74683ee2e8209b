import { onRecordsChanged, type RecordChange } from '@/lib/platform/storage/vault';

/**
 * Tells a screen that the contact book changed, whichever context wrote it: the one way every
 * screen (the book, the card, the history's names) learns it must read the book again.
 * Returns the call that stops listening.
 */
export function onBookChanged(listener: () => void): () => void {
  const onChange = (change: RecordChange) => change.store === 'contacts' && listener();
  onRecordsChanged.addListener(onChange);
  return () => onRecordsChanged.removeListener(onChange);
}
