// The notifications feature's public face: the header's bell, the cache keys pushes refresh, and the profile's channel settings (its page loads lazily through app/areas).
export { notificationKeys, notificationQueries } from './api.js';
export { NotificationBell } from './NotificationBell.js';
export { NotificationSettingsSlot } from './NotificationSettingsSlot.js';
