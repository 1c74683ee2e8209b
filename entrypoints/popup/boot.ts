import { startConnectionMirror } from '@/components/settings/connection-store';
import { startPreferencesMirror } from '@/components/settings/preferences-store';
import { startRecentHistoryMirror } from '@/components/history/recent-store';

// Imported first by main.tsx: the background’s answers travel while React renders.
// The popup lives until it closes: nothing to stop.
startConnectionMirror();
startPreferencesMirror();
startRecentHistoryMirror();
