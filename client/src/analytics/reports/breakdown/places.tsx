/**
 * The places report page (loaded as its own chunk).
 */
import { createBreakdownPage } from './page.js';

export default createBreakdownPage('places');
