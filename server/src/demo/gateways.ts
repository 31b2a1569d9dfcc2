/**
 * The payment gateways of the demo store, with their settings forms.
 */
import { gatewaySetting, type GatewaySeed, type GatewaySetting } from '../db/admin-schema.js';

function common(
	title: string,
	description: string,
	enabled: boolean,
): Record<string, GatewaySetting> {
	return {
		enabled: gatewaySetting('enabled', 'Enable/Disable', 'checkbox', enabled ? 'yes' : 'no'),
		title: gatewaySetting(
			'title',
			'Title',
			'safe_text',
			title,
			'The title customers see at checkout.',
		),
		description: gatewaySetting('description', 'Description', 'textarea', description),
	};
}

export const GATEWAY_SEED: readonly GatewaySeed[] = [
	{
		id: 'bacs',
		title: 'Direct bank transfer',
		description: 'Make your payment directly into our bank account.',
		order: 0,
		enabled: true,
		method_title: 'Direct bank transfer',
		method_description: 'Take payments in person via BACS.',
		method_supports: ['products'],
		settings: {
			...common(
				'Direct bank transfer',
				'Make your payment directly into our bank account.',
				true,
			),
			account_name: gatewaySetting('account_name', 'Account name', 'text', ''),
			account_number: gatewaySetting('account_number', 'Account number', 'text', ''),
			sort_code: gatewaySetting('sort_code', 'Sort code', 'text', ''),
		},
		required_settings_keys: ['account_name', 'account_number'],
		setup_help_text: null,
		connection_url: null,
	},
	{
		id: 'cheque',
		title: 'Check payments',
		description: 'Please send a check to the store.',
		order: 1,
		enabled: false,
		method_title: 'Check payments',
		method_description: 'Take payments in person via checks.',
		method_supports: ['products'],
		settings: common('Check payments', 'Please send a check to the store.', false),
		required_settings_keys: [],
		setup_help_text: null,
		connection_url: null,
	},
	{
		id: 'cod',
		title: 'Cash on delivery',
		description: 'Pay with cash upon delivery.',
		order: 2,
		enabled: true,
		method_title: 'Cash on delivery',
		method_description: 'Have your customers pay with cash upon delivery.',
		method_supports: ['products'],
		settings: {
			...common('Cash on delivery', 'Pay with cash upon delivery.', true),
			enable_for_virtual: gatewaySetting(
				'enable_for_virtual',
				'Accept for virtual orders',
				'checkbox',
				'yes',
			),
		},
		required_settings_keys: [],
		setup_help_text: null,
		connection_url: null,
	},
	{
		id: 'paypal',
		title: 'PayPal',
		description:
			'Pay via PayPal; you can pay with your credit card if you do not have an account.',
		order: 3,
		enabled: false,
		method_title: 'PayPal Standard',
		method_description: 'Redirects customers to PayPal to enter their payment information.',
		method_supports: ['products', 'refunds'],
		settings: {
			...common('PayPal', 'Pay via PayPal.', false),
			email: gatewaySetting(
				'email',
				'PayPal email',
				'email',
				'',
				'Your PayPal account e-mail.',
			),
			testmode: gatewaySetting('testmode', 'PayPal sandbox', 'checkbox', 'no'),
			paymentaction: gatewaySetting('paymentaction', 'Payment action', 'select', 'sale', '', {
				sale: 'Capture',
				authorization: 'Authorize',
			}),
		},
		required_settings_keys: ['email'],
		setup_help_text: 'Enter the e-mail address of your PayPal account.',
		connection_url: null,
	},
];
