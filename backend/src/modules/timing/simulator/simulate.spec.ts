import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeAcServerPluginPacket } from '../protocols/ac-server-plugin/decode.js';
import { packetLogHeader, parsePacketLog } from './packet-log.js';
import { ManualScheduler } from './scheduler.js';
import { startSimulation } from './simulate.js';
import { UdpListener } from './udp-listener.spec-support.js';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../../test/fixtures/results', name));

describe('startSimulation', () => {
  it('plays a result file as an AC server into the plugin port', async () => {
    const plugin = await UdpListener.open();
    const simulation = await startSimulation({
      game: 'ac',
      source: { resultFile: fixture('ac-race.json'), fileName: 'ac-race.json' },
      port: plugin.port,
      host: '127.0.0.1',
      password: '',
      speed: 10,
      scheduler: new ManualScheduler(),
    });
    try {
      await plugin.until(() => plugin.packets.map(decodeAcServerPluginPacket).some((message) => message.kind === 'newSession'), 'the new session');
      expect(decodeAcServerPluginPacket(plugin.packets[0])).toEqual({ kind: 'version', protocolVersion: 4 });
    } finally {
      await simulation.close();
      await plugin.close();
    }
  });

  it('refuses a log of the other game, a qualifying file and a file that is no result', async () => {
    const common = { port: 0, host: '127.0.0.1', password: '', speed: 10, scheduler: new ManualScheduler() };
    await expect(startSimulation({ ...common, game: 'acc', source: { log: parsePacketLog(packetLogHeader('ac')) } })).rejects.toThrow('The packet log is of ac, not acc');
    await expect(startSimulation({ ...common, game: 'acc', source: { resultFile: fixture('acc-qualifying.utf8.json'), fileName: 'q.json' } })).rejects.toThrow(/qualifying/);
    await expect(startSimulation({ ...common, game: 'ac', source: { resultFile: fixture('garbage.bin'), fileName: 'garbage.bin' } })).rejects.toThrow(/Not an ACC/);
  });

  it('reads only packet logs', () => {
    expect(() => parsePacketLog('{"game":"rf2"}\n')).toThrow(/names no game/);
    expect(() => parsePacketLog(`${packetLogHeader('ac')}{"atMs":"soon"}\n`)).toThrow('Packet log line 2 is not a packet');
  });
});
