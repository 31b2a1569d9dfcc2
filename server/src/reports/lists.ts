/**
 * Every table report's list, one file each (README "Lists"), for the modules that take them all
 * (the routes, the exports); a module that needs one report's list imports its file.
 */
export { categoriesList } from './categories-list.js';
export { couponsList } from './coupons-list.js';
export { downloadsList, downloadWhere, wantsEmbed } from './downloads-list.js';
export { ordersList } from './orders-list.js';
export { productsList } from './products-list.js';
export { stockCondition, stockList, stockStats } from './stock-list.js';
export { taxesList } from './taxes-list.js';
export { variationsList } from './variations-list.js';
