/**
 * CPU time of another process, from Linux's /proc/<pid>/stat (user + system, its own and its
 * waited-for children's), in milliseconds: how the rush bench splits the machine's CPU per attend
 * between the API, the Auth emulator and itself. Undefined where /proc cannot tell.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // Linux's USER_HZ on every architecture Node supports

export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are plain.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17 of the whole line: 11–14 after the name.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
