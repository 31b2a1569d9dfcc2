/**
 * Writes a payment gateway (`payment_gateways`, `admin-schema.ts`): the demo store's gateways
 * (`demo/admin-data.ts`) and those a payment plugin brings when activated
 * (`admin/routes/gateways.ts`).
 */
import type { Db } from '../core/db.js';
import type { GatewaySeed } from './admin-schema.js';

/** Inserts `gateway` at position `order`; its supports, settings and required keys as JSON. */
export async function insertGateway(db: Db, gateway: GatewaySeed, order: number): Promise<void> {
	await db.run(
		`INSERT INTO payment_gateways (id, title, description, gateway_order, enabled, method_title,
			method_description, method_supports, settings, required_settings_keys, setup_help_text, connection_url)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		[
			gateway.id,
			gateway.title,
			gateway.description,
			order,
			gateway.enabled,
			gateway.method_title,
			gateway.method_description,
			JSON.stringify(gateway.method_supports),
			JSON.stringify(gateway.settings),
			JSON.stringify(gateway.required_settings_keys),
			gateway.setup_help_text,
			gateway.connection_url,
		],
	);
}
