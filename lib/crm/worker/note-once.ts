/**
 * What a retried push needs to find the note an earlier attempt may have made (its answer lost)
 * instead of adding a second one. Shared by the adapters whose CRMs list a record's notes.
 */

/**
 * How far back a retry looks: the browser's clock and the CRM's may disagree (a machine whose
 * clock keeps local time as UTC is hours off), and a day absorbs that. A note older than
 * `noteAt` minus this was made by an earlier push, not by this one.
 */
export const NOTE_CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;

/** The earliest time a note of this push can carry. */
export function earliestNoteTime(noteAt: number): number {
  return Math.max(0, noteAt - NOTE_CLOCK_SLACK_MS);
}

/**
 * Note text as compared on a retry: CRMs keep notes as rich text, so line breaks and spaces may
 * come back changed; they are not what tells two notes apart.
 */
export function plainNoteText(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * An HTML note's text as compared on a retry. A CRM that cleans the HTML it stores (Pipedrive:
 * tags rewritten or wrapped, `<br>` as `<br/>`, entities spelt differently, line breaks added)
 * does not give back the string Dossier sent: the text without tags, with entities read and
 * without whitespace is what stays the same.
 */
export function htmlNoteText(html: string): string {
  return plainNoteText(
    html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }),
  );
}
