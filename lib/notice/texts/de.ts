import type { NoticeTexts } from '@/lib/notice/model';
import { monthsOf } from '@/lib/notice/texts/period';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Deutsch: die Begriffe der DSGVO (Verantwortlicher, berechtigtes Interesse, Widerspruchsrecht), Sie-Form. */
export const de: NoticeTexts = {
  title: 'Informationen zur Verarbeitung Ihrer personenbezogenen Daten (Art. 14 DSGVO)',
  greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
  // After "Guten Tag …," a German letter goes on in lower case.
  intro: (company) =>
    `wir wenden uns an Sie, weil ${company} einige Ihrer beruflichen Kontaktdaten verarbeitet, die wir nicht direkt bei Ihnen erhoben haben. Nach Art. 14 der Datenschutz-Grundverordnung (DSGVO) haben Sie das Recht zu erfahren, wer wir sind, welche Daten wir über Sie haben, woher sie stammen und welche Rechte Sie haben.`,
  headings: {
    controller: 'Verantwortlicher',
    purpose: 'Zweck und Rechtsgrundlage',
    objection: 'Ihr Widerspruchsrecht',
    categories: 'Welche Daten wir über Sie haben',
    source: 'Herkunft der Daten',
    recipients: 'Empfänger',
    transfers: 'Übermittlung in Länder außerhalb des Europäischen Wirtschaftsraums',
    retention: 'Speicherdauer',
    rights: 'Ihre weiteren Rechte',
    complaint: 'Beschwerderecht',
    automated: 'Automatisierte Entscheidungen',
  },
  controller: ({ legalName, postalAddress, privacyEmail }) =>
    `Verantwortlich für die Verarbeitung Ihrer Daten ist ${legalName}, ${postalAddress}. Für Fragen und Anliegen zu Ihren Daten schreiben Sie bitte an ${privacyEmail}.`,
  dpo: (contact) => `Unseren Datenschutzbeauftragten erreichen Sie unter: ${contact}.`,
  representative: (contact) => `Unser Vertreter in der Europäischen Union: ${contact}.`,
  defaultPurpose: 'die Neukundengewinnung im B2B-Vertrieb',
  purpose: (purpose) =>
    `Wir verwenden Ihre Daten für ${purpose}: um Sie in Ihrer beruflichen Funktion zu unseren Produkten und Dienstleistungen zu kontaktieren. Rechtsgrundlage ist unser berechtigtes Interesse (Art. 6 Abs. 1 lit. f DSGVO), Geschäftsbeziehungen zu Unternehmen und ihren Mitarbeitenden anzubahnen und auszubauen. Wir haben dieses Interesse gegen Ihre Rechte abgewogen: Wir verwenden ausschließlich berufliche Daten, und Sie können jederzeit widersprechen.`,
  objection: (email) =>
    `Sie können der Verwendung Ihrer Daten zur Direktwerbung jederzeit ohne Angabe von Gründen widersprechen (Art. 21 Abs. 2 DSGVO). Antworten Sie dazu einfach auf diese Nachricht oder schreiben Sie an ${email}. Wir kontaktieren Sie dann nicht mehr, löschen Ihre Daten und bewahren nur auf, was nötig ist, damit wir Sie nicht erneut ansprechen.`,
  categoriesIntro: 'Wir verarbeiten folgende Kategorien von Daten über Sie:',
  category: {
    name: 'Ihren Namen',
    role: 'Ihre berufliche Position',
    company: 'das Unternehmen, für das Sie arbeiten',
    location: 'Ihren Standort (Stadt, Region oder Land)',
    profile: 'die Adresse Ihres beruflichen Profils (LinkedIn)',
    microblog: 'Ihren Benutzernamen bei X (Twitter)',
    links: 'weitere öffentliche Webadressen zu Ihrer Person',
    photo: 'die Adresse Ihres Profilfotos',
    workEmail: 'Ihre geschäftliche E-Mail-Adresse',
    personalEmail: 'Ihre private E-Mail-Adresse',
    mobilePhone: 'Ihre Mobilfunknummer',
    workPhone: 'Ihre geschäftliche Telefonnummer',
    phone: 'Ihre Telefonnummer',
    whatsapp: 'die Angabe, ob Ihre Nummer WhatsApp nutzt',
  },
  lookup: {
    enrichPerson: 'vollständige Profilabfrage',
    enrichCompany: 'Unternehmensabfrage',
    findWorkEmail: 'Suche nach der geschäftlichen E-Mail-Adresse',
    searchPhone: 'Suche nach der Telefonnummer',
    searchPersonalEmail: 'Suche nach der privaten E-Mail-Adresse',
    reversePhone: 'Rückwärtssuche der Telefonnummer',
    microblogProfile: 'Abfrage des X-Profils (Twitter)',
    microblogByEmail: 'Abfrage des X-Profils (Twitter)',
  },
  lookupOn: (lookup, date) => `${lookup} vom ${date}`,
  source: (service, lookups) =>
    `Wir haben diese Daten vom Dienst „${service}“ erhalten, einem Anbieter beruflicher Kontaktdaten, und zwar durch folgende Abfragen: ${lookups}.`,
  publicProfile: 'Ausgangspunkt der Abfrage war die Adresse Ihres LinkedIn-Profils, das öffentlich zugänglich ist.',
  recipients: (company, crms, service) =>
    `Zugriff auf Ihre Daten haben nur die für den Vertrieb zuständigen Personen bei ${company}${
      crms ? `; gespeichert werden sie in unserer Software für das Kundenbeziehungsmanagement (${crms}), deren Anbieter als unser Auftragsverarbeiter tätig ist` : ''
    }. Um sie zu finden, wurde die Adresse Ihres Profils (oder Ihr Name und Ihr Unternehmen) an den Dienst „${service}“ übermittelt. Ihre Daten werden weder verkauft noch an Dritte weitergegeben.`,
  transfersNone: 'Wir übermitteln Ihre Daten nicht in Länder außerhalb des Europäischen Wirtschaftsraums.',
  retention: (period) =>
    `Wir speichern Ihre Daten höchstens ${period} ab ihrer Erhebung und löschen sie danach. Eine spätere Aktualisierung verlängert diese Frist nicht. Wenn Sie widersprechen, löschen wir sie früher und bewahren nur auf, was nötig ist, um Ihren Widerspruch zu beachten.`,
  period: (days) => {
    const months = monthsOf(days);
    return months === null ? plural(days, 'Tag', 'Tage') : `${plural(months, 'Monat', 'Monate')} (${plural(days, 'Tag', 'Tage')})`;
  },
  rights: (email) =>
    [
      'Sie haben das Recht,',
      '- Auskunft über Ihre Daten und eine Kopie davon zu erhalten (Art. 15 DSGVO);',
      '- unrichtige Daten berichtigen zu lassen (Berichtigung, Art. 16 DSGVO);',
      '- die Löschung Ihrer Daten zu verlangen (Art. 17 DSGVO);',
      '- die Einschränkung der Verarbeitung zu verlangen (Art. 18 DSGVO);',
      '- Ihre Daten in einem strukturierten, maschinenlesbaren Format zu erhalten, soweit Art. 20 DSGVO anwendbar ist (Datenübertragbarkeit).',
      `Schreiben Sie dazu an ${email}. Wir antworten innerhalb eines Monats. Da die Verarbeitung auf unserem berechtigten Interesse und nicht auf Ihrer Einwilligung beruht, gibt es keine Einwilligung, die Sie widerrufen könnten; stattdessen gilt Ihr oben beschriebenes Widerspruchsrecht.`,
    ].join('\n'),
  complaint: (authority) =>
    `Sie haben außerdem das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, insbesondere in dem Land, in dem Sie wohnen oder arbeiten: ${authority}.`,
  authority: {
    FR: 'bei der Commission nationale de l’informatique et des libertés (CNIL), www.cnil.fr',
    DE: 'bei der Datenschutz-Aufsichtsbehörde Ihres Bundeslandes; eine Übersicht bietet die oder der Bundesbeauftragte für den Datenschutz und die Informationsfreiheit (BfDI, www.bfdi.bund.de)',
    AT: 'bei der Österreichischen Datenschutzbehörde, www.dsb.gv.at',
    ES: 'bei der spanischen Datenschutzbehörde (Agencia Española de Protección de Datos, AEPD), www.aepd.es',
    BE: 'bei der belgischen Datenschutzbehörde, www.datenschutzbehorde.be',
    CH: 'beim Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB), www.edoeb.admin.ch',
    GB: 'beim Information Commissioner’s Office (ICO), ico.org.uk',
    other: 'bei der Datenschutzbehörde Ihres Landes',
  },
  automated: 'Wir treffen keine ausschließlich auf einer automatisierten Verarbeitung beruhenden Entscheidungen über Sie und führen kein Profiling durch.',
  closing: (company) => `Mit freundlichen Grüßen\n${company}`,
};
