/** The rivals module's public face: hot-lap boards, servers and their rotation. */
export { RivalsModule } from './rivals.module.js';
export { RivalsBoardsService } from './rivals-boards.service.js';
