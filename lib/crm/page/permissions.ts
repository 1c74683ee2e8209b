import { requestHostAccess } from '@/lib/settings/permissions';
import { connectionOrigins, type ConnectionInput } from '@/lib/crm/connection';

/**
 * Asks for the CRM's host at the moment the user connects it. Chrome shows the prompt only
 * while the click's gesture is on the stack, so this is the first thing the handler awaits.
 * A host on this computer (the emulators, a local relay) is asked for too, unless the build
 * declares it (development and automation builds do; store builds do not).
 */
export function requestCrmAccess(input: ConnectionInput): Promise<boolean> {
  return requestHostAccess(connectionOrigins(input));
}
