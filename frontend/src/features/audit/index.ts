// The audit feature's public face: the admins' read of the audit log (its screen loads lazily through app/areas).
export { auditKeys, auditQueries } from './api.js';
