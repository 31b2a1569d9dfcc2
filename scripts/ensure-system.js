/**
 * Makes sure the system tools the tests need are present: Debian's `chromium` and
 * `chromium-headless-shell` (the browser of the end-to-end and WordPress tests),
 * `php-cli` (`php -l plugin.php`), `clickhouse-server` (the engine's two-shard ClickHouse tests), and for the plugin test in a real store (WordPress 6.8 and
 * WooCommerce 10 from the wp-stack tarballs) MariaDB and the PHP extensions they need. As root on
 * Debian it installs what is missing with apt; otherwise it says exactly what to run. Exits
 * non-zero only when a tool is missing and cannot be installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** PHP extensions WordPress and WooCommerce need, as `php -m` names them → Debian package. */
const PHP_EXTENSIONS = {
	mysqli: 'php-mysql',
	dom: 'php-xml',
	mbstring: 'php-mbstring',
	curl: 'php-curl',
	intl: 'php-intl',
	zip: 'php-zip',
	gd: 'php-gd',
	bcmath: 'php-bcmath',
};

function phpModules() {
	const result = spawnSync('php', ['-m'], { encoding: 'utf8' });
	return result.status === 0 ? result.stdout.toLowerCase().split('\n') : [];
}

const TOOLS = [
	// The tests drive the headless shell (tests/support/chromium.js); the benches and a person's
	// look at the pages use the desktop browser.
	{
		name: 'Chromium',
		bin: '/usr/lib/chromium/chromium-headless-shell',
		pkgs: ['chromium', 'chromium-headless-shell'],
		also: ['/usr/bin/chromium'],
	},
	// The engine-on-ClickHouse tests start a two-shard cluster (server/src/clickhouse/cluster.ts).
	{
		name: 'ClickHouse',
		bin: '/usr/sbin/clickhouse-server',
		pkgs: ['clickhouse-server', 'clickhouse-client'],
		also: ['/usr/bin/clickhouse-client'],
	},
	{ name: 'PHP', bin: '/usr/bin/php', pkgs: ['php-cli'] },
	{
		name: 'WordPress',
		bin: '/usr/sbin/mariadbd',
		pkgs: ['mariadb-server', 'php-cli', ...Object.values(PHP_EXTENSIONS)],
		also: ['/usr/bin/mariadb-install-db', '/usr/bin/mariadb', '/usr/bin/php'],
		check: () => {
			const modules = phpModules();
			return Object.keys(PHP_EXTENSIONS).every((m) => modules.includes(m));
		},
	},
];

const present = (tool) =>
	existsSync(tool.bin) &&
	(tool.also ?? []).every((f) => existsSync(f)) &&
	(tool.check ? tool.check() : true);

export function ensureSystemTools(wanted = TOOLS.map((t) => t.name)) {
	const missing = TOOLS.filter((t) => wanted.includes(t.name) && !present(t));
	if (missing.length === 0) return true;
	const pkgs = [...new Set(missing.flatMap((t) => t.pkgs))];
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
	if (!isRoot || !hasApt) {
		console.error(
			`Missing ${missing.map((t) => t.name).join(' and ')}: run "sudo apt-get install -y ${pkgs.join(' ')}" and try again.`,
		);
		return false;
	}
	console.log(`Installing ${pkgs.join(', ')} from Debian's packages (first run only)...`);
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
	execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...pkgs], {
		stdio: 'inherit',
		env,
	});
	return missing.every(present);
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { parseCommandLine, usageError } = await import('./command-line.js');
	const names = TOOLS.map((t) => t.name);
	const usage = `Usage: node scripts/ensure-system.js [NAME...]
  Checks the system tools the tests need and installs the missing ones from Debian's packages
  (as root). NAME: ${names.join(', ')} (default: all).
  --help   this text`;
	const { positionals } = parseCommandLine({ usage, positionals: true });
	const unknown = positionals.filter((name) => !names.includes(name));
	if (unknown.length) usageError(`No system tool named ${unknown.join(', ')}.`, usage);
	process.exit(ensureSystemTools(positionals.length ? positionals : undefined) ? 0 : 1);
}
