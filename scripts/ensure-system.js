/**
 * Makes sure the system tools the tests need are present: Debian's `chromium` (end-to-end tests)
 * `php-cli` (`php -l plugin.php`), and WordPress with MariaDB for the plugin test in a real WordPress. As root on Debian it installs what is missing with apt;
 * otherwise it says exactly what to run. Exits non-zero only when a tool is missing and cannot be
 * installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const TOOLS = [
	{ name: 'Chromium', bin: '/usr/bin/chromium', pkgs: ['chromium'] },
	{ name: 'PHP', bin: '/usr/bin/php', pkgs: ['php-cli'] },
	{
		name: 'WordPress',
		bin: '/usr/share/wordpress/wp-load.php',
		pkgs: ['wordpress', 'mariadb-server', 'php-mysql'],
		also: ['/usr/sbin/mariadbd', '/usr/bin/mariadb-install-db'],
	},
];

const present = (tool) => existsSync(tool.bin) && (tool.also ?? []).every((f) => existsSync(f));

export function ensureSystemTools(wanted = TOOLS.map((t) => t.name)) {
	const missing = TOOLS.filter((t) => wanted.includes(t.name) && !present(t));
	if (missing.length === 0) return true;
	const pkgs = missing.flatMap((t) => t.pkgs);
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
	process.exit(
		ensureSystemTools(process.argv.slice(2).length ? process.argv.slice(2) : undefined) ? 0 : 1,
	);
}
