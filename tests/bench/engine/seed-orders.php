<?php
/**
 * Bench setup (PHP's CLI in the WordPress folder): adds `count` orders through WooCommerce's PHP
 * API, spread over the last 365 days, with the seeded store's products, customers and guests, the
 * coupon on one in five, flat-rate shipping on half and a small refund on one completed order in
 * thirty. Arguments: count, random seed. Prints {orders, seconds}.
 *
 * @package Abacus
 */
if ( 'cli' !== PHP_SAPI ) { exit( 1 ); }
require __DIR__ . '/wp-load.php';
$count = (int) $argv[1];
mt_srand( (int) $argv[2] );
wp_defer_term_counting( true );
$products = wc_get_products( array( 'limit' => -1, 'type' => array( 'simple', 'variation' ), 'status' => 'publish' ) );
$customers = get_users( array( 'role' => 'customer', 'fields' => 'ID' ) );
$statuses = array( 'completed', 'completed', 'completed', 'completed', 'processing', 'processing', 'on-hold', 'cancelled', 'pending', 'failed' );
$now = time();
$t0 = microtime( true );
for ( $i = 0; $i < $count; $i++ ) {
	$customer = mt_rand( 0, 3 ) ? (int) $customers[ mt_rand( 0, count( $customers ) - 1 ) ] : 0;
	// One save per order (a created order saved again on every change costs three).
	$order = new WC_Order();
	$order->set_customer_id( $customer );
	$order->set_created_via( 'checkout' );
	$lines = mt_rand( 1, 3 );
	for ( $l = 0; $l < $lines; $l++ ) {
		$order->add_product( $products[ mt_rand( 0, count( $products ) - 1 ) ], mt_rand( 1, 3 ) );
	}
	$country = mt_rand( 0, 1 ) ? 'US' : 'GB';
	$order->set_address( array( 'first_name' => 'Bench', 'last_name' => 'Buyer' . ( $i % 50 ), 'country' => $country, 'state' => 'US' === $country ? 'CA' : '', 'city' => 'Town', 'postcode' => '90001', 'email' => 'bench' . ( $i % 400 ) . '@example.test' ), 'billing' );
	if ( $i % 2 ) {
		$ship = new WC_Order_Item_Shipping(); $ship->set_method_title( 'Flat rate' ); $ship->set_method_id( 'flat_rate' ); $ship->set_total( '5.00' ); $order->add_item( $ship );
	}
	$order->calculate_totals();
	if ( 0 === $i % 5 ) { $order->apply_coupon( 'save10' ); }
	$order->set_payment_method( 'bacs' );
	$when = $now - mt_rand( 0, 364 * DAY_IN_SECONDS );
	$order->set_date_created( new WC_DateTime( '@' . $when ) );
	$status = $statuses[ mt_rand( 0, count( $statuses ) - 1 ) ];
	if ( in_array( $status, array( 'completed', 'processing' ), true ) ) { $order->set_date_paid( new WC_DateTime( '@' . $when ) ); }
	$order->set_status( $status );
	$order->save();
	if ( 'completed' === $status && 0 === mt_rand( 0, 30 ) ) {
		wc_create_refund( array( 'order_id' => $order->get_id(), 'amount' => '5.00', 'reason' => 'Bench' ) );
	}
}
echo wp_json_encode( array( 'orders' => $count, 'seconds' => microtime( true ) - $t0 ) ), "\n";
