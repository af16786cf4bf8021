// PGlite (Postgres compiled to WASM) served over the Postgres wire protocol, in its own process so
// that query work never blocks the gateway. Usage: node pglite-server.mjs <port> [dataDir]
// Without dataDir the database lives in memory (tests). Prints "ready <port>" once it accepts connections.
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const [port, dataDir] = process.argv.slice(2);
const db = await PGlite.create({ dataDir: dataDir || undefined, extensions: { pgcrypto } });
const server = new PGLiteSocketServer({ db, port: Number(port), host: '127.0.0.1', maxConnections: 100 });
await server.start();
console.log(`ready ${port}`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await server.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
