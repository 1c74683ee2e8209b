// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { BookToolbar } from '@/components/book/BookToolbar';
import type { BookFilters } from '@/lib/book/page/search';
import { setCatalog } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { fr } from '@/lib/platform/i18n/fr';

afterEach(() => {
  cleanup();
  setCatalog('en', en);
});

/** As the book holds it: the filters the toolbar reported are the ones it is given back. */
function Book({ onFilters }: { onFilters(filters: BookFilters): void }) {
  const [filters, setFilters] = useState<BookFilters>({});
  return (
    <BookToolbar
      kind="person"
      text=""
      filters={filters}
      tags={[]}
      onText={() => {}}
      onFilters={(next) => {
        setFilters(next);
        onFilters(next);
      }}
    />
  );
}

const toolbar = (onFilters: (filters: BookFilters) => void) => render(<Book onFilters={onFilters} />);

describe('the contact book’s “Updated since” filter', () => {
  it('takes a date as French writes it (day first), not the browser’s mm/dd/yyyy', () => {
    setCatalog('fr', fr);
    const onFilters = vi.fn();
    toolbar(onFilters);
    const field = screen.getByLabelText(fr['book.filter.since']);
    expect(field.getAttribute('type')).toBe('text');
    fireEvent.change(field, { target: { value: '15/03/2026' } });
    expect(onFilters).toHaveBeenLastCalledWith({ updatedSince: new Date(2026, 2, 15).getTime() });
  });

  it('in English, month first; emptied, the filter goes', () => {
    const onFilters = vi.fn();
    toolbar(onFilters);
    const field = screen.getByLabelText(en['book.filter.since']);
    fireEvent.change(field, { target: { value: '03/15/2026' } });
    expect(onFilters).toHaveBeenLastCalledWith({ updatedSince: new Date(2026, 2, 15).getTime() });
    fireEvent.change(field, { target: { value: '' } });
    expect(onFilters).toHaveBeenLastCalledWith({ updatedSince: null });
  });
});
