<?php
/**
 * Test setup, step 3 (PHP's CLI in the WordPress folder): seeds the store through WooCommerce's
 * own PHP API: categories, simple and variable products with managed and unmanaged stock, a
 * coupon, two tax rates, registered and guest customers, orders in every status over the last
 * three months, a partial and a full refund. The test must-use plugin makes WooCommerce's
 * analytics import run as each order is saved; any action still due is run at the end.
 * Prints a JSON summary.
 *
 * @package Abacus
 */

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}
require __DIR__ . '/wp-load.php';

// One fixed sequence: the same store on every machine (dates are relative to today).
mt_srand( 20261123 );

/**
 * Stops with a message.
 *
 * @param string $message What went wrong.
 */
function abacus_fail( $message ) {
	fwrite( STDERR, $message . "\n" );
	exit( 1 );
}

// Tax rates: California 7.25 % and the UK's 20 % VAT.
WC_Tax::_insert_tax_rate(
	array(
		'tax_rate_country'  => 'US',
		'tax_rate_state'    => 'CA',
		'tax_rate'          => '7.2500',
		'tax_rate_name'     => 'CA Tax',
		'tax_rate_priority' => 1,
		'tax_rate_compound' => 0,
		'tax_rate_shipping' => 1,
		'tax_rate_order'    => 0,
		'tax_rate_class'    => '',
	)
);
WC_Tax::_insert_tax_rate(
	array(
		'tax_rate_country'  => 'GB',
		'tax_rate_state'    => '',
		'tax_rate'          => '20.0000',
		'tax_rate_name'     => 'VAT',
		'tax_rate_priority' => 1,
		'tax_rate_compound' => 0,
		'tax_rate_shipping' => 1,
		'tax_rate_order'    => 1,
		'tax_rate_class'    => '',
	)
);

// Categories.
$abacus_categories = array();
foreach ( array( 'Clothing', 'Accessories', 'Music' ) as $abacus_name ) {
	$abacus_term = wp_insert_term( $abacus_name, 'product_cat' );
	if ( is_wp_error( $abacus_term ) ) {
		abacus_fail( $abacus_term->get_error_message() );
	}
	$abacus_categories[ $abacus_name ] = (int) $abacus_term['term_id'];
}

// Simple products: name, price, category, stock (null: not managed).
$abacus_products = array();
foreach (
	array(
		array( 'Hoodie', '45.00', 'Clothing', 60 ),
		array( 'Beanie', '18.00', 'Accessories', 40 ),
		array( 'Leather Belt', '55.00', 'Accessories', 30 ),
		array( 'Vinyl Album', '15.00', 'Music', null ),
		array( 'Poster', '12.50', 'Music', null ),
	) as $abacus_row
) {
	list( $abacus_name, $abacus_price, $abacus_category, $abacus_stock ) = $abacus_row;
	$abacus_product = new WC_Product_Simple();
	$abacus_product->set_name( $abacus_name );
	$abacus_product->set_sku( sanitize_title( $abacus_name ) );
	$abacus_product->set_regular_price( $abacus_price );
	$abacus_product->set_category_ids( array( $abacus_categories[ $abacus_category ] ) );
	$abacus_product->set_status( 'publish' );
	if ( null !== $abacus_stock ) {
		$abacus_product->set_manage_stock( true );
		$abacus_product->set_stock_quantity( $abacus_stock );
		$abacus_product->set_low_stock_amount( 5 );
	}
	$abacus_product->save();
	$abacus_products[] = $abacus_product;
}

// A variable product: sizes S and M with managed stock, L without.
$abacus_attribute = new WC_Product_Attribute();
$abacus_attribute->set_name( 'Size' );
$abacus_attribute->set_options( array( 'S', 'M', 'L' ) );
$abacus_attribute->set_visible( true );
$abacus_attribute->set_variation( true );
$abacus_shirt = new WC_Product_Variable();
$abacus_shirt->set_name( 'T-Shirt' );
$abacus_shirt->set_sku( 't-shirt' );
$abacus_shirt->set_category_ids( array( $abacus_categories['Clothing'] ) );
$abacus_shirt->set_attributes( array( $abacus_attribute ) );
$abacus_shirt->set_status( 'publish' );
$abacus_shirt->save();
foreach ( array( array( 'S', '20.00', 50 ), array( 'M', '20.00', 8 ), array( 'L', '22.00', null ) ) as $abacus_row ) {
	list( $abacus_size, $abacus_price, $abacus_stock ) = $abacus_row;
	$abacus_variation = new WC_Product_Variation();
	$abacus_variation->set_parent_id( $abacus_shirt->get_id() );
	$abacus_variation->set_attributes( array( 'size' => $abacus_size ) );
	$abacus_variation->set_sku( 't-shirt-' . strtolower( $abacus_size ) );
	$abacus_variation->set_regular_price( $abacus_price );
	$abacus_variation->set_status( 'publish' );
	if ( null !== $abacus_stock ) {
		$abacus_variation->set_manage_stock( true );
		$abacus_variation->set_stock_quantity( $abacus_stock );
	}
	$abacus_variation->save();
	$abacus_products[] = $abacus_variation;
}
WC_Product_Variable::sync( $abacus_shirt->get_id() );

// A coupon.
$abacus_coupon = new WC_Coupon();
$abacus_coupon->set_code( 'save10' );
$abacus_coupon->set_discount_type( 'percent' );
$abacus_coupon->set_amount( 10 );
$abacus_coupon->save();

// Registered customers, and guests who order with an e-mail address only.
$abacus_addresses = array(
	array( 'Ada', 'Lovelace', 'GB', '', 'London', 'EC1A 1BB' ),
	array( 'Grace', 'Hopper', 'US', 'CA', 'Los Angeles', '90001' ),
	array( 'Alan', 'Turing', 'GB', '', 'Manchester', 'M1 1AE' ),
	array( 'Katherine', 'Johnson', 'US', 'NY', 'New York', '10001' ),
	array( 'Edsger', 'Dijkstra', 'NL', '', 'Amsterdam', '1011' ),
	array( 'Margaret', 'Hamilton', 'US', 'CA', 'San Diego', '92101' ),
);
$abacus_customers = array();
foreach ( $abacus_addresses as $abacus_index => $abacus_address ) {
	$abacus_email = strtolower( $abacus_address[0] ) . '@example.test';
	$abacus_id    = wc_create_new_customer( $abacus_email, strtolower( $abacus_address[0] ), 'customer-password-' . $abacus_index );
	if ( is_wp_error( $abacus_id ) ) {
		abacus_fail( $abacus_id->get_error_message() );
	}
	$abacus_customer = new WC_Customer( $abacus_id );
	$abacus_customer->set_first_name( $abacus_address[0] );
	$abacus_customer->set_last_name( $abacus_address[1] );
	$abacus_customer->set_billing_first_name( $abacus_address[0] );
	$abacus_customer->set_billing_last_name( $abacus_address[1] );
	$abacus_customer->set_billing_country( $abacus_address[2] );
	$abacus_customer->set_billing_state( $abacus_address[3] );
	$abacus_customer->set_billing_city( $abacus_address[4] );
	$abacus_customer->set_billing_postcode( $abacus_address[5] );
	$abacus_customer->set_billing_email( $abacus_email );
	$abacus_customer->save();
	$abacus_customers[] = array( $abacus_id, $abacus_address, $abacus_email );
}
$abacus_guests = array(
	array( 0, array( 'Guest', 'Shopper', 'US', 'CA', 'Oakland', '94601' ), 'guest.one@example.test' ),
	array( 0, array( 'Visiting', 'Buyer', 'GB', '', 'Leeds', 'LS1 1UR' ), 'guest.two@example.test' ),
	array( 0, array( 'Passing', 'Through', 'DE', '', 'Berlin', '10115' ), 'guest.three@example.test' ),
);

// Orders: every status, over the last 90 days, about one in four with the coupon.
$abacus_statuses = array( 'completed', 'completed', 'completed', 'processing', 'processing', 'on-hold', 'pending', 'cancelled', 'failed', 'refunded' );
$abacus_buyers   = array_merge( $abacus_customers, $abacus_guests );
$abacus_now      = time();
$abacus_orders   = array();
$abacus_count    = 84;
for ( $abacus_i = 0; $abacus_i < $abacus_count; $abacus_i++ ) {
	$abacus_buyer  = $abacus_buyers[ mt_rand( 0, count( $abacus_buyers ) - 1 ) ];
	$abacus_status = $abacus_statuses[ $abacus_i % count( $abacus_statuses ) ];
	$abacus_when   = $abacus_now - (int) ( ( $abacus_count - $abacus_i ) * 90 * DAY_IN_SECONDS / $abacus_count ) + mt_rand( 0, 6 * HOUR_IN_SECONDS );
	$abacus_order  = wc_create_order( array( 'customer_id' => $abacus_buyer[0] ) );
	if ( is_wp_error( $abacus_order ) ) {
		abacus_fail( $abacus_order->get_error_message() );
	}
	$abacus_lines = mt_rand( 1, 3 );
	$abacus_picked = array();
	for ( $abacus_l = 0; $abacus_l < $abacus_lines; $abacus_l++ ) {
		$abacus_product = $abacus_products[ mt_rand( 0, count( $abacus_products ) - 1 ) ];
		if ( isset( $abacus_picked[ $abacus_product->get_id() ] ) ) {
			continue;
		}
		$abacus_picked[ $abacus_product->get_id() ] = true;
		$abacus_order->add_product( $abacus_product, mt_rand( 1, 3 ) );
	}
	$abacus_address = array(
		'first_name' => $abacus_buyer[1][0],
		'last_name'  => $abacus_buyer[1][1],
		'country'    => $abacus_buyer[1][2],
		'state'      => $abacus_buyer[1][3],
		'city'       => $abacus_buyer[1][4],
		'postcode'   => $abacus_buyer[1][5],
		'email'      => $abacus_buyer[2],
	);
	$abacus_order->set_address( $abacus_address, 'billing' );
	if ( 1 === $abacus_i % 2 ) {
		// Half the orders ship at a flat rate (taxed where the billing country is).
		$abacus_shipping = new WC_Order_Item_Shipping();
		$abacus_shipping->set_method_title( 'Flat rate' );
		$abacus_shipping->set_method_id( 'flat_rate' );
		$abacus_shipping->set_total( '5.00' );
		$abacus_order->add_item( $abacus_shipping );
	}
	$abacus_order->set_payment_method( 'bacs' );
	$abacus_order->set_payment_method_title( 'Direct bank transfer' );
	$abacus_order->set_created_via( 'checkout' );
	$abacus_order->calculate_totals();
	if ( 0 === $abacus_i % 4 ) {
		$abacus_applied = $abacus_order->apply_coupon( 'save10' );
		if ( is_wp_error( $abacus_applied ) ) {
			abacus_fail( $abacus_applied->get_error_message() );
		}
	}
	$abacus_date = new WC_DateTime( '@' . $abacus_when );
	$abacus_order->set_date_created( $abacus_date );
	if ( in_array( $abacus_status, array( 'completed', 'processing', 'refunded' ), true ) ) {
		$abacus_order->set_date_paid( $abacus_date );
	}
	if ( 'completed' === $abacus_status ) {
		$abacus_order->set_date_completed( new WC_DateTime( '@' . ( $abacus_when + HOUR_IN_SECONDS ) ) );
	}
	$abacus_order->save();
	if ( 'refunded' === $abacus_status ) {
		// A full refund: every line, the whole amount (WooCommerce marks the order refunded).
		$abacus_order->update_status( 'completed' );
		$abacus_refund = wc_create_refund(
			array(
				'order_id' => $abacus_order->get_id(),
				'amount'   => $abacus_order->get_total(),
				'reason'   => 'Returned in full',
			)
		);
		if ( is_wp_error( $abacus_refund ) ) {
			abacus_fail( $abacus_refund->get_error_message() );
		}
	} elseif ( 'pending' !== $abacus_status ) {
		$abacus_order->update_status( $abacus_status );
	}
	$abacus_orders[] = $abacus_order->get_id();
}

// A partial refund of one item on the first completed order.
$abacus_partial = wc_get_order( $abacus_orders[0] );
$abacus_items   = $abacus_partial->get_items();
$abacus_item    = reset( $abacus_items );
$abacus_refund  = wc_create_refund(
	array(
		'order_id'   => $abacus_partial->get_id(),
		'amount'     => wc_format_decimal( (float) $abacus_item->get_total() / $abacus_item->get_quantity(), 2 ),
		'reason'     => 'One item returned',
		'line_items' => array(
			$abacus_item->get_id() => array(
				'qty'          => 1,
				'refund_total' => wc_format_decimal( (float) $abacus_item->get_total() / $abacus_item->get_quantity(), 2 ),
			),
		),
	)
);
if ( is_wp_error( $abacus_refund ) ) {
	abacus_fail( $abacus_refund->get_error_message() );
}

// Stock levels after the sales: some in stock, some low (at most 5), one out of stock; the
// album, the poster and the large T-shirt do not manage stock.
foreach ( array( 0 => 25, 1 => 3, 2 => 0, 5 => 12, 6 => 2 ) as $abacus_index => $abacus_quantity ) {
	wc_update_product_stock( wc_get_product( $abacus_products[ $abacus_index ]->get_id() ), $abacus_quantity, 'set' );
}

// Anything WooCommerce still has scheduled for its analytics tables.
$abacus_ran = 0;
if ( function_exists( 'as_get_scheduled_actions' ) ) {
	for ( $abacus_round = 0; $abacus_round < 5; $abacus_round++ ) {
		$abacus_due = as_get_scheduled_actions(
			array(
				'status'   => ActionScheduler_Store::STATUS_PENDING,
				'per_page' => 200,
			),
			'ids'
		);
		if ( ! $abacus_due ) {
			break;
		}
		foreach ( $abacus_due as $abacus_action ) {
			ActionScheduler::runner()->process_action( $abacus_action, 'Abacus test setup' );
			++$abacus_ran;
		}
	}
}

global $wpdb;
echo wp_json_encode(
	array(
		'orders'        => count( $abacus_orders ),
		'orderStatsRows' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}wc_order_stats" ),
		'customers'     => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}wc_customer_lookup" ),
		'actionsRun'    => $abacus_ran,
	)
), "\n";
