import { sendMessage } from '../messaging/messenger';

/** Asks the background to inject the panel into this tab; true once it is there. */
export async function showPanel(): Promise<boolean> {
  const reply = await sendMessage('showPanel', undefined).catch(() => null);
  return Boolean(reply?.ok && reply.value);
}
