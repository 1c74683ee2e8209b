import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) spent so far by a browser launched with `marker` on its command
 * line and by every process under it (renderers, the storage service, the GPU process). On a
 * shared machine wall time stretches with the other work; the CPU a task takes much less, so a
 * bench gives both. By kind of process (`browser`, `renderer`, `utility`, `gpu-process`…);
 * Linux only (/proc), null elsewhere.
 */
export function browserCpuByKind(marker: string): Record<string, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const procs = new Map<string, { parent: string; ticks: number; command: string }>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name (in parentheses) may hold spaces: fields are counted after its end.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      procs.set(pid, { parent: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]), command });
    } catch {
      // Gone meanwhile.
    }
  }
  const roots = [...procs].filter(([, p]) => p.command.includes(marker) && !p.command.includes('--type=')).map(([pid]) => pid);
  if (!roots.length) return null;
  const tree = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!tree.has(pid) && tree.has(p.parent)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  const out: Record<string, number> = {};
  for (const pid of tree) {
    const { ticks, command } = procs.get(pid)!;
    const kind = /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser';
    // Clock ticks of 10 ms (USER_HZ is 100 on Linux).
    out[kind] = (out[kind] ?? 0) + ticks * 10;
  }
  return out;
}
