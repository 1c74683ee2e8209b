// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startTheme, useTheme } from '@/components/settings/theme-store';
import { startWorkerTheme } from '@/lib/settings/worker/theme';
import { themeItem } from '@/lib/settings/theme';
import { themeMirrorItem } from '@/lib/settings/theme-mirror';

describe('the theme chosen in the settings', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    delete document.documentElement.dataset.theme;
    useTheme.setState({ choice: null });
  });

  it('follows the system for a user who never chose (an older release stored nothing)', async () => {
    const stop = startTheme(themeItem);
    await vi.waitFor(() => expect(useTheme.getState().choice).toBe('system'));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    stop();
  });

  it('puts the choice on the page’s root at once, and takes it off for the system’s', async () => {
    const stop = startTheme(themeItem);
    await themeItem.setValue('dark');
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    await themeItem.setValue('light');
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    await themeItem.setValue('system');
    await vi.waitFor(() => expect(document.documentElement.hasAttribute('data-theme')).toBe(false));
    stop();
  });

  it('reads a stored value it does not know as the system’s', async () => {
    await themeItem.setValue('sepia' as never);
    const stop = startTheme(themeItem);
    await vi.waitFor(() => expect(useTheme.getState().choice).toBe('system'));
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    stop();
  });

  it('reaches the panel’s frame through the worker’s copy', async () => {
    await themeItem.setValue('dark');
    startWorkerTheme();
    await vi.waitFor(async () => expect(await themeMirrorItem.getValue()).toBe('dark'));
    await themeItem.setValue('light');
    await vi.waitFor(async () => expect(await themeMirrorItem.getValue()).toBe('light'));
  });
});

describe('the tokens', () => {
  const css = readFileSync('components/tokens.css', 'utf8');
  const declarations = (block: string) =>
    block
      .split(';')
      .map((line) => line.trim())
      .filter(Boolean);
  const blockAfter = (selector: string) => {
    const start = css.indexOf('{', css.indexOf(selector)) + 1;
    return declarations(css.slice(start, css.indexOf('}', start)));
  };

  it('give Dark chosen in the settings the same colours as the system’s dark', () => {
    const system = blockAfter(":root:not([data-theme='light'])");
    const chosen = blockAfter(":root[data-theme='dark']");
    expect(system.length).toBeGreaterThan(20);
    expect(chosen).toEqual(system);
    // Light chosen while the system is dark keeps the light values (the system's dark steps aside).
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme='light'\]\) \{/);
  });
});
