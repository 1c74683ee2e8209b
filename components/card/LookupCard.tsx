import { answerOfResponse } from '@/lib/card/from-answer';
import { requestKeysOf } from '@/lib/book/from-history';
import type { LookupResponse } from '@/lib/lookup/contract';
import { AnswerCard } from '@/components/card/AnswerCard';

/**
 * The card of whoever a lookup reply is about (the popup's quick lookup, a right-click's
 * answer). Its own module, so that the popup loads the card (and the contact book's code)
 * only once there is a reply to show.
 */
export function LookupCard({ response, input = {} }: { response: LookupResponse; input?: Record<string, unknown> }) {
  return <AnswerCard answer={answerOfResponse(response, input)} askedKeys={requestKeysOf({ identity: null, input })} />;
}

export default LookupCard;
