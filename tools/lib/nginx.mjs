// Debian's nginx as a load balancer in front of several API instances, run by a test as a process
// of its own: its configuration, pid file, logs and temp folders in a temp dir (-p prefix, -c, -e),
// nothing read from /etc/nginx, on an unprivileged port, in the foreground (daemon off).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './build.mjs';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PROXY_CONFIG = join(ROOT, 'deploy/nginx/store-proxy.conf');

/**
 * The balancer's configuration: round robin over `upstreams` with keep-alive connections, passing
 * requests as deploy/nginx/store-proxy.conf says (the same file docker-compose's balancer uses), and
 * naming the instance that answered in X-Upstream for the tests.
 */
export function nginxConfig({ dir, port, upstreams, maxBodySize = '25m' }) {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status $request_time';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size ${maxBodySize};
  server_tokens off;

  upstream store {
    # A stopped instance (connection refused) is left out for 2 s, then tried again.
${upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      include ${PROXY_CONFIG};
      # Which instance answered (both, comma-separated, when the first could not be reached).
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

const portOpen = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** Starts nginx in front of `upstreams` (host:port) on `port`; resolves once it accepts connections. */
export async function startNginx({ port, upstreams, nginxPath = NGINX_PATH }) {
  if (!existsSync(nginxPath)) throw new Error(`nginx is missing at ${nginxPath}: apt-get install -y nginx, or set NGINX_PATH`);
  const dir = mkdtempSync(join(tmpdir(), 'store-nginx-'));
  // As root nginx's workers run as nobody, who must reach the temp folders nginx makes inside.
  if (userInfo().uid === 0) chmodSync(dir, 0o755);
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ dir, port, upstreams }));
  const child = spawn(nginxPath, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let waited = 0; !(await portOpen(port)); waited += 50) {
    if (child.exitCode !== null || waited > 10_000) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${stderr}${log}`.trim());
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    dir,
    /** nginx's access log: one line per request with the instance that answered it. */
    accessLog: () => readFileSync(join(dir, 'access.log'), 'utf8'),
    async stop() {
      // SIGQUIT: a graceful stop (answers in progress are finished).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(resolve, 5_000, false))]);
      if (!stopped) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
