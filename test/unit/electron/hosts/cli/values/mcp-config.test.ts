import { describe, expect, it } from 'vitest';
import { mcpConfig, mcpConfigAdvice, mcpLaunch } from '../../../../../../electron/hosts/cli/values/mcp-config';

const launch = mcpLaunch('/home/ana/my shop/node_modules/hooklab', '/usr/local/bin/node', '/home/ana/hooklab data');

describe('mcpConfig: the installed bin by path, never a registry lookup', () => {
  it('claude: one command line, paths quoted for the shell', () => {
    expect(mcpConfig('claude', launch)).toBe(
      "claude mcp add hooklab -- /usr/local/bin/node '/home/ana/my shop/node_modules/hooklab/dist/package/cli/hooklab.js' mcp --data-dir '/home/ana/hooklab data'\n",
    );
  });

  it('cursor and vscode: their JSON files', () => {
    const args = ['/home/ana/my shop/node_modules/hooklab/dist/package/cli/hooklab.js', 'mcp', '--data-dir', '/home/ana/hooklab data'];
    expect(JSON.parse(mcpConfig('cursor', launch))).toEqual({ mcpServers: { hooklab: { command: '/usr/local/bin/node', args } } });
    expect(JSON.parse(mcpConfig('vscode', launch))).toEqual({ servers: { hooklab: { type: 'stdio', command: '/usr/local/bin/node', args } } });
  });

  it('says how to give the key from the environment or a prompt, never to write it in the (committed) file', () => {
    expect(mcpConfigAdvice('cursor')).toContain('"env": { "HOOKLAB_WEBHOOK_KEY": "${env:HOOKLAB_WEBHOOK_KEY}" }');
    expect(mcpConfigAdvice('vscode')).toContain('"HOOKLAB_WEBHOOK_KEY": "${input:hooklab-webhook-key}"');
    expect(mcpConfigAdvice('vscode')).toContain('"password": true');
    expect(mcpConfigAdvice('claude')).toContain("-e 'HOOKLAB_WEBHOOK_KEY=${HOOKLAB_WEBHOOK_KEY}'");
    for (const client of ['claude', 'cursor', 'vscode'] as const) {
      expect(mcpConfigAdvice(client)).toMatch(/It holds no key, and should not: it is usually committed/);
      expect(mcpConfigAdvice(client)).not.toMatch(/add HOOKLAB_WEBHOOK_KEY to the server's env/);
    }
  });

  it('no data folder given: none named', () => {
    expect(mcpLaunch('/p', '/n', null).args).toEqual(['mcp']);
  });
});
