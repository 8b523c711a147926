// The users feature's public face: the admins' reads of users and roles (its screens load lazily through app/areas).
export { userKeys, userQueries } from './api.js';
