import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// docker-compose's balancer configuration, checked by nginx itself (`nginx -t`) where Debian's nginx
// is installed (npm test installs it): the compose service name stands in as 127.0.0.1, and the
// shared proxy settings are included from the repository, as the container mounts them.

const NGINX = process.env['NGINX_PATH'] ?? '/usr/sbin/nginx';
const DEPLOY = join(__dirname, '..', 'nginx');

function check(composeConf: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-check-'));
  const site = composeConf.replace('server store:3000', 'server 127.0.0.1:3000').replace('/etc/nginx/store-proxy.conf', join(DEPLOY, 'store-proxy.conf'));
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nevents {}\nhttp {\n  include ${dir}/site.conf;\n}\n`);
  const result = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

(existsSync(NGINX) ? describe : describe.skip)('the balancer configuration (nginx -t)', () => {
  const composeConf = readFileSync(join(DEPLOY, 'compose.conf'), 'utf8');

  it('is accepted by nginx, with the shared proxy settings', () => {
    const result = check(composeConf);
    expect(result.output).toContain('syntax is ok');
    expect(result.ok).toBe(true);
  });

  it('would be refused with a directive nginx does not know', () => {
    const result = check(composeConf.replace('keepalive 16;', 'keepalive 16;\n  stickiness on;'));
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/unknown directive "stickiness"/);
  });
});
