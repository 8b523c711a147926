/** The health module's public face: the health check. */
export { HealthModule } from './health.module.js';
