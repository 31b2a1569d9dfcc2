/**
 * The downloads report page (loaded as its own chunk).
 */
import { createReportPage } from '../report-page.js';
import { config } from './config.js';

export default createReportPage(config);
