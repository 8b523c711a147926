/** The notifications module's public face: the notification centre. */
export { NotificationsModule } from './notifications.module.js';
export { NotificationsService, type NewNotification } from './notifications.service.js';
