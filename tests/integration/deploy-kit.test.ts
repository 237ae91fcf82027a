/**
 * deploy/: each file is checked by its own tool (systemd-analyze verify, caddy validate,
 * nginx -t; .ci/run installs Debian's nginx-light and caddy), and for what the server needs of it:
 * a non-root account, its state folder, restarts, WebSocket upgrades, the proxy the server trusts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const deploy = join(import.meta.dirname, '..', '..', 'deploy');
const unit = readFileSync(join(deploy, 'saffron-lotus.service'), 'utf8');
const caddyfile = readFileSync(join(deploy, 'Caddyfile'), 'utf8');
const nginxSite = readFileSync(join(deploy, 'nginx-saffron-lotus.conf'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'saffron-deploy-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The tool's path; .ci/run installs the Debian packages that hold them. */
function tool(name: string, debianPackage: string): string {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin'])) {
    const path = join(dir, name);
    if (spawnSync('test', ['-x', path]).status === 0) return path;
  }
  throw new Error(`${name} is not installed: apt-get install ${debianPackage} (.ci/run does)`);
}

describe('the systemd unit', () => {
  it('runs as its own account with a private state folder, restarts on failure, and is hardened', () => {
    expect(unit).toMatch(/^User=saffron-lotus$/m);
    expect(unit).not.toMatch(/^User=root$/m);
    expect(unit).toMatch(/^StateDirectory=saffron-lotus\b/m);
    expect(unit).toMatch(/^StateDirectoryMode=0700$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^Environment=HOST=127\.0\.0\.1 PORT=8080 TRUST_PROXY=127\.0\.0\.1,::1$/m);
    for (const option of ['NoNewPrivileges=yes', 'ProtectSystem=strict', 'ProtectHome=yes', 'PrivateTmp=yes']) {
      expect(unit).toContain(option);
    }
    // Longer than the server's default grace (10 s), so systemd does not kill it mid-drain.
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1])).toBeGreaterThan(10);
  });

  it('passes systemd-analyze verify without a warning', () => {
    const analyze = tool('systemd-analyze', 'systemd');
    // verify checks that ExecStart's program exists: point it at this Node.
    const path = join(work, 'saffron-lotus.service');
    writeFileSync(path, unit.replace('/usr/bin/node', process.execPath));
    const result = spawnSync(analyze, ['verify', path], { encoding: 'utf8' });
    expect(result.stderr + result.stdout).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('the Caddyfile', () => {
  it('proxies to the loopback port the unit listens on and keeps /metrics off the site', () => {
    expect(caddyfile).toMatch(/reverse_proxy 127\.0\.0\.1:8080/);
    expect(caddyfile).toMatch(/respond @metrics 404/);
  });

  it('passes caddy validate', () => {
    const caddy = tool('caddy', 'caddy');
    const output = execFileSync(caddy, ['validate', '--config', join(deploy, 'Caddyfile'), '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
    });
    expect(output).toContain('Valid configuration');
  });
});

describe('the nginx site', () => {
  it('upgrades WebSockets for realtime and sets the forwarded address the server trusts', () => {
    expect(nginxSite).toMatch(/location \/realtime\/v1\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade;/s);
    expect(nginxSite).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginxSite).toMatch(/location = \/metrics \{ return 404; \}/);
  });

  it('passes nginx -t', () => {
    const nginx = tool('nginx', 'nginx-light');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=booking.example.com',
        '-keyout',
        join(work, 'key.pem'),
        '-out',
        join(work, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    writeFileSync(
      join(work, 'site.conf'),
      nginxSite
        .replace('/etc/letsencrypt/live/booking.example.com/fullchain.pem', join(work, 'cert.pem'))
        .replace('/etc/letsencrypt/live/booking.example.com/privkey.pem', join(work, 'key.pem')),
    );
    writeFileSync(
      join(work, 'nginx.conf'),
      `pid ${work}/nginx.pid;\nerror_log ${work}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${work}/site.conf;\n}\n`,
    );
    const result = spawnSync(nginx, ['-t', '-c', join(work, 'nginx.conf'), '-p', work], { encoding: 'utf8' });
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);
  });
});
