import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom lays nothing out: the book's virtual list would show no row. Every element measures
 * `height` by 1000 px, as a window would, so that the list draws the rows a screen shows.
 */
export function fakeLayout(height = 600): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, bottom: height, right: 1000, width: 1000, height, toJSON: () => ({}) }));
  for (const [name, value] of [['offsetHeight', height], ['offsetWidth', 1000], ['clientHeight', height], ['clientWidth', 1000]] as const) {
    vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(value);
  }
}

/** The names of the book's rows on screen, as their Details buttons say them. */
export const bookRowNames = (): (string | null)[] =>
  within(screen.getByRole('table', { name: 'Contacts' }))
    .queryAllByRole('button', { name: /^Details of / })
    .map((b) => b.textContent);
