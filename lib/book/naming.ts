/**
 * How Dossier names someone on every screen: "Maya Chen · Northwind Analytics", the name
 * alone when the company is unknown (or already part of the name). Kept apart from the
 * contact model so that light screens (the popup's recent list) can use it without zod.
 */
export function personLabel(name: string, company?: string | null): string {
  const who = name.trim();
  const at = company?.trim();
  if (!at || who.toLowerCase().includes(at.toLowerCase())) return who;
  return `${who} · ${at}`;
}
