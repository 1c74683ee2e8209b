import type { Phone, PhoneType } from '@/lib/enrichment/model';
import { parseReportedPhone } from '@/lib/enrichment/phone';
import { flag, text, type Block } from '@/lib/api/responses/fields';

const NUMBER_KEYS = ['displayInternational', 'international', 'internationalNumber', 'e164', 'value', 'phone', 'number', 'display', 'raw'];

export interface PhonesRead {
  phones: Phone[];
  /** Entries no number could be read from; kept so the caller can still see them. */
  unreadable: unknown[];
}

/** Reads `"+33…"` or an entry such as `{displayInternational, countryCode, number, linkedWhatsapp}`. */
export function phoneFrom(value: unknown, type?: PhoneType): Phone | undefined {
  const entry = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Block) : undefined;
  const countryCode = text.parse(entry?.countryCode ?? entry?.country_code);
  let numbers: ReturnType<typeof parseReportedPhone>;
  if (entry) {
    for (const key of NUMBER_KEYS) {
      numbers = parseReportedPhone({ text: text.parse(entry[key]), countryCode });
      if (numbers) break;
    }
  } else {
    numbers = parseReportedPhone({ text: text.parse(value) });
  }
  if (!numbers) return undefined;
  const phone: Phone = { ...numbers };
  const kind = typeOf(entry?.type) ?? type;
  if (kind) phone.type = kind;
  const whatsapp = whatsappOf(entry);
  if (whatsapp !== undefined) phone.whatsapp = whatsapp;
  return phone;
}

/** `linkedWhatsapp` on enrichment, `whatsapp.isIn` on phone search. */
function whatsappOf(entry: Block | undefined): boolean | undefined {
  if (!entry) return undefined;
  const nested = entry.whatsapp;
  if (typeof nested === 'object' && nested !== null) return flag.parse((nested as Block).isIn);
  return flag.parse(entry.linkedWhatsapp ?? nested);
}

const TYPE_WORDS: Readonly<Partial<Record<string, PhoneType>>> = {
  mobile: 'mobile',
  cell: 'mobile',
  cellphone: 'mobile',
  wireless: 'mobile',
  work: 'work',
  office: 'work',
  business: 'work',
  switchboard: 'work',
  company: 'work',
  landline: 'landline',
  fixed: 'landline',
  fixedline: 'landline',
  home: 'landline',
};

/**
 * The gateway's word for the line. An undecided or unknown word ("landline-or-mobile") states
 * nothing Dossier can rely on, so the type stays undefined: never a guess, never "other".
 */
function typeOf(value: unknown): PhoneType | undefined {
  const word = text.parse(value)?.toLowerCase().replace(/[\s_-]/g, '');
  return word ? TYPE_WORDS[word] : undefined;
}

export function phonesFrom(values: unknown, type?: PhoneType): PhonesRead {
  const list = Array.isArray(values) ? values : values === undefined || values === null ? [] : [values];
  const read: PhonesRead = { phones: [], unreadable: [] };
  for (const value of list) {
    const phone = phoneFrom(value, type);
    if (phone) read.phones.push(phone);
    else read.unreadable.push(value);
  }
  read.phones = mergePhones(read.phones);
  return read;
}

/** One entry per E.164 number; a positive messaging-app check and a known type survive the merge. */
export function mergePhones(...lists: Phone[][]): Phone[] {
  const byNumber = new Map<string, Phone>();
  for (const phone of lists.flat()) {
    const known = byNumber.get(phone.e164);
    if (!known) {
      byNumber.set(phone.e164, { ...phone });
      continue;
    }
    if (known.type === undefined && phone.type !== undefined) known.type = phone.type;
    if (phone.whatsapp === true || (known.whatsapp === undefined && phone.whatsapp !== undefined)) known.whatsapp = phone.whatsapp;
  }
  return [...byNumber.values()];
}
