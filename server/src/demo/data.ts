/**
 * The demo store's fixed data: categories, products and their variation axes, tax rates, places,
 * customer names and coupons.
 */
export interface CategorySpec {
	id: number;
	name: string;
	parent: number;
}

export const CATEGORIES: CategorySpec[] = [
	{ id: 1, name: 'Clothing', parent: 0 },
	{ id: 2, name: 'T-shirts', parent: 1 },
	{ id: 3, name: 'Hoodies', parent: 1 },
	{ id: 4, name: 'Accessories', parent: 1 },
	{ id: 5, name: 'Music', parent: 0 },
	{ id: 6, name: 'Albums', parent: 5 },
	{ id: 7, name: 'Singles', parent: 5 },
	{ id: 8, name: 'Books', parent: 0 },
	{ id: 9, name: 'E-books', parent: 8 },
	{ id: 10, name: 'Home', parent: 0 },
	{ id: 11, name: 'Kitchen', parent: 10 },
	{ id: 12, name: 'Decor', parent: 10 },
	{ id: 13, name: 'Uncategorized', parent: 0 },
];

export const COLORS = ['Red', 'Blue', 'Green', 'Black'];
export const SIZES = ['Small', 'Medium', 'Large', 'XL'];

export interface ProductSpec {
	name: string;
	price: number;
	categories: number[];
	/** Variation axes: c = colour, s = size. */
	vary?: 'c' | 's' | 'cs';
	downloadable?: boolean;
	weight: number;
}

export const PRODUCTS: ProductSpec[] = [
	{ name: 'V-Neck T-Shirt', price: 18, categories: [2], vary: 'cs', weight: 9 },
	{ name: 'Hoodie', price: 45, categories: [3], vary: 'cs', weight: 7 },
	{ name: 'Hoodie with Logo', price: 48, categories: [3], vary: 'c', weight: 4 },
	{ name: 'Classic T-Shirt', price: 16, categories: [2], vary: 's', weight: 6 },
	{ name: 'Polo', price: 22, categories: [2], weight: 4 },
	{ name: 'Long Sleeve Tee', price: 25, categories: [2], weight: 3 },
	{ name: 'Zip Hoodie', price: 52, categories: [3], weight: 3 },
	{ name: 'Beanie', price: 14, categories: [4], vary: 'c', weight: 5 },
	{ name: 'Cap', price: 16, categories: [4], weight: 5 },
	{ name: 'Belt', price: 40, categories: [4], weight: 2 },
	{ name: 'Sunglasses', price: 70, categories: [4], weight: 2 },
	{ name: 'Scarf', price: 24, categories: [4], weight: 2 },
	{ name: 'Socks (3 pairs)', price: 12, categories: [4], weight: 6 },
	{ name: 'Album: Night Drive', price: 15, categories: [6], downloadable: true, weight: 4 },
	{ name: 'Album: Quiet Hours', price: 15, categories: [6], downloadable: true, weight: 3 },
	{ name: 'Single: Lanterns', price: 2, categories: [7], downloadable: true, weight: 4 },
	{ name: 'Single: Northbound', price: 2, categories: [7], downloadable: true, weight: 3 },
	{ name: 'Vinyl: Night Drive', price: 29, categories: [6], weight: 2 },
	{ name: 'Field Guide to Birds', price: 32, categories: [8], weight: 2 },
	{ name: 'The Long Harvest', price: 21, categories: [8], weight: 2 },
	{ name: 'E-book: Bread at Home', price: 9, categories: [9, 11], downloadable: true, weight: 3 },
	{ name: 'E-book: Small Spaces', price: 9, categories: [9, 12], downloadable: true, weight: 2 },
	{ name: 'Coffee Mug', price: 11, categories: [11], weight: 6 },
	{ name: 'Chef Knife', price: 85, categories: [11], weight: 2 },
	{ name: 'Cutting Board', price: 34, categories: [11], weight: 2 },
	{ name: 'Tea Towel Set', price: 15, categories: [11], weight: 3 },
	{ name: 'French Press', price: 39, categories: [11], weight: 2 },
	{ name: 'Throw Pillow', price: 28, categories: [12], vary: 'c', weight: 3 },
	{ name: 'Wall Print', price: 35, categories: [12], weight: 2 },
	{ name: 'Candle', price: 19, categories: [12], weight: 4 },
	{ name: 'Vase', price: 42, categories: [12], weight: 1 },
	{ name: 'Planter', price: 26, categories: [12, 11], weight: 2 },
	{ name: 'Tote Bag', price: 18, categories: [4, 12], weight: 3 },
	{ name: 'Gift Card', price: 50, categories: [13], weight: 2 },
	{ name: 'Sticker Pack', price: 5, categories: [13], weight: 4 },
	{ name: 'Poster', price: 12, categories: [13], weight: 2 },
	{ name: 'Umbrella', price: 30, categories: [4], weight: 1 },
	{ name: 'Water Bottle', price: 20, categories: [11], weight: 3 },
	{ name: 'Notebook', price: 8, categories: [13], weight: 3 },
	{ name: 'Discontinued Lamp', price: 60, categories: [12], weight: 0.2 },
];

export interface TaxRate {
	id: number;
	country: string;
	state: string;
	rate: number;
	name: string;
	priority: number;
	shipping: boolean;
}

export const TAX_RATES: TaxRate[] = [
	{ id: 1, country: 'US', state: 'CA', rate: 6, name: 'State Tax', priority: 1, shipping: true },
	{
		id: 2,
		country: 'US',
		state: 'CA',
		rate: 1.25,
		name: 'County Tax',
		priority: 2,
		shipping: false,
	},
	{ id: 3, country: 'US', state: 'NY', rate: 4, name: 'State Tax', priority: 1, shipping: true },
	{ id: 4, country: 'GB', state: '', rate: 20, name: 'VAT', priority: 1, shipping: true },
	{ id: 5, country: 'DE', state: '', rate: 19, name: 'MwSt', priority: 1, shipping: true },
	{ id: 6, country: 'CA', state: 'ON', rate: 13, name: 'HST', priority: 1, shipping: true },
];

export const PLACES: Array<[string, string, string, string, number]> = [
	['US', 'CA', 'San Francisco', '94103', 22],
	['US', 'CA', 'Los Angeles', '90012', 18],
	['US', 'NY', 'New York', '10001', 16],
	['US', 'TX', 'Austin', '73301', 10],
	['US', 'WA', 'Seattle', '98101', 7],
	['GB', '', 'London', 'EC1A 1BB', 8],
	['DE', '', 'Berlin', '10115', 6],
	['CA', 'ON', 'Toronto', 'M5H 2N2', 6],
	['FR', '', 'Paris', '75001', 4],
	['AU', 'NSW', 'Sydney', '2000', 3],
];

export const FIRST = [
	'Ada',
	'Grace',
	'Alan',
	'Linus',
	'Mira',
	'Omar',
	'Yuki',
	'Priya',
	'Lena',
	'Tomas',
	'Ines',
	'Kofi',
	'Sara',
	'Noah',
	'Maya',
	'Ivan',
	'Zoe',
	'Liam',
	'Ana',
	'Ravi',
];
export const LAST = [
	'Lovelace',
	'Hopper',
	'Turing',
	'Nakamura',
	'Okafor',
	'Garcia',
	'Smith',
	'Novak',
	'Rossi',
	'Schmidt',
	'Dubois',
	'Kowalski',
	'Silva',
	'Khan',
	'Berg',
	'Moreau',
	'Haddad',
	'Lee',
	'Costa',
	'Walsh',
];

export const COUPONS: Array<[string, 'percent' | 'fixed_cart', number]> = [
	['welcome10', 'percent', 10],
	['summer20', 'percent', 20],
	['blackfriday', 'percent', 30],
	['freeship', 'fixed_cart', 5],
	['save10', 'fixed_cart', 10],
	['vip15', 'percent', 15],
];

export function slugify(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
}
