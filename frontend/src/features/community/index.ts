// The community feature's public face: headlines and what else the league shares.
export { communityCommands, communityKeys, communityQueries } from './api.js';
