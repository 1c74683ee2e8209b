/**
 * The English messages the history page draws at its first paint, before React and the full
 * catalog are in (entrypoints/lookup-history/first-paint.ts): its title, filters, actions and the
 * table of lookups. The operations and outcomes are the popup's (first-paint/en.ts). Every language
 * has the same keys in first-paint/history-<lang>.ts, and its full catalog spreads them in.
 */
export const enHistoryFirstPaint = {
  'app.historyTitle': 'Lookup history',
  'page.title.history': 'Dossier history',
  'history.search': 'Search',
  'history.searchPlaceholder': 'Name, email, URL, company…',
  'history.operation': 'Lookup',
  'history.outcome': 'Outcome',
  'history.from': 'From',
  'history.to': 'To',
  'history.dateExample': 'Like {example}',
  'history.any': 'Any',
  'history.exportCsv': 'Export CSV',
  'history.exportJson': 'Export JSON',
  'history.deleteSelected': 'Delete selected ({count})',
  'history.deleteAll': 'Delete all history',
  'history.empty': 'No lookups yet. Enrich a profile and it will be listed here.',
  'history.shown': 'Showing {shown} of {total} lookups.',
  'history.table': 'Lookups',
  'history.colTime': 'Time',
  'history.colOperation': 'Lookup',
  'history.colSubject': 'Who',
  'history.colOutcome': 'Outcome',
  'history.colCredits': 'Credits',
  'history.colDetails': 'Details',
  'history.select': 'Select {subject}',
  'history.selectAll': 'Select all shown',
  'history.details': 'Details',
  'history.detailsOf': 'Details of {subject}',
} as const;
