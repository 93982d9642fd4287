import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The server connects to nothing but its database. Reads the server
 * process's own sockets from /proc (Linux) and names every TCP connection it opened itself: one
 * whose local port is not the port it listens on, going to a port that is not the database's.
 */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      /* closed while reading */
    }
  }
  return inodes;
}

const port = (hexAddress: string) => Number.parseInt(hexAddress.split(':')[1] ?? '0', 16);

export function outboundConnections(pid: number, listenPort: number, allowedRemotePorts: number[]): string[] {
  const mine = socketInodes(pid);
  const found: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const [local = '', remote = '', state = '', inode = ''] = [cols[1], cols[2], cols[3], cols[9]];
      // 0A is LISTEN; an outbound socket has a local port other than the one we listen on
      if (!mine.has(inode) || state === '0A' || port(local) === listenPort) continue;
      if (!allowedRemotePorts.includes(port(remote))) found.push(`${table} ${local} → ${remote} (state ${state})`);
    }
  }
  return found;
}
