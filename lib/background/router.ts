import { DOSSIER_ERRORS } from '../errors/catalog';
import {
  messageSchemas,
  PRIVILEGED_MESSAGES,
  type MessageName,
  type Outcome,
  type Replies,
} from '../messaging/protocol';
import { isExtensionPageSender, type SenderInfo } from '../messaging/sender';
import { redactApiKey } from '../api/redact';

export type Handlers = {
  [N in MessageName]: (data: import('zod').infer<(typeof messageSchemas)[N]>, sender: SenderInfo) => Promise<Outcome<Replies[N]>>;
};

export interface RouterIdentity {
  extensionId: string;
  extensionOrigin: string;
}

/**
 * The background's single entrance: validates the data, checks who is asking, and turns
 * every failure into an Outcome so that no context ever sees a raw exception (or a secret
 * inside one).
 */
export function createRouter(handlers: Handlers, identity: RouterIdentity) {
  return async function dispatch<N extends MessageName>(name: N, data: unknown, sender: SenderInfo): Promise<Outcome<Replies[N]>> {
    const schema = messageSchemas[name];
    if (!schema) return refuse('invalid_message', DOSSIER_ERRORS.invalid_message('unknown request'));
    if (PRIVILEGED_MESSAGES.has(name) && !isExtensionPageSender(sender, identity.extensionId, identity.extensionOrigin)) {
      return refuse('forbidden', DOSSIER_ERRORS.forbidden);
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      return refuse('invalid_message', DOSSIER_ERRORS.invalid_message(parsed.error.issues[0]?.message ?? 'invalid data'));
    }
    try {
      const handler = handlers[name] as (d: unknown, s: SenderInfo) => Promise<Outcome<Replies[N]>>;
      return await handler(parsed.data, sender);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return refuse('internal', DOSSIER_ERRORS.internal(redactApiKey(detail)));
    }
  };
}

function refuse(kind: string, message: string): { ok: false; error: { kind: string; message: string } } {
  return { ok: false, error: { kind, message } };
}
