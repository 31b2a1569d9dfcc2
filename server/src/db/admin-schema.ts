/**
 * Tables of the admin side of the store: inbox notes and their actions, product reviews, the admin
 * user and per-user meta (preferences, navigation favourites), payment gateways, the plugin
 * catalogue, and onboarding task state. Settings values and the onboarding profile live in the
 * store's `options` table (JSON values).
 */
import type { Db } from '../core/db.js';

/** The admin tables (every complete store has them; the demo data replaces their content). */
export const ADMIN_TABLES = [
	'admin_notes',
	'admin_note_actions',
	'product_reviews',
	'admin_users',
	'user_meta',
	'payment_gateways',
	'plugins',
	'onboarding_task_state',
	'onboarding_task_lists',
] as const;

export async function createAdminSchema(db: Db): Promise<void> {
	await db.exec(`
		CREATE TABLE IF NOT EXISTS options (name VARCHAR PRIMARY KEY, value VARCHAR);
		CREATE TABLE IF NOT EXISTS admin_notes (
			note_id INTEGER PRIMARY KEY,
			name VARCHAR NOT NULL,
			type VARCHAR NOT NULL,
			locale VARCHAR NOT NULL DEFAULT 'en_US',
			title VARCHAR NOT NULL,
			content VARCHAR NOT NULL,
			content_data VARCHAR,
			status VARCHAR NOT NULL DEFAULT 'unactioned',
			source VARCHAR NOT NULL DEFAULT 'abacus',
			date_created VARCHAR NOT NULL,
			date_created_gmt VARCHAR NOT NULL,
			date_reminder VARCHAR,
			date_reminder_gmt VARCHAR,
			is_snoozable BOOLEAN NOT NULL DEFAULT false,
			layout VARCHAR NOT NULL DEFAULT 'plain',
			image VARCHAR,
			is_deleted BOOLEAN NOT NULL DEFAULT false,
			is_read BOOLEAN NOT NULL DEFAULT false,
			icon VARCHAR NOT NULL DEFAULT 'info'
		);
		CREATE TABLE IF NOT EXISTS admin_note_actions (
			action_id INTEGER PRIMARY KEY,
			note_id INTEGER NOT NULL,
			name VARCHAR NOT NULL,
			label VARCHAR NOT NULL,
			query VARCHAR NOT NULL DEFAULT '',
			status VARCHAR NOT NULL DEFAULT '',
			is_primary BOOLEAN NOT NULL DEFAULT false,
			actioned_text VARCHAR NOT NULL DEFAULT '',
			nonce_action VARCHAR,
			nonce_name VARCHAR
		);
		CREATE INDEX IF NOT EXISTS admin_note_actions_note ON admin_note_actions (note_id);

		CREATE TABLE IF NOT EXISTS product_reviews (
			id INTEGER PRIMARY KEY,
			product_id INTEGER NOT NULL,
			date_created VARCHAR NOT NULL,
			date_created_gmt VARCHAR NOT NULL,
			status VARCHAR NOT NULL,
			previous_status VARCHAR,
			reviewer VARCHAR NOT NULL,
			reviewer_email VARCHAR NOT NULL,
			review VARCHAR NOT NULL,
			rating INTEGER NOT NULL,
			verified BOOLEAN NOT NULL DEFAULT false
		);
		CREATE INDEX IF NOT EXISTS product_reviews_product ON product_reviews (product_id);

		CREATE TABLE IF NOT EXISTS admin_users (
			id INTEGER PRIMARY KEY,
			username VARCHAR NOT NULL,
			name VARCHAR NOT NULL,
			first_name VARCHAR NOT NULL DEFAULT '',
			last_name VARCHAR NOT NULL DEFAULT '',
			email VARCHAR NOT NULL,
			locale VARCHAR NOT NULL DEFAULT 'en_US',
			registered VARCHAR NOT NULL,
			is_current BOOLEAN NOT NULL DEFAULT false
		);
		CREATE TABLE IF NOT EXISTS user_meta (
			user_id INTEGER NOT NULL,
			meta_key VARCHAR NOT NULL,
			meta_value VARCHAR NOT NULL,
			PRIMARY KEY (user_id, meta_key)
		);

		CREATE TABLE IF NOT EXISTS payment_gateways (
			id VARCHAR PRIMARY KEY,
			title VARCHAR NOT NULL,
			description VARCHAR NOT NULL,
			gateway_order INTEGER,
			enabled BOOLEAN NOT NULL DEFAULT false,
			method_title VARCHAR NOT NULL,
			method_description VARCHAR NOT NULL,
			method_supports VARCHAR NOT NULL DEFAULT '[]',
			settings VARCHAR NOT NULL DEFAULT '{}',
			required_settings_keys VARCHAR NOT NULL DEFAULT '[]',
			setup_help_text VARCHAR,
			connection_url VARCHAR
		);

		CREATE TABLE IF NOT EXISTS plugins (
			slug VARCHAR PRIMARY KEY,
			name VARCHAR NOT NULL,
			installed BOOLEAN NOT NULL DEFAULT false,
			active BOOLEAN NOT NULL DEFAULT false
		);

		CREATE TABLE IF NOT EXISTS onboarding_task_state (
			task_id VARCHAR PRIMARY KEY,
			is_dismissed BOOLEAN NOT NULL DEFAULT false,
			is_actioned BOOLEAN NOT NULL DEFAULT false,
			snoozed_until BIGINT
		);
		CREATE TABLE IF NOT EXISTS onboarding_task_lists (
			list_id VARCHAR PRIMARY KEY,
			is_hidden BOOLEAN NOT NULL DEFAULT false
		);
	`);
}

/** One field of a payment gateway's settings form (`payment_gateways.settings` holds them by id). */
export interface GatewaySetting {
	id: string;
	label: string;
	description: string;
	type: string;
	value: string;
	default: string;
	tip: string;
	placeholder: string;
	options?: Record<string, string>;
}

/** A payment gateway as stored in `payment_gateways` (settings as JSON). */
export interface GatewaySeed {
	id: string;
	title: string;
	description: string;
	order: number;
	enabled: boolean;
	method_title: string;
	method_description: string;
	method_supports: string[];
	settings: Record<string, GatewaySetting>;
	required_settings_keys: string[];
	setup_help_text: string | null;
	connection_url: string | null;
}

/** One settings field of a payment gateway; its default is its value, its tip its description. */
export function gatewaySetting(
	id: string,
	label: string,
	type: string,
	value: string,
	description = '',
	options?: Record<string, string>,
): GatewaySetting {
	const base: GatewaySetting = {
		id,
		label,
		description,
		type,
		value,
		default: value,
		tip: description,
		placeholder: '',
	};
	return options ? { ...base, options } : base;
}
