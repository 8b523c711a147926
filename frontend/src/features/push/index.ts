// The push feature's public face: the profile's "Notifications on this device" panel.
export { pushQueries } from './api.js';
export { DeviceNotifications } from './components/DeviceNotifications.js';
