/** moment-timezone's library file without its data (same API as the package's main entry). */
declare module 'moment-timezone/moment-timezone.js' {
	import moment from 'moment-timezone';
	export default moment;
}
