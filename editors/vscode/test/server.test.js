// Speaks to the real `zoggo lsp` with the JSON-RPC library the extension's client uses
// (vscode-jsonrpc, under vscode-languageclient), as VS Code would: initialize, open a
// rules file with a typo, get the diagnostic and its quick fix, format.
// ZOGGO names the program (make vsix builds bin/zoggo and sets it); without it the
// test is skipped, unless CI=true.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const rpc = require('vscode-jsonrpc/node');

const zoggo = process.env.ZOGGO;
const missing = !zoggo || !fs.existsSync(zoggo);
if (missing && process.env.CI === 'true') {
  throw new Error('ZOGGO does not name the zoggo program');
}

test('zoggo lsp answers the client library', { skip: missing && 'set ZOGGO to the zoggo program to run this', timeout: 120000 }, async () => {
  const proc = spawn(zoggo, ['lsp', '--debounce', '10'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createMessageConnection(new rpc.StreamMessageReader(proc.stdout), new rpc.StreamMessageWriter(proc.stdin));
  const diagnostics = new Promise((resolve) => {
    conn.onNotification('textDocument/publishDiagnostics', (p) => resolve(p));
  });
  conn.listen();
  try {
    const init = await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    assert.strictEqual(init.serverInfo.name, 'zoggo');
    assert.strictEqual(init.capabilities.documentFormattingProvider, true);
    conn.sendNotification('initialized', {});
    const file = path.resolve(__dirname, '..', '..', '..', 'games', 'taacoca.zrf');
    const uri = 'file://' + file;
    const text = fs.readFileSync(file, 'utf8').replace('(duo ne)', '(duo nee)');
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'zrf', version: 1, text } });
    const p = await diagnostics;
    assert.strictEqual(p.uri, uri);
    assert.strictEqual(p.diagnostics.length >= 1, true);
    const d = p.diagnostics[0];
    assert.match(d.message, /found "nee" \(did you mean "ne"\?\)/);
    const line = text.split('\n').findIndex((l) => l.includes('(duo nee)'));
    assert.strictEqual(d.range.start.line, line);
    const actions = await conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range: d.range, context: { diagnostics: [d] },
    });
    assert.strictEqual(actions[0].edit.changes[uri][0].newText, 'ne');
    const edits = await conn.sendRequest('textDocument/formatting', {
      textDocument: { uri }, options: { tabSize: 3, insertSpaces: true },
    });
    assert.ok(Array.isArray(edits));
    await conn.sendRequest('shutdown');
    conn.sendNotification('exit');
    const code = await new Promise((resolve) => proc.on('exit', resolve));
    assert.strictEqual(code, 0);
  } finally {
    conn.dispose();
    proc.kill();
  }
});
