/** One entry point for the CLI (and the demo): a simulated ACC game or AC server, playing a result file or a packet log. */
import { parseResultFile } from '../../competitions/index.js';
import { loggedAcFeed, scriptAcFeed } from './ac-feed.js';
import { AcServer } from './ac-server.js';
import { loggedAccFeed, scriptAccFeed } from './acc-feed.js';
import { AccGame } from './acc-game.js';
import type { PacketLog, PacketRecorder, SimulatedGame } from './packet-log.js';
import { buildRaceScript } from './race-script.js';
import type { Scheduler } from './scheduler.js';

export interface SimulationOptions {
  game: SimulatedGame;
  /** What to play: a result file's race, or a recorded log (of the same game). */
  source: { resultFile: Buffer; fileName: string } | { log: PacketLog };
  /** ACC: the port the game listens on. AC: the plugin's port the server sends to. */
  port: number;
  /** ACC: the address the game listens on. AC: the plugin's address. */
  host: string;
  /** ACC's connection password. */
  password: string;
  speed: number;
  scheduler?: Scheduler;
  record?: PacketRecorder;
  log?: (line: string) => void;
}

export interface Simulation {
  /** ACC: the port the game listens on; AC: the port the server takes commands on. */
  readonly port: number;
  /** Settles when the race has been played to its end. */
  readonly finished: Promise<void>;
  close(): Promise<void>;
}

const scriptOf = ({ resultFile, fileName }: { resultFile: Buffer; fileName: string }) => buildRaceScript(parseResultFile(resultFile, fileName));

export async function startSimulation(options: SimulationOptions): Promise<Simulation> {
  const { source } = options;
  if ('log' in source && source.log.game !== options.game) throw new Error(`The packet log is of ${source.log.game}, not ${options.game}`);
  const common = { speed: options.speed, scheduler: options.scheduler, record: options.record, log: options.log };
  if (options.game === 'acc') {
    const feed = 'log' in source ? loggedAccFeed(source.log.packets) : scriptAccFeed(scriptOf(source));
    return AccGame.start({ ...common, feed, port: options.port, host: options.host, connectionPassword: options.password });
  }
  const feed = 'log' in source ? loggedAcFeed(source.log.packets) : scriptAcFeed(scriptOf(source));
  return AcServer.start({ ...common, feed, port: options.port, host: options.host });
}
