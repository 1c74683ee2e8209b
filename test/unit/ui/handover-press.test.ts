// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { h } from '@/lib/platform/ui/dom';
import { handOver, keepPresses } from '@/lib/platform/ui/handover';

/** A first paint and a page of the same shape: a search box and one button per name. */
function pages(names: { firstPaint: string[]; page: string[] }, marked = true) {
  const button = (name: string, onClick?: () => void) =>
    h('button', { type: 'button', 'aria-label': `Details of ${name}`, class: marked ? 'details' : undefined, on: onClick ? { click: onClick } : undefined }, name);
  const firstPaint = h('main', { id: 'root' }, h('input', { type: 'search' }), ...names.firstPaint.map((name) => button(name)));
  document.body.replaceChildren(firstPaint);
  keepPresses(firstPaint, '.details');
  const opened: string[] = [];
  const page = h('main', { id: 'root' }, h('input', { type: 'search' }), ...names.page.map((name) => button(name, () => opened.push(name))));
  return { firstPaint, page, opened };
}

const press = (root: HTMLElement, name: string) => (root.querySelector(`[aria-label="Details of ${name}"]`) as HTMLElement).click();

describe('a press on a first paint before the React page is in', () => {
  it('is pressed again on the React page’s matching control at the swap', () => {
    const { firstPaint, page, opened } = pages({ firstPaint: ['Maya', 'Bob'], page: ['Maya', 'Bob'] });
    press(firstPaint, 'Bob');
    expect(opened).toEqual([]);
    handOver(firstPaint, page);
    expect(opened).toEqual(['Bob']);
  });

  it('only the last press counts, once', () => {
    const { firstPaint, page, opened } = pages({ firstPaint: ['Maya', 'Bob'], page: ['Maya', 'Bob'] });
    press(firstPaint, 'Maya');
    press(firstPaint, 'Bob');
    handOver(firstPaint, page);
    expect(opened).toEqual(['Bob']);
  });

  it('opens no one else when the React page has another person in that place', () => {
    const { firstPaint, page, opened } = pages({ firstPaint: ['Maya', 'Bob'], page: ['Maya', 'Ana'] });
    press(firstPaint, 'Bob');
    handOver(firstPaint, page);
    expect(opened).toEqual([]);
  });

  it('leaves alone the controls the first paint answers itself', () => {
    const { firstPaint, page, opened } = pages({ firstPaint: ['Maya'], page: ['Maya'] }, false);
    press(firstPaint, 'Maya');
    handOver(firstPaint, page);
    expect(opened).toEqual([]);
  });

  it('presses nothing when nothing was pressed', () => {
    const { firstPaint, page, opened } = pages({ firstPaint: ['Maya'], page: ['Maya'] });
    const click = vi.spyOn(HTMLElement.prototype, 'click');
    handOver(firstPaint, page);
    expect(opened).toEqual([]);
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('what was typed or ticked on a first paint out of step with the React page', () => {
  it('never types a box’s value into a text field in its place', () => {
    const firstPaint = h('main', {}, h('input', { type: 'checkbox' }), h('input', { type: 'text', value: '' }));
    document.body.replaceChildren(firstPaint);
    const typed: string[] = [];
    const since = h('input', { type: 'text', value: '', on: { input: (e: Event) => typed.push((e.target as HTMLInputElement).value) } }) as HTMLInputElement;
    // The React page draws one box fewer: its text field is where the first paint had a box.
    const page = h('main', {}, since);
    handOver(firstPaint, page);
    expect(since.value).toBe('');
    expect(typed).toEqual([]);
  });
});
