// PGlite (Postgres compiled to WASM) served over the Postgres wire protocol, in its own process so
// that query work never blocks the gateway. Usage: node pglite-server.mjs <port> [dataDir] [--load=<tar>]
// Without dataDir the database lives in memory (tests). With --load, an empty database starts as the
// data folder in that tarball (a snapshot from db-cache.ts) instead of running initdb. Prints
// "ready <port>" once it accepts connections. Started with an IPC channel, it answers
// { type: 'snapshot', path } by writing its data folder there as a tarball.
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

const args = process.argv.slice(2);
const [port, dataDir] = args.filter((arg) => !arg.startsWith('--'));
const load = args.find((arg) => arg.startsWith('--load='))?.slice('--load='.length);

// The extensions PGlite ships that hosted Supabase also offers. Registering one only makes it
// available: its code is loaded when a migration runs `create extension` (hosted: `with schema extensions`).
const EXTENSIONS = [
  'amcheck',
  'bloom',
  'btree_gin',
  'btree_gist',
  'citext',
  'cube',
  'dict_int',
  'dict_xsyn',
  'earthdistance',
  'fuzzystrmatch',
  'hstore',
  'intarray',
  'isn',
  'lo',
  'ltree',
  'moddatetime',
  'pg_trgm',
  'pgcrypto',
  'seg',
  'tablefunc',
  'tcn',
  'tsm_system_rows',
  'tsm_system_time',
  'unaccent',
  'uuid_ossp',
];
const extensions = Object.fromEntries(
  await Promise.all(
    EXTENSIONS.map(async (name) => [name, (await import(`@electric-sql/pglite/contrib/${name}`))[name]]),
  ),
);

// Messages of the extended query protocol that belong to one sequence ended by Sync ('S').
const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H', 'F'].map((letter) => letter.charCodeAt(0)));

const PROTOCOL_3 = 196608;
const SUPERUSER = 'postgres';

/** The `user` a client logs in as, from its StartupMessage; undefined for any other message. */
function startupUser(message) {
  if (message.length < 8) return undefined;
  const view = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  if (view.readInt32BE(0) !== message.length || view.readInt32BE(4) !== PROTOCOL_3) return undefined;
  const fields = view.subarray(8).toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'user') return fields[i + 1] || SUPERUSER;
  return SUPERUSER;
}

/** A FATAL ErrorResponse, as Postgres ends a refused login. */
function fatal(code, message) {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(fields.length + 4, 1);
  return new Uint8Array(Buffer.concat([header, fields]));
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * PGlite is one session shared by every connection, so a connection must keep it from its first
 * extended-protocol message to its Sync, and for as long as its transaction is open. Without the
 * first rule, two clients' unnamed prepared statements overwrite each other under load
 * ("unnamed prepared statement does not exist"); pglite-socket's own queue only has the second.
 *
 * PGlite also logs everyone in as postgres. Each connection here runs as the role it logged in as
 * (the session is switched with SET SESSION AUTHORIZATION when another connection takes it), so
 * PostgREST is `authenticator`, not a superuser, and finds that role's `pgrst.*` settings.
 * Passwords are not checked: like `supabase start`'s database, this one is for this machine only.
 */
class SessionQueue {
  constructor(db) {
    this.db = db;
    this.queue = [];
    this.processing = false;
    this.owner = null;
    this.users = new Map();
    this.sessionUser = SUPERUSER;
  }

  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength() {
    return this.queue.length;
  }

  async process() {
    if (this.processing) return;
    this.processing = true;
    while (this.queue.length > 0) {
      const index = this.owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.owner);
      if (index === -1) break; // the owner's next message has not arrived yet
      const [item] = this.queue.splice(index, 1);
      let bytes = 0;
      try {
        const login = startupUser(item.message);
        if (login !== undefined) {
          const refusal = await this.refusal(login);
          if (refusal) {
            item.onData(refusal);
            item.resolve(refusal.length);
            continue;
          }
          this.users.set(item.handlerId, login);
        } else if (this.owner === null) {
          await this.become(this.users.get(item.handlerId) ?? SUPERUSER);
        }
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(item.message, {
            onRawData: (data) => {
              bytes += data.length;
              item.onData(data);
            },
          }),
        );
      } catch (error) {
        this.owner = null;
        item.reject(error);
        continue;
      }
      this.owner = EXTENDED.has(item.message[0]) || this.db.isInTransaction() ? item.handlerId : null;
      item.resolve(bytes);
    }
    this.processing = false;
  }

  /** Why Postgres would refuse this login, as the ErrorResponse to send; null when it may log in. */
  async refusal(user) {
    const { rows } = await this.db.query('select rolcanlogin from pg_roles where rolname = $1', [user]);
    if (rows.length === 0) return fatal('28000', `role "${user}" does not exist`);
    if (!rows[0].rolcanlogin) return fatal('28000', `role "${user}" is not permitted to log in`);
    return null;
  }

  async become(user) {
    if (user === this.sessionUser) return;
    await this.db.exec(`set session authorization ${quoteIdent(user)}`);
    this.sessionUser = user;
  }

  clearQueueForHandler(handlerId) {
    this.users.delete(handlerId);
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId) {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    await this.process();
  }
}

// PGlite starts Postgres with 128 MB of shared buffers, over three times the seeded database, and
// keeps every page of it Postgres touches. With 32 MB, reading every table takes as long and the
// process holds about 110 MB less.
const SHARED_BUFFERS = '32MB';

const db = await PGlite.create({
  dataDir: dataDir || undefined,
  extensions,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  ...(load ? { loadDataDir: new Blob([await readFile(load)]) } : {}),
});
const queue = new SessionQueue(db);
const handlers = new Set();
const server = createServer((socket) => {
  const handler = new PGLiteSocketHandler({ queryQueue: queue, closeOnDetach: true });
  handlers.add(handler);
  handler.addEventListener('close', () => handlers.delete(handler));
  handler.addEventListener('error', () => handlers.delete(handler));
  void handler.attach(socket);
});
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(Number(port), '127.0.0.1', resolve);
});
console.log(`ready ${port}`);

process.on('message', async (message) => {
  if (message?.type !== 'snapshot') return;
  try {
    // every page on disk first, so the tarball needs no recovery when it is loaded
    await db.exec('checkpoint');
    const tarball = await db.dumpDataDir('none');
    await writeFile(message.path, Buffer.from(await tarball.arrayBuffer()));
    process.send({ type: 'snapshot', path: message.path });
  } catch (error) {
    process.send({ type: 'snapshot', path: message.path, error: String(error) });
  }
});

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  for (const handler of handlers) await handler.detach(true);
  await new Promise((resolve) => server.close(resolve));
  await db.close();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// Never outlive the platform that started us, even if it was killed without a chance to stop us.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown();
}, 1000).unref();
