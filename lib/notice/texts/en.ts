import type { NoticeTexts } from '@/lib/notice/model';
import { monthsOf } from '@/lib/notice/texts/period';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** English: plain words, the articles of the GDPR cited where a reader may want to check them. */
export const en: NoticeTexts = {
  title: 'Information about the processing of your personal data (Article 14 GDPR)',
  greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
  intro: (company) =>
    `We are contacting you because ${company} holds some of your professional contact details, which we did not collect from you directly. Article 14 of the General Data Protection Regulation (GDPR) entitles you to know who we are, what data we hold, where it came from and what you can do about it.`,
  headings: {
    controller: 'Who is responsible for your data',
    purpose: 'Why we use your data, and on what legal basis',
    objection: 'Your right to object',
    categories: 'The data we hold about you',
    source: 'Where the data came from',
    recipients: 'Who receives it',
    transfers: 'Transfers outside the European Economic Area',
    retention: 'How long we keep it',
    rights: 'Your other rights',
    complaint: 'Complaints',
    automated: 'Automated decisions',
  },
  controller: ({ legalName, postalAddress, privacyEmail }) =>
    `The controller of your data is ${legalName}, ${postalAddress}. For any question or request about your data, write to ${privacyEmail}.`,
  dpo: (contact) => `Our data protection officer can be reached at: ${contact}.`,
  representative: (contact) => `Our representative in the European Union: ${contact}.`,
  defaultPurpose: 'business-to-business sales prospecting',
  purpose: (purpose) =>
    `We use your data for ${purpose}: to contact you, in your professional capacity, about our products and services. The legal basis is our legitimate interest (Article 6(1)(f) GDPR) in prospecting for and developing business with companies and the people who work for them. We have weighed this interest against your rights: we use only professional data, and you can object at any time.`,
  objection: (email) =>
    `You may object at any time, without giving reasons, to the use of your data for prospecting (Article 21(2) GDPR). Simply reply to this message or write to ${email}. We will then stop contacting you, delete your data and keep only what is needed to make sure we do not contact you again.`,
  categoriesIntro: 'We hold the following categories of data about you:',
  category: {
    name: 'your name',
    role: 'your job title',
    company: 'the company you work for',
    location: 'your location (city, region or country)',
    profile: 'the address of your professional profile (LinkedIn)',
    microblog: 'your X (Twitter) username',
    links: 'other public web addresses about you',
    photo: 'the address of your profile photo',
    workEmail: 'your work email address',
    personalEmail: 'your personal email address',
    mobilePhone: 'your mobile phone number',
    workPhone: 'your work phone number',
    phone: 'your phone number',
    whatsapp: 'whether your phone number uses WhatsApp',
  },
  lookup: {
    enrichPerson: 'full profile lookup',
    enrichCompany: 'company lookup',
    findWorkEmail: 'work email search',
    searchPhone: 'phone number search',
    searchPersonalEmail: 'personal email search',
    reversePhone: 'reverse phone number lookup',
    microblogProfile: 'X (Twitter) profile lookup',
    microblogByEmail: 'X (Twitter) profile lookup',
  },
  lookupOn: (lookup, date) => `${lookup} on ${date}`,
  source: (service, lookups) => `We obtained this data from the ${service}, a provider of professional contact data, through the following lookups: ${lookups}.`,
  publicProfile: 'The lookup started from the address of your LinkedIn profile, which is publicly accessible.',
  recipients: (company, crms, service) =>
    `Your data is seen only by the people at ${company} who handle sales${
      crms ? `, and it is stored in our customer relationship management software (${crms}), whose provider acts as our processor` : ''
    }. To find it, the address of your profile (or your name and company) was sent to the ${service}. Your data is not sold or passed on to anyone else.`,
  transfersNone: 'We do not transfer your data to any country outside the European Economic Area.',
  retention: (period) =>
    `We keep your data for at most ${period} from the date it was obtained, and then delete it. A later update does not extend this period. If you object, we delete it sooner, keeping only what is needed to respect your objection.`,
  period: (days) => {
    const months = monthsOf(days);
    return months === null ? plural(days, 'day', 'days') : `${plural(months, 'month', 'months')} (${plural(days, 'day', 'days')})`;
  },
  rights: (email) =>
    [
      'You have the right to:',
      '- access your data and receive a copy of it (Article 15 GDPR);',
      '- have inaccurate data corrected (rectification, Article 16);',
      '- have your data erased (Article 17);',
      '- have its use restricted (Article 18);',
      '- receive it in a structured, machine-readable format where Article 20 applies (data portability).',
      `To exercise these rights, write to ${email}. We will answer within one month. As we rely on our legitimate interest and not on your consent, there is no consent for you to withdraw: your right to object, above, applies instead.`,
    ].join('\n'),
  complaint: (authority) =>
    `You also have the right to lodge a complaint with a data protection supervisory authority, in particular in the country where you live or work: ${authority}.`,
  authority: {
    FR: 'the Commission nationale de l’informatique et des libertés (CNIL), www.cnil.fr',
    DE: 'the data protection authority of your federal state (Land); the Federal Commissioner for Data Protection and Freedom of Information (BfDI, www.bfdi.bund.de) lists them',
    AT: 'the Austrian Data Protection Authority (Datenschutzbehörde), www.dsb.gv.at',
    ES: 'the Spanish Data Protection Agency (Agencia Española de Protección de Datos, AEPD), www.aepd.es',
    BE: 'the Belgian Data Protection Authority, www.dataprotectionauthority.be',
    CH: 'the Federal Data Protection and Information Commissioner (FDPIC), www.edoeb.admin.ch',
    GB: 'the Information Commissioner’s Office (ICO), ico.org.uk',
    other: 'the data protection authority of your country',
  },
  automated: 'We make no decision about you based solely on automated processing, and we do not profile you.',
  closing: (company) => `Kind regards,\n${company}`,
};
