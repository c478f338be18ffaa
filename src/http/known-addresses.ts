import net from 'node:net';

// Addresses a faked service's real hosts are reached at, for the connection backstop: a raw socket opened
// to one of them (`net.connect(443, '140.82.112.3')`, no host name to go by) is a connection to the real
// service as surely as one to its name.
//
// Only blocks that belong to the service itself are listed:
// - GitHub: the blocks of its own network (AS36459) in the `api` list of `GET https://api.github.com/meta`.
//   The Azure addresses that list also names are shared with other Azure tenants and are left out.
// - Facebook Graph and Google's APIs publish no address list of their own: their front ends share
//   addresses with every other Meta / Google product (and Google's with Cloud customers' load
//   balancers), so an address cannot tell a connection to the faked API from any other. Connections to
//   them are stopped by name (a host name, or the TLS server name a client sends) only.

/** A block of addresses, in CIDR notation. */
type Cidr = `${string}/${number}`;

const BLOCKS: ReadonlyArray<{ host: string; cidrs: readonly Cidr[] }> = [
  {
    host: 'api.github.com',
    cidrs: ['192.30.252.0/22', '185.199.108.0/22', '140.82.112.0/20', '143.55.64.0/20', '2a0a:a440::/29', '2606:50c0::/32'],
  },
];

/** The ports a connection to the service's addresses is stopped on: its HTTP and HTTPS ports. */
const WEB_PORTS: ReadonlySet<number> = new Set([80, 443]);

let lists: Array<{ host: string; list: net.BlockList }> | undefined;

function blockLists(): Array<{ host: string; list: net.BlockList }> {
  if (lists) return lists;
  lists = BLOCKS.map(({ host, cidrs }) => {
    const list = new net.BlockList();
    for (const cidr of cidrs) {
      const [address = '', prefix = '0'] = cidr.split('/');
      list.addSubnet(address, Number(prefix), net.isIPv6(address) ? 'ipv6' : 'ipv4');
    }
    return { host, list };
  });
  return lists;
}

/**
 * The faked service host an IP address on a web port belongs to (`'api.github.com'` for
 * `140.82.112.3:443`), or undefined: not an address literal, another port, or no listed block.
 */
export function knownHostOf(address: string, port: number): string | undefined {
  if (!WEB_PORTS.has(port)) return undefined;
  let ip = address.replace(/^\[|\]$/g, '');
  // An IPv4 address written as IPv6 (`::ffff:140.82.112.3`) is the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1] as string;
  const family = net.isIP(ip);
  if (family === 0) return undefined;
  for (const { host, list } of blockLists()) if (list.check(ip, family === 6 ? 'ipv6' : 'ipv4')) return host;
  return undefined;
}
