import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { displayInternational } from '@/sandbox/records/phones';
import { html, page } from '@/sandbox/pages/html';

/**
 * An ordinary web page (a team directory) with emails and phone numbers in its text and in
 * mailto:/tel: links, in the formats people write them, plus look-alikes that are not.
 */
export function contactsPage(index: DirectoryIndex): string {
  const people = index.people.filter((person) => person.email && person.phones.length > 0).slice(0, 8);
  const rows = people.map((person, i) => {
    const phone = person.phones[0]!;
    // Alternate the ways phones are written: international, national, and with the 00 prefix.
    const written = i % 3 === 0 ? displayInternational(phone) : i % 3 === 1 ? (parsePhoneNumberFromString(phone)?.formatNational() ?? phone) : phone.replace('+', '00');
    return html`<tr><td>${person.fullName}</td><td>${person.jobTitle}, ${person.company}</td><td><a href="mailto:${person.email}">${person.email}</a></td><td><a href="tel:${phone}">${written}</a></td></tr>`;
  });
  const first = people[0];
  const body = html`<main>
    <h1>Conference speakers and organisers</h1>
    <p>Questions about the programme? Write to ${first?.email ?? ''} or call ${first ? displayInternational(first.phones[0]!) : ''} on weekdays.</p>
    <table><thead><tr><th>Name</th><th>Role</th><th>Email</th><th>Phone</th></tr></thead><tbody>${rows}</tbody></table>
    <p>Venue switchboard: +44 20 7946 0999. Press enquiries: <a href="mailto:press@conference.example">press@conference.example</a>.</p>
    <p class="noise">Not contacts: logo promote@2x.png, version 2.10.4.1, order no. 2024-05-01-7731, ISBN 978-0-00-000000-2.</p>
  </main>`;
  return page({ title: 'Speakers and organisers — Conference (sandbox)', body });
}
