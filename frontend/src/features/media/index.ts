// The media feature's public face. MediaPage is loaded lazily by app/areas through its own path.
export { VideoCard } from './VideoCard.js';
export { VideoGrid } from './VideoGrid.js';
