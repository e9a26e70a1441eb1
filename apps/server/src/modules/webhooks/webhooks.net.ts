// Where a webhook may point (server-side request forgery): https in production, and never an address inside our
// network — loopback, private, carrier-grade NAT, link-local (the cloud metadata service at 169.254.169.254),
// unique-local, multicast, reserved. Checked when an endpoint is saved and again at every delivery, after DNS:
// every address the name resolves to is checked, and the connection goes to the checked address (a name that
// resolves elsewhere a second later — DNS rebinding — cannot slip through).
import dns from 'node:dns';
import net from 'node:net';
import { AppError } from '../../core/errors';

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(address, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is checked as the IPv4 it is.
  const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isBlockedAddress(mapped[1]!);
  const hex = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return isBlockedAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return BLOCKED.check(address, 'ipv6');
}

export interface TargetPolicy {
  /** Development and tests: http, loopback and private addresses are allowed. */
  allowPrivateTargets: boolean;
}

type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

const refuse = (address: string) =>
  new AppError('webhook.privateAddress', {
    field: 'url',
    message: `Адрес ведёт во внутреннюю сеть (${address}): укажите адрес, доступный из интернета`,
  });

/**
 * The addresses a URL may be delivered to, every one checked; throws the field error the seller sees.
 * `localhost` and `*.localhost` are loopback by definition (RFC 6761) and refused before any lookup.
 */
export async function resolveTarget(
  rawUrl: string,
  policy: TargetPolicy,
  lookup: Lookup = systemLookup,
): Promise<{ address: string; family: number }[]> {
  const url = new URL(rawUrl);
  if (url.protocol !== 'https:' && !policy.allowPrivateTargets)
    throw new AppError('webhook.httpsRequired', { field: 'url' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = net.isIP(host);
  if (family) {
    if (!policy.allowPrivateTargets && isBlockedAddress(host)) throw refuse(host);
    return [{ address: host, family }];
  }
  if (!policy.allowPrivateTargets && (host === 'localhost' || host.endsWith('.localhost')))
    throw refuse(host);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host);
  } catch {
    throw new AppError('webhook.unresolvable', { field: 'url' });
  }
  if (!addresses.length) throw new AppError('webhook.unresolvable', { field: 'url' });
  if (!policy.allowPrivateTargets) {
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad) throw refuse(`${host} → ${bad.address}`);
  }
  return addresses;
}
