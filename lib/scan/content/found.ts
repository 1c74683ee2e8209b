/** What the scanner found on a page: the contract with the highlighter and the panel. */
export interface Found {
  kind: 'email' | 'phone';
  /** Lowercased email address, or E.164 phone number: the identity. */
  value: string;
  /** As the page wrote it (trimmed), for display. */
  display: string;
  /** Where it was found: the text node, or the `mailto:`/`tel:` link. */
  node?: Text | Element;
}

/** Keeps the first occurrence of each value, in the order found. */
export class FoundSet {
  private readonly byKey = new Map<string, Found>();

  add(found: Found): void {
    const key = `${found.kind}:${found.value}`;
    if (!this.byKey.has(key)) this.byKey.set(key, found);
  }

  list(): Found[] {
    return Array.from(this.byKey.values());
  }
}
