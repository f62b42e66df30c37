import { expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { listenFailure, readyLine } from './start-up.ts';

const anyAddress = { address: '0.0.0.0', family: 'IPv4', port: 3000 };

it.each([
  ['postgres://inkwell:s3cret@db.example:5432/inkwell', 'PostgreSQL at db.example:5432/inkwell'],
  ['postgresql://inkwell:s3cret@db.example/blog?sslmode=require', 'PostgreSQL at db.example:5432/blog'],
])('names PostgreSQL by host, port and database, never the password (%s)', (url, where) => {
  const line = readyLine(loadConfig({ DATABASE_URL: url }), 'postgres', anyAddress);
  expect(line).toBe(`Inkwell is ready at http://localhost:3000 (${where})`);
  expect(line).not.toContain('s3cret');
});

it('counts the read replicas, naming none of them', () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://inkwell:s3cret@db-1:5432/inkwell',
    DATABASE_REPLICA_URLS: 'postgres://inkwell:s3cret@db-2:5432/inkwell,postgres://inkwell:s3cret@db-3:5432/inkwell',
  });
  expect(readyLine(config, 'postgres', anyAddress)).toBe(
    'Inkwell is ready at http://localhost:3000 (PostgreSQL at db-1:5432/inkwell, reads also from 2 replicas)',
  );
});

it('names the address it listens on when it is not every interface', () => {
  const config = loadConfig({ DATA_DIR: '/srv/inkwell' });
  expect(readyLine(config, 'pglite', { address: '::1', family: 'IPv6', port: 8080 })).toBe(
    'Inkwell is ready at http://[::1]:8080 (embedded database (PGlite) in /srv/inkwell)',
  );
});

it('names the embedded PostgreSQL when it runs', () => {
  const config = loadConfig({ DATA_DIR: '/srv/inkwell' });
  expect(readyLine(config, 'embedded-postgres', anyAddress)).toBe(
    'Inkwell is ready at http://localhost:3000 (embedded PostgreSQL in /srv/inkwell)',
  );
});

it('says what to do when the port is taken, and the reason otherwise', () => {
  const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:3000'), {
    code: 'EADDRINUSE',
  });
  expect(listenFailure(inUse, 3000)).toBe(
    'Port 3000 is in use. Stop the other server or choose another with PORT=3001.',
  );
  const denied = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES' });
  expect(listenFailure(denied, 80)).toBe(
    'inkwell: cannot listen on port 80: listen EACCES: permission denied 0.0.0.0:80',
  );
});
