import { randomInt } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';
import { networkAddressOf } from './ip-networks.ts';

/**
 * The fast path must key the counts exactly as @fastify/rate-limit's normalizeIP did (stored
 * same-network hashes and live rate-limit rows were made with it): compared on every spelling
 * a proxy may report and on random addresses, at each prefix the limits use.
 */
describe('networkAddressOf', () => {
  const prefixes = [128, 64, 56, 48];

  const randomGroup = () => {
    // Zeros often, so that runs of zero groups of every length occur.
    const kind = randomInt(4);
    return kind === 0 ? 0 : kind === 1 ? randomInt(16) : randomInt(0x10000);
  };
  const spell = (groups: number[]) => {
    const style = randomInt(3);
    const parts = groups.map((group) =>
      style === 0 ? group.toString(16).padStart(4, '0').toUpperCase() : group.toString(16),
    );
    return style === 2 ? normalizeIP(parts.join(':'), 128) : parts.join(':');
  };

  it('agrees with normalizeIP on random addresses, however written', () => {
    for (let round = 0; round < 5000; round += 1) {
      const ip = spell(Array.from({ length: 8 }, randomGroup));
      for (const prefix of prefixes) {
        expect(networkAddressOf(ip, prefix), `${ip}/${prefix}`).toBe(normalizeIP(ip, prefix));
      }
    }
  });

  it('agrees on the spellings that are not plain hexadecimal, and on IPv4', () => {
    const odd = [
      '1.2.3.4',
      '::ffff:1.2.3.4',
      '::ffff:102:304',
      '::',
      '::1',
      '1::',
      'fe80::1%eth0',
      '64:ff9b::192.0.2.33',
      '2001:db8::1:0:0:1',
      '2001:0:0:1:0:0:0:1',
      '2001:db8:0:0:1:0:0:0',
    ];
    for (const ip of odd) {
      for (const prefix of prefixes) {
        expect(networkAddressOf(ip, prefix), `${ip}/${prefix}`).toBe(normalizeIP(ip, prefix));
      }
    }
  });
});
