/** Where the history page opens at one entry (`lookup-history.html#<id>`): written only here. */
export const historyEntryHash = (id: string): string => encodeURIComponent(id);
