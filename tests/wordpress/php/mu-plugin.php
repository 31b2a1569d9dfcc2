<?php
/**
 * Plugin Name: Abacus test store
 * Description: Test-only must-use plugin: WooCommerce's analytics import runs as soon as an order is saved, and no mail leaves the machine.
 *
 * @package Abacus
 */

add_filter( 'woocommerce_analytics_disable_action_scheduling', '__return_true' );
add_filter( 'pre_wp_mail', '__return_true' );
// No calls to the outside world from WooCommerce's background tasks.
add_filter( 'woocommerce_admin_remote_inbox_notifications_enabled', '__return_false' );
add_filter( 'woocommerce_allow_marketplace_suggestions', '__return_false' );
add_filter( 'woocommerce_show_admin_notice', '__return_false' );
