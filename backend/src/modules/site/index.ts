/** The site module's public face: site settings and maintenance. */
export { SiteModule } from './site.module.js';
