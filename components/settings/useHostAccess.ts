import { useEffect, useState } from 'react';
import type { HostAccess } from '@/lib/settings/permissions';

/**
 * Whether the browser grants an optional host access, kept current (the user may take it back in
 * the browser's own settings), and the switch's way to change it: null until known. The change is
 * the first thing awaited, as the prompt needs the click's user gesture.
 */
export function useHostAccess(access: Pick<HostAccess, 'has' | 'set' | 'watch'>): [granted: boolean | null, set: (enabled: boolean) => Promise<boolean>] {
  const [granted, setGranted] = useState<boolean | null>(null);
  useEffect(() => {
    void access.has().then(setGranted);
    return access.watch(setGranted);
  }, [access]);
  async function set(enabled: boolean) {
    const now = await access.set(enabled);
    setGranted(now);
    return now;
  }
  return [granted, set];
}
