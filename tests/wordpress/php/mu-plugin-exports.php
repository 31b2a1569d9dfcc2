<?php
/**
 * Plugin Name: Abacus test store: report exports and mail
 * Description: Test-only must-use plugin, added when the plugin test starts the store. Report exports go through Action Scheduler as on a live site (the store's other must-use plugin runs WooCommerce's analytics jobs at once, which would mark an export finished and then reset it to 0 %); the test runs the due export jobs as WP-cron would. Every mail WordPress would send is kept in the abacus_test_mails option for the test to read.
 *
 * @package Abacus
 */

add_filter(
	'woocommerce_analytics_disable_action_scheduling',
	function ( $disabled ) {
		$abacus_uri = isset( $_SERVER['REQUEST_URI'] ) ? rawurldecode( (string) wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '';
		return preg_match( '#/wc-analytics/reports/[a-z]+/export#', $abacus_uri ) ? false : $disabled;
	},
	20
);

add_filter(
	'pre_wp_mail',
	function ( $result, $atts ) {
		$abacus_mails   = get_option( 'abacus_test_mails', array() );
		$abacus_mails[] = array(
			'to'      => $atts['to'],
			'subject' => $atts['subject'],
			'message' => $atts['message'],
		);
		update_option( 'abacus_test_mails', $abacus_mails, false );
		return $result;
	},
	5,
	2
);
