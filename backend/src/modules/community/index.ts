/** The community module's public face: headlines, affiliates, merchandise and downloads. */
export { CommunityModule } from './community.module.js';
export { WebUrlField } from './community.fields.js';
