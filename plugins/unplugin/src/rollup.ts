/** Rollup plugin of unplugin-retromodel: `plugins: [retromodel(options)]`. */
import { retromodel } from './index.js';
export default retromodel.rollup;
