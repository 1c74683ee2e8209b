import { startConnectionMirror } from '@/components/stores/connection';
import { startPreferencesMirror } from '@/components/stores/preferences';
import { startRecentHistoryMirror } from '@/components/stores/recent-history';

// Imported first by main.tsx: the background’s answers travel while React renders.
// The popup lives until it closes: nothing to stop.
startConnectionMirror();
startPreferencesMirror();
startRecentHistoryMirror();
