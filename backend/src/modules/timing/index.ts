/** The live timing module's public face: the game servers' timing protocols, read and written. */
export { decodeAccBroadcastingPacket, decodeAccBroadcastingRequest } from './protocols/acc-broadcasting/decode.js';
export { encodeAccBroadcastingMessage, encodeAccBroadcastingRequest } from './protocols/acc-broadcasting/encode.js';
export type { AccRequest, AccServerMessage } from './protocols/acc-broadcasting/messages.js';
export { decodeAcServerPluginPacket, decodeAcServerPluginRequest } from './protocols/ac-server-plugin/decode.js';
export { encodeAcServerPluginMessage, encodeAcServerPluginRequest } from './protocols/ac-server-plugin/encode.js';
export type { AcRequest, AcServerMessage } from './protocols/ac-server-plugin/messages.js';
export { TimingModule } from './timing.module.js';
export { TimingIngestModule } from './ingest/timing-ingest.module.js';
export { LiveRoomPolicy } from './live-room.policy.js';
export { startSimulation, type Simulation, type SimulationOptions } from './simulator/simulate.js';
export { packetLogHeader, packetLogLine, parsePacketLog, type SimulatedGame } from './simulator/packet-log.js';
export type { ResolveDriver, TimingMessage, TimingSession } from './session/timing-session.js';
export type { TimingSessionState } from './session/session-state.js';
export { createTimingSession, restoreTimingSession } from './session/live-timing-session.js';
export { draftClassification } from './session/draft-classification.js';
