import { readTag } from '../../infra/read-cache/cached-read.js';

/** Boards and top three: out of date when a time is set, verified or rejected, or a driver's name changes. */
export const RIVAL_BOARD_READS = readTag('rivals-boards', ['RivalTimeSet', 'DriverProfileChanged']);

/** The live schedule: out of date when servers rotate or are edited. */
export const RIVAL_SCHEDULE_READS = readTag('rivals-schedule', ['RivalsScheduleRotated']);
