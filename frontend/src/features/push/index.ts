// The push feature's public face: the profile's "Notifications on this device" panel.
export { DeviceNotifications } from './components/DeviceNotifications.js';
