import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from '@/lib/contracts/protocol';

/** The one messenger every context imports; the protocol map is its whole vocabulary. */
export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>({ logger: undefined });
