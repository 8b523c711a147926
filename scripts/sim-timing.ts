/**
 * Plays a race into a UDP port as the game's server would, for live timing without a game running:
 *
 *   npm run sim:timing -- --game acc|ac --from <result file> --port N [--speed 10] [--host 127.0.0.1]
 *                         [--password asd] [--record <packet log>] [--replay <packet log>] [--local-port N]
 *
 * ACC: the simulator is the game's broadcasting port, listening on --host:--port; the race starts when the
 * first client registers with the connection password (--password, ACC's default "asd").
 * AC: the simulator is acServer, sending to the UDP plugin at --host:--port and taking its commands on
 * --local-port (any free one by default); the race starts at once.
 * --record writes the packets sent (JSON lines, race time and base64) so --replay plays them back at --speed.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { packetLogHeader, packetLogLine, parsePacketLog, type SimulatedGame, startSimulation } from '../backend/src/modules/timing/index.js';

const USAGE =
  'usage: npm run sim:timing -- --game acc|ac (--from <result file> | --replay <packet log>) --port N [--speed 10] [--host 127.0.0.1] [--password asd] [--record <packet log>]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    from: { type: 'string' },
    replay: { type: 'string' },
    port: { type: 'string' },
    speed: { type: 'string', default: '1' },
    host: { type: 'string', default: '127.0.0.1' },
    password: { type: 'string', default: 'asd' },
    record: { type: 'string' },
  },
});

const game: SimulatedGame = values.game === 'acc' || values.game === 'ac' ? values.game : fail('--game must be acc or ac');
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail('--port must be a UDP port (1-65535)');
const speed = Number(values.speed);
if (!(speed > 0)) fail('--speed must be a positive number');
if ((values.from === undefined) === (values.replay === undefined)) fail('give either --from <result file> or --replay <packet log>');

const recording = values.record ? createWriteStream(values.record) : null;
recording?.write(packetLogHeader(game));

const simulation = await (async () => {
  try {
    const source = values.from
      ? { resultFile: await readFile(values.from), fileName: path.basename(values.from) }
      : { log: parsePacketLog(await readFile(values.replay ?? '', 'utf8')) };
    return await startSimulation({
      game,
      source,
      port,
      host: values.host,
      password: values.password,
      speed,
      record: recording ? (packet) => recording.write(packetLogLine(packet)) : undefined,
      log: (line) => console.log(line),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
})();

console.log(
  game === 'acc'
    ? `ACC broadcasting on ${values.host}:${simulation.port} (connection password "${values.password}"), ${speed}× real time: the race starts when a client registers`
    : `AC server sending to the plugin at ${values.host}:${port}, taking commands on 127.0.0.1:${simulation.port}, ${speed}× real time`,
);

const stop = async (code: number) => {
  await simulation.close();
  if (recording) await new Promise((resolve) => recording.end(resolve));
  process.exit(code);
};
process.once('SIGINT', () => void stop(130));
// The scheduler's timers are unref'd: an interval keeps the process up until the race ends.
const keepAlive = setInterval(() => undefined, 1000);
await simulation.finished;
clearInterval(keepAlive);
console.log('The race is over.');
await stop(0);
