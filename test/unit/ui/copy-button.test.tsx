// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '@/components/panel/CopyButton';
import type { CopyPaths } from '@/lib/clipboard/page/copy-from-page';

const refusedEverywhere: CopyPaths = {
  documentMayWrite: () => false,
  writeInDocument: async () => Promise.reject(new Error('unused')),
  writeThroughExtension: async () => false,
};

describe('Copy', () => {
  afterEach(cleanup);

  it('a refused copy says so beside the button and leaves the value selected for the copy keys', async () => {
    render(<CopyButton value="maya@halcyon.example" label="email maya@halcyon.example" paths={refusedEverywhere} />);
    screen.getByRole('button', { name: 'Copy email maya@halcyon.example' }).click();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Not copied: the browser refused\. It is selected below: press (Ctrl\+C|⌘C) to copy it\.$/);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'email maya@halcyon.example, selected to copy by hand' });
    expect(field.value).toBe('maya@halcyon.example');
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'maya@halcyon.example'.length]);
    // The button does not pretend it worked.
    expect(screen.getByRole('button', { name: 'Copy email maya@halcyon.example' }).textContent).toBe('Copy');
  });

  it('a copy that works says "Copied", to the eye and to a screen reader, and offers no field', async () => {
    const writeThroughExtension = vi.fn(async () => true);
    render(<CopyButton value="+442079460100" label="phone +44 20 7946 0100" paths={{ ...refusedEverywhere, writeThroughExtension }} />);
    screen.getByRole('button', { name: 'Copy phone +44 20 7946 0100' }).click();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copied'));
    expect(screen.getByRole('button', { name: 'Copy phone +44 20 7946 0100' }).textContent).toBe('Copied');
    expect(writeThroughExtension).toHaveBeenCalledWith('+442079460100');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
