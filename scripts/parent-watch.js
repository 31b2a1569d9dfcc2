/**
 * Preloaded into the server that `npm start` runs (`node --import scripts/parent-watch.js`): when
 * the process that started it goes away (its IPC channel closes, whatever the signal or crash
 * that ended it), the server stops as on Ctrl+C, so no server is left listening without its
 * parent.
 */
if (process.channel) {
	// The channel alone must not keep the server alive, nor its end go unnoticed.
	process.channel.unref();
	process.once('disconnect', () => {
		console.log('The process that started this server ended; stopping.');
		process.kill(process.pid, 'SIGTERM');
		// Still here long after (a stop that hangs): leave anyway.
		setTimeout(() => process.exit(1), 30_000).unref();
	});
}
