import { browser } from 'wxt/browser';
import { connectionAddress, connectionOrigins, isLoopbackAddress, type ConnectionInput } from './connection';

/**
 * Asks for the CRM's host at the moment the user connects it. Chrome shows the prompt only
 * while the click's gesture is on the stack, so this is the first thing the handler awaits.
 * Loopback (the emulators, a local relay) is declared in the manifest.
 */
export async function requestCrmAccess(input: ConnectionInput): Promise<boolean> {
  if (isLoopbackAddress(connectionAddress(input))) return true;
  try {
    return await browser.permissions.request({ origins: connectionOrigins(input) });
  } catch {
    return false;
  }
}
