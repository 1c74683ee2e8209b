import type { Handlers } from '@/lib/contracts/handlers';
import type { ProfileViewCounter } from '@/lib/network-safety/worker/counter';

export function createNetworkSafetyHandlers(counter: Pick<ProfileViewCounter, 'counts'>): Pick<Handlers, 'profileViews'> {
  return {
    profileViews: async () => ({ ok: true, value: await counter.counts() }),
  };
}
