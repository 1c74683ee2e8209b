import { withoutConnectionDegree } from '@/lib/detect/content/badges';
import { cleanText, elementText } from '@/lib/platform/text';

// The name is in the first h1 or two; later ones are dialogs and feeds.
const MAX_HEADINGS = 3;

export interface Heading {
  element: Element;
  text: string;
}

/**
 * Company headings carry the full name in `title` when the text is truncated. A degree badge
 * some layouts put inside the heading ("Maya Okafor · 1st") is not part of the name.
 */
function headingText(element: Element): string | undefined {
  return withoutConnectionDegree(cleanText(element.getAttribute('title')) ?? elementText(element));
}

/**
 * The page's main heading, whatever its class: among the first few h1s, the one that
 * agrees with the other readings, else the first inside <main>, else the first.
 */
export function mainHeading(doc: Document, agrees: (text: string) => boolean): Heading | undefined {
  const headings = doc.getElementsByTagName('h1');
  const readable: Heading[] = [];
  // Indexing a live collection stops at the item asked for; its `length` would walk the whole page.
  for (let i = 0; i < MAX_HEADINGS; i += 1) {
    const element = headings[i];
    if (!element) break;
    const text = headingText(element);
    if (text) readable.push({ element, text });
  }
  if (readable.length === 0) {
    // Pages built of divs still tell assistive technology which one is the heading.
    const element = doc.querySelector('[role="heading"][aria-level="1"]');
    const text = element ? headingText(element) : undefined;
    if (element && text) readable.push({ element, text });
  }
  return readable.find((heading) => agrees(heading.text)) ?? readable.find((heading) => heading.element.closest('main')) ?? readable[0];
}

/** The card around a heading: where the headline, location and current company live. */
export function cardOf(element: Element): Element {
  return element.closest('section') ?? element.parentElement?.parentElement?.parentElement ?? element;
}
