/**
 * Elements by role and accessible name, for the Firefox suite: puppeteer's `aria/` selectors,
 * which it sends to Firefox as WebDriver BiDi's accessibility locator
 * (browsingContext.locateNodes): Firefox's own accessibility tree decides, as for a screen reader.
 */
import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ElementHandle, Frame, Page } from 'puppeteer-core';

export type Scope = Page | Frame | ElementHandle<Element>;

export const aria = (role: string, name?: string) => `aria/${name ?? ''}[role="${role}"]`;

async function waitForFirst(scope: Scope, selector: string, what: string, timeout: number): Promise<ElementHandle<Element>> {
  const handle = await scope.waitForSelector(selector, { timeout }).catch((error: Error) => {
    throw new Error(`Waited ${timeout} ms for ${what}: ${error.message}`);
  });
  if (!handle) throw new Error(`No ${what}.`);
  return handle as ElementHandle<Element>;
}

/** Waits for the element with this role and exact accessible name (any name when none is given), and returns it. */
export function byRole(scope: Scope, role: string, name = '', timeout = 10_000): Promise<ElementHandle<Element>> {
  return waitForFirst(scope, aria(role, name), `a ${role} named “${name}”`, timeout);
}

/**
 * Waits for the element with this accessible name, whatever its role: for the few elements whose
 * role the browsers name differently (a disclosure's summary is a DisclosureTriangle in Chromium
 * and has no ARIA role in Firefox).
 */
export function byName(scope: Scope, name: string, timeout = 10_000): Promise<ElementHandle<Element>> {
  return waitForFirst(scope, `aria/${name}`, `something named “${name}”`, timeout);
}

/** The element's text right now, or null when there is no such element. */
export async function textOf(scope: Scope, role: string, name: string): Promise<string | null> {
  const handle = await scope.$(aria(role, name));
  return handle ? handle.evaluate((el) => el.textContent ?? '') : null;
}

/** Waits until the element's text matches (a string: contains it). */
export async function expectText(scope: Scope, role: string, name: string, expected: string | RegExp, timeout = 10_000): Promise<void> {
  await expect.poll(() => textOf(scope, role, name), { timeout, message: `${role} “${name}” to show ${expected}` }).toMatch(expected);
}

/** A real click (WebDriver BiDi input actions): a trusted event, a user gesture for the extension. */
export async function click(scope: Scope, role: string, name: string): Promise<void> {
  await (await byRole(scope, role, name)).click();
}

/**
 * The form field with this label (its accessible name), whatever its role: a password field has
 * none that the accessibility locator matches, and a file field is not itself among the matches
 * (its label is, and names it: label.control).
 */
export async function byLabel(scope: Scope, label: string, timeout = 10_000): Promise<ElementHandle<Element>> {
  let field: ElementHandle<Element> | undefined;
  await expect
    .poll(
      async () => {
        for (const handle of (await scope.$$(`aria/${label}`)) as ElementHandle<Element>[]) {
          if (await handle.evaluate((el) => ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))) return (field = handle);
          const control = (await handle.evaluateHandle((el) => (el instanceof HTMLLabelElement ? el.control : null))).asElement();
          if (control) return (field = control as ElementHandle<Element>);
        }
        return null;
      },
      { timeout, message: `a field labelled “${label}”` },
    )
    .toBeTruthy();
  return field!;
}

/** Types into a text field as a user does: its content selected, then replaced key by key. */
export async function fill(scope: Scope, label: string, value: string): Promise<void> {
  const field = await byLabel(scope, label);
  await field.evaluate((el) => (el as HTMLInputElement).select());
  if (value === '') await field.press('Backspace');
  else await field.type(value);
}

/**
 * axe in a page or a frame, in Firefox's rendering: the serious and critical violations. Its
 * source goes in as an evaluated script (BiDi's evaluation is not bound by the page's CSP).
 */
export async function seriousViolations(scope: Page | Frame): Promise<string[]> {
  await scope.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return scope.evaluate(`axe.run(document).then((results) => results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`) as Promise<string[]>;
}
