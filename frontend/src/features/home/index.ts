// The home feature's public face: the Home screen, which comes with the public area.
export { default as HomePage } from './HomePage.js';
