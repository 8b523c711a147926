/** The audit module's public face: other modules record staff changes through it, never through its entity. */
export { recordStaffChange, recordStaffDeletion, recordStaffSave, snapshotOf, type StaffChange } from './audit-log.js';
