import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import { CONTENT_SCRIPT_MESSAGES, messageSchemas, type MessageName, type Outcome, type Replies } from '@/lib/contracts/protocol';
import type { Handlers } from '@/lib/contracts/handlers';
import { isExtensionPageSender, isOwnContentScriptSender, type SenderInfo } from '@/lib/platform/messaging/sender';
import { redactApiKey } from '@/lib/api/redact';

export type { Handlers } from '@/lib/contracts/handlers';

export interface RouterIdentity {
  extensionId: string;
  extensionOrigin: string;
}

/**
 * Who may send a message, decided on the sender Chrome reports, never on the message: the
 * extension's own pages may send anything; a content script of this extension, in a tab, may
 * only report what it read there (CONTENT_SCRIPT_MESSAGES); nobody else may send anything.
 */
export function mayReceive(name: MessageName, sender: SenderInfo, identity: RouterIdentity): boolean {
  if (isExtensionPageSender(sender, identity.extensionId, identity.extensionOrigin)) return true;
  return CONTENT_SCRIPT_MESSAGES.has(name) && isOwnContentScriptSender(sender, identity.extensionId, identity.extensionOrigin);
}

/**
 * The background's single entrance: checks who is asking, validates the data, and turns
 * every failure into an Outcome so that no context ever sees a raw exception (or a secret
 * inside one).
 */
export function createRouter(handlers: Handlers, identity: RouterIdentity) {
  return async function dispatch<N extends MessageName>(name: N, data: unknown, sender: SenderInfo): Promise<Outcome<Replies[N]>> {
    const schema = Object.hasOwn(messageSchemas, name) ? messageSchemas[name] : undefined;
    if (!schema) return refuse('invalid_message', DOSSIER_ERRORS.invalid_message('unknown request'));
    if (!mayReceive(name, sender, identity)) return refuse('forbidden', DOSSIER_ERRORS.forbidden);
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
