import type {
  Company,
  Enrichment,
  MicroblogProfile,
  PersonalEmailResult,
  PhoneSearchResult,
  ReversePhoneResult,
  WorkEmailResult,
} from '../api/model';

/**
 * One answer about someone, as the contact book takes it in: what was asked (the request's
 * identity keys and input), what came back (typed by operation), when, and whether it was paid.
 * The worker builds one after every lookup that matched (paid, free or from the ledger) and
 * after every CRM check; the history migration builds them from old entries.
 */
interface AnswerBase {
  historyId: string | null;
  at: number;
  /** Credits were spent on this answer (a ledger repeat or a free answer: false). */
  paid: boolean;
  /** Identity keys of the request (lib/identity/keys.ts): the profile, email or phone asked about. */
  requestKeys: string[];
  /** The request's input as validated (names, company, profile URL). */
  input: Record<string, unknown>;
}

export type ContactAnswer = AnswerBase &
  (
    | { op: 'enrichPerson'; value: Enrichment }
    | { op: 'enrichCompany'; value: Company }
    | { op: 'findWorkEmail'; value: WorkEmailResult }
    | { op: 'searchPhone'; value: PhoneSearchResult }
    | { op: 'searchPersonalEmail'; value: PersonalEmailResult }
    | { op: 'reversePhone'; value: ReversePhoneResult }
    | { op: 'microblogProfile' | 'microblogByEmail'; value: MicroblogProfile }
    | { op: 'crmCheck'; value: { crm: string; found: boolean; recordId?: string; url?: string } }
  );

export type ContactAnswerOp = ContactAnswer['op'];
