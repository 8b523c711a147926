/** The ops module's public face: metrics and the queue dashboard. */
export { OpsModule } from './ops.module.js';
