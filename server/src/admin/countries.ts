/**
 * Countries and states the store knows (ISO 3166-1 alpha-2 codes; subdivisions for the countries
 * whose addresses need them).
 */
export interface Country {
	code: string;
	name: string;
	states: Array<{ code: string; name: string }>;
}

const NAMES: Record<string, string> = {
	AR: 'Argentina',
	AT: 'Austria',
	AU: 'Australia',
	BE: 'Belgium',
	BR: 'Brazil',
	CA: 'Canada',
	CH: 'Switzerland',
	CL: 'Chile',
	CN: 'China',
	CO: 'Colombia',
	CZ: 'Czech Republic',
	DE: 'Germany',
	DK: 'Denmark',
	EG: 'Egypt',
	ES: 'Spain',
	FI: 'Finland',
	FR: 'France',
	GB: 'United Kingdom (UK)',
	GR: 'Greece',
	HK: 'Hong Kong',
	HU: 'Hungary',
	ID: 'Indonesia',
	IE: 'Ireland',
	IL: 'Israel',
	IN: 'India',
	IT: 'Italy',
	JP: 'Japan',
	KE: 'Kenya',
	KR: 'South Korea',
	MX: 'Mexico',
	MY: 'Malaysia',
	NG: 'Nigeria',
	NL: 'Netherlands',
	NO: 'Norway',
	NZ: 'New Zealand',
	PE: 'Peru',
	PH: 'Philippines',
	PL: 'Poland',
	PT: 'Portugal',
	RO: 'Romania',
	SE: 'Sweden',
	SG: 'Singapore',
	TH: 'Thailand',
	TR: 'Turkey',
	TW: 'Taiwan',
	UA: 'Ukraine',
	US: 'United States (US)',
	VN: 'Vietnam',
	ZA: 'South Africa',
};

const STATES: Record<string, Record<string, string>> = {
	US: {
		AL: 'Alabama',
		AK: 'Alaska',
		AZ: 'Arizona',
		AR: 'Arkansas',
		CA: 'California',
		CO: 'Colorado',
		CT: 'Connecticut',
		DE: 'Delaware',
		DC: 'District Of Columbia',
		FL: 'Florida',
		GA: 'Georgia',
		HI: 'Hawaii',
		ID: 'Idaho',
		IL: 'Illinois',
		IN: 'Indiana',
		IA: 'Iowa',
		KS: 'Kansas',
		KY: 'Kentucky',
		LA: 'Louisiana',
		ME: 'Maine',
		MD: 'Maryland',
		MA: 'Massachusetts',
		MI: 'Michigan',
		MN: 'Minnesota',
		MS: 'Mississippi',
		MO: 'Missouri',
		MT: 'Montana',
		NE: 'Nebraska',
		NV: 'Nevada',
		NH: 'New Hampshire',
		NJ: 'New Jersey',
		NM: 'New Mexico',
		NY: 'New York',
		NC: 'North Carolina',
		ND: 'North Dakota',
		OH: 'Ohio',
		OK: 'Oklahoma',
		OR: 'Oregon',
		PA: 'Pennsylvania',
		RI: 'Rhode Island',
		SC: 'South Carolina',
		SD: 'South Dakota',
		TN: 'Tennessee',
		TX: 'Texas',
		UT: 'Utah',
		VT: 'Vermont',
		VA: 'Virginia',
		WA: 'Washington',
		WV: 'West Virginia',
		WI: 'Wisconsin',
		WY: 'Wyoming',
	},
	CA: {
		AB: 'Alberta',
		BC: 'British Columbia',
		MB: 'Manitoba',
		NB: 'New Brunswick',
		NL: 'Newfoundland and Labrador',
		NT: 'Northwest Territories',
		NS: 'Nova Scotia',
		NU: 'Nunavut',
		ON: 'Ontario',
		PE: 'Prince Edward Island',
		QC: 'Quebec',
		SK: 'Saskatchewan',
		YT: 'Yukon Territory',
	},
	AU: {
		ACT: 'Australian Capital Territory',
		NSW: 'New South Wales',
		NT: 'Northern Territory',
		QLD: 'Queensland',
		SA: 'South Australia',
		TAS: 'Tasmania',
		VIC: 'Victoria',
		WA: 'Western Australia',
	},
	DE: {
		BW: 'Baden-Württemberg',
		BY: 'Bavaria',
		BE: 'Berlin',
		BB: 'Brandenburg',
		HB: 'Bremen',
		HH: 'Hamburg',
		HE: 'Hesse',
		NI: 'Lower Saxony',
		MV: 'Mecklenburg-Vorpommern',
		NW: 'North Rhine-Westphalia',
		RP: 'Rhineland-Palatinate',
		SL: 'Saarland',
		SN: 'Saxony',
		ST: 'Saxony-Anhalt',
		SH: 'Schleswig-Holstein',
		TH: 'Thuringia',
	},
};

/** All countries, sorted by name, with their states. */
export const COUNTRIES: readonly Country[] = Object.entries(NAMES)
	.map(([code, name]) => ({
		code,
		name,
		states: Object.entries(STATES[code] ?? {}).map(([stateCode, stateName]) => ({
			code: stateCode,
			name: stateName,
		})),
	}))
	.sort((a, b) => a.name.localeCompare(b.name));

/** Country code → name. */
export function countryNames(): Record<string, string> {
	return Object.fromEntries(COUNTRIES.map((country) => [country.code, country.name]));
}

/** Whether `CC` or `CC:ST` names a known country (and state when the country lists states). */
export function isKnownCountry(value: string): boolean {
	const [code, state] = value.split(':');
	const country = COUNTRIES.find((c) => c.code === code);
	if (!country) return false;
	if (state === undefined) return true;
	return country.states.length === 0 || country.states.some((s) => s.code === state);
}
